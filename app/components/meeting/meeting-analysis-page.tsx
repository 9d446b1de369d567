import { Link, useSearchParams } from "react-router";
import { PipelineAutoRefresh, PipelineStatusNotice } from "~/components/pipeline/pipeline-status";
import { storyHref } from "~/lib/meetings/links";
import { parseStartSeconds } from "~/lib/meetings/video";
import type { MeetingView } from "~/lib/meetings/view";
import { AnalysisAdminTools } from "./admin-tools";
import { ProvenanceNote, QuoteMomentsProvider } from "./checked-text";
import { isPending, MeetingByline, MeetingFrame, type MeetingPageProps } from "./meeting-frame";
import { AnalysisSections } from "./meeting-sections";
import { DecisionsSection } from "./decisions-section";
import { OfficialAgendaSection } from "./official-agenda-section";
import type { AgendaView } from "~/lib/legistar/agenda";
import type { OfficialDecisionView } from "~/lib/legistar/pairing";
import { Section } from "./section";
import { VideoEmbed } from "./video-embed";

function StoryLinkCard({ meeting, cityKey }: { meeting: MeetingView; cityKey: string | null }) {
  return (
    <section aria-labelledby="story-link" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="story-link" className="text-lg font-semibold">
        News story
      </h2>
      {meeting.story.kind === "none" ? (
        <p className="mt-2 text-sm text-slate-600">No story has been written for this meeting yet.</p>
      ) : (
        <Link
          to={storyHref(meeting.id, cityKey)}
          className="mt-3 inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Read the story
        </Link>
      )}
    </section>
  );
}

/** The meeting analysis page (docs/product.md#routes-public), with or without the city in the path. */
export function MeetingAnalysisPage({
  meeting,
  cityTheme,
  isAdmin,
  pipeline,
  cityInPath,
  officialAgenda,
  officialDecisions,
}: MeetingPageProps & {
  officialAgenda?: AgendaView | null;
  officialDecisions?: (OfficialDecisionView | null)[];
}) {
  const [searchParams] = useSearchParams();
  const startSeconds = parseStartSeconds(searchParams.get("t"));
  const cityKey = cityInPath ? meeting.city.locationKey : null;
  return (
    <MeetingFrame meeting={meeting} cityTheme={cityTheme} cityInPath={cityInPath}>
      <PipelineAutoRefresh status={pipeline} />
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Meeting analysis</p>
      <h1 className="mt-1 text-3xl font-bold">{meeting.title}</h1>
      <MeetingByline meeting={meeting} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <div id="video" className="scroll-mt-4">
            <VideoEmbed
              youTubeId={meeting.youTubeId}
              videoUrl={meeting.videoUrl}
              title={meeting.title}
              startSeconds={startSeconds}
            />
          </div>
          {meeting.transcriptNotice && <p className="text-sm text-slate-600">{meeting.transcriptNotice}</p>}
          {pipeline ? <PipelineStatusNotice status={pipeline} step="analysis" /> : null}
          <DecisionsSection decisions={meeting.decisions} official={officialDecisions} />
          <OfficialAgendaSection agenda={officialAgenda} cityKey={meeting.city.locationKey} />
          {meeting.analysis.kind === "none" && isPending(pipeline?.analysis) ? null : (
            <QuoteMomentsProvider
              value={{
                moments: meeting.analysisProvenance?.moments ?? [],
                momentHref: (seconds) => `?t=${seconds}#video`,
              }}
            >
              <AnalysisSections
                analysis={meeting.analysis}
                canAnalyze={meeting.canAnalyze}
                meeting={{ id: meeting.id, cityKey: meeting.city.locationKey }}
              />
            </QuoteMomentsProvider>
          )}
          <ProvenanceNote provenance={meeting.analysisProvenance} label="How this analysis was made" />
        </div>
        <aside className="space-y-4" aria-label="About this meeting">
          <StoryLinkCard meeting={meeting} cityKey={cityKey} />
          {meeting.description ? (
            <Section title="Description" id="description">
              <p className="whitespace-pre-line text-sm text-slate-700">{meeting.description}</p>
            </Section>
          ) : null}
          {isAdmin ? <AnalysisAdminTools meetingId={meeting.id} /> : null}
        </aside>
      </div>
    </MeetingFrame>
  );
}
