import { Suspense } from "react";
import { Link } from "react-router";
import { lazyInBrowser } from "~/components/lazy-in-browser";
import { meetingHref, storyHref } from "~/lib/meetings/links";
import { INSUFFICIENT_TRANSCRIPT_BADGE, transcriptRules } from "~/lib/meetings/rules";
import type { VideoCardData } from "~/lib/meetings/meetings.server";
import type { CityColors } from "./city-colors";
import { VideoThumbnail } from "./video-thumbnail";

const ACTION = "inline-flex items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold";
const ACTIVE = `${ACTION} bg-brand-600 text-white hover:bg-brand-700`;
const ACTIVE_SECONDARY = `${ACTION} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;
const DISABLED = `${ACTION} cursor-not-allowed border border-slate-200 bg-slate-100 text-slate-500`;

const server = import.meta.env.SSR ? await import("./fetch-transcript-button") : null;
const FetchTranscriptButton = lazyInBrowser(server?.FetchTranscriptButton, () =>
  import("./fetch-transcript-button").then((module) => module.FetchTranscriptButton),
);

export function VideoCard({
  video,
  cityKey,
  colors,
  isAdmin,
}: {
  video: VideoCardData;
  cityKey: string;
  colors: CityColors;
  isAdmin: boolean;
}) {
  const rules = transcriptRules(video.transcriptLength);
  const href = meetingHref(video.id, { cityKey });
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-video-id={video.id}
    >
      {/* The title is the link for keyboards and screen readers; the picture repeats it for pointers. */}
      <Link to={href} tabIndex={-1} aria-hidden className="block">
        <VideoThumbnail url={video.thumbnailUrl} colors={colors} title={video.title} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={href} className="hover:text-brand-700 hover:underline">
            {video.title}
          </Link>
        </h3>
        {video.publishedAt ? (
          <p className="text-sm text-slate-500">
            <time dateTime={video.publishedAt}>{video.publishedLabel}</time>
          </p>
        ) : null}
        {video.description ? <p className="line-clamp-4 text-sm text-slate-700">{video.description}</p> : null}
        {rules.insufficient ? (
          <p className="w-fit rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
            {INSUFFICIENT_TRANSCRIPT_BADGE}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {video.hasStory ? (
            <Link to={storyHref(video.id, cityKey)} className={ACTIVE}>
              View Story<span className="sr-only"> for {video.title}</span>
            </Link>
          ) : (
            <button type="button" disabled className={DISABLED} title="No story has been written for this meeting yet">
              View Story<span className="sr-only"> for {video.title}</span>
            </button>
          )}
          {rules.analysisEnabled ? (
            <Link to={href} className={ACTIVE_SECONDARY}>
              Analysis<span className="sr-only"> of {video.title}</span>
            </Link>
          ) : (
            <button type="button" disabled className={DISABLED} title="The transcript is too short to analyze">
              Analysis<span className="sr-only"> of {video.title}</span>
            </button>
          )}
          {isAdmin && rules.fetchTranscript ? (
            // Admins only: its code is loaded for them alone.
            <Suspense fallback={null}>
              <FetchTranscriptButton meetingId={video.id} className={ACTIVE_SECONDARY} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </article>
  );
}
