import { ShareControl } from "~/components/analytics/share-control";
import { Main } from "~/components/layout/main";
import { CityHeader } from "~/components/city/city-header";
import type { CityTheme } from "~/components/city/city-colors";
import type { PublicPipelineStatus } from "~/lib/jobs/status-types";
import type { MeetingView } from "~/lib/meetings/view";

/** What both meeting pages (analysis and story) are drawn from. */
export type MeetingPageProps = {
  meeting: MeetingView;
  /** The city header's colors, from the loader. */
  cityTheme: CityTheme;
  isAdmin: boolean;
  /** Where the analysis and the story are (queued, running, failed), for the self-refreshing states. */
  pipeline: PublicPipelineStatus | null;
  /** Under /city/{key}/…: the city layout draws the header and links keep the city. */
  cityInPath: boolean;
};

export function MeetingFrame({
  meeting,
  cityTheme,
  cityInPath,
  children,
}: {
  meeting: MeetingView;
  cityTheme: CityTheme;
  cityInPath: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      {cityInPath ? null : <CityHeader city={meeting.city} theme={cityTheme} variant="compact" />}
      <Main className="mx-auto w-full max-w-6xl px-4 py-8">{children}</Main>
    </>
  );
}

export function MeetingByline({ meeting }: { meeting: MeetingView }) {
  return (
    <p className="mt-1 text-slate-600">
      {meeting.city.name}, {meeting.city.state}
      {meeting.publishedAt ? (
        <>
          {" · "}
          <time dateTime={meeting.publishedAt}>{meeting.publishedLabel}</time>
        </>
      ) : null}
      {" · "}
      <ShareControl title={meeting.title} />
    </p>
  );
}

/** A step that is waiting, running or failed: its notice stands in for the missing result. */
export function isPending(state: string | undefined): boolean {
  return state === "queued" || state === "analyzing" || state === "generating" || state === "failed";
}
