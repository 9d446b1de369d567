import { Link, useSearchParams } from "react-router";
import { CityHeader } from "~/components/city/city-header";
import { meetingHref, parseStartSeconds, storyHref } from "~/lib/meetings/links";
import type { MeetingView } from "~/lib/meetings/view";
import { paragraphsOf } from "~/lib/meetings/text";
import type { NewsStory } from "~/lib/ai/schemas";
import { ReanalyzeButton, StoryAdminButtons } from "./admin-buttons";
import { JsonLd } from "./json-ld";
import { PipelineAutoRefresh, PipelineStatusNotice } from "~/components/pipeline/pipeline-status";
import type { PublicPipelineStatus } from "~/lib/jobs/status-types";
import { AnalysisSections, Section } from "./meeting-sections";
import { VideoEmbed } from "./video-embed";
import { CheckedText, ProvenanceNote, QuoteMomentsProvider } from "./checked-text";
import { formatStatedDate } from "~/lib/format/date";

export type MeetingPageProps = {
  meeting: MeetingView;
  isAdmin: boolean;
  /** Where the analysis and the story are (queued, running, failed), for the self-refreshing states. */
  pipeline: PublicPipelineStatus | null;
  /** Under /city/{key}/…: the city layout draws the header and links keep the city. */
  cityInPath: boolean;
};

function MeetingFrame({
  meeting,
  cityInPath,
  children,
}: {
  meeting: MeetingView;
  cityInPath: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      {cityInPath ? null : <CityHeader city={meeting.city} variant="compact" />}
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
        {children}
      </main>
    </>
  );
}

function MeetingByline({ meeting }: { meeting: MeetingView }) {
  return (
    <p className="mt-1 text-slate-600">
      {meeting.city.name}, {meeting.city.state}
      {meeting.publishedAt ? (
        <>
          {" · "}
          <time dateTime={meeting.publishedAt}>{meeting.publishedLabel}</time>
        </>
      ) : null}
    </p>
  );
}

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
export function MeetingAnalysisPage({ meeting, isAdmin, pipeline, cityInPath }: MeetingPageProps) {
  const [searchParams] = useSearchParams();
  const startSeconds = parseStartSeconds(searchParams.get("t"));
  const cityKey = cityInPath ? meeting.city.locationKey : null;
  return (
    <MeetingFrame meeting={meeting} cityInPath={cityInPath}>
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
          {pipeline ? <PipelineStatusNotice status={pipeline} step="analysis" /> : null}
          {meeting.analysis.kind === "none" && isPending(pipeline?.analysis) ? null : (
            <QuoteMomentsProvider
              value={{
                moments: meeting.analysisProvenance?.moments ?? [],
                momentHref: (seconds) => `?t=${seconds}#video`,
              }}
            >
              <AnalysisSections analysis={meeting.analysis} canAnalyze={meeting.canAnalyze} />
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
          {isAdmin ? <ReanalyzeButton meetingId={meeting.id} /> : null}
        </aside>
      </div>
    </MeetingFrame>
  );
}

/** A step that is waiting, running or failed: its notice stands in for the missing result. */
function isPending(state: string | undefined): boolean {
  return state === "queued" || state === "analyzing" || state === "generating" || state === "failed";
}

/** No story, and none on its way (a story is written once an analysis exists: docs/product.md#rules-meetings). */
export function StoryStatusSlot() {
  return (
    <div role="status" className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="text-lg font-semibold">No story available yet</p>
      <p className="mt-1 text-sm text-slate-600">A news story is written once the meeting has been analyzed.</p>
    </div>
  );
}

function StoryArticle({ story }: { story: NewsStory }) {
  return (
    <article>
      <h1 className="text-3xl font-bold leading-tight sm:text-4xl">
        <CheckedText text={story.article.headline} />
      </h1>
      {story.article.primary_focus ? (
        <p className="mt-2 text-lg text-slate-600">
          <CheckedText text={story.article.primary_focus} />
        </p>
      ) : null}
      <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-800">
        {paragraphsOf(story.article.body).map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            <CheckedText text={paragraph} />
          </p>
        ))}
      </div>
    </article>
  );
}

function StorySidebar({ story }: { story: NewsStory }) {
  const { quote_block: quote, quick_facts: facts, background } = story.sidebar_elements;
  return (
    <>
      {quote.quote ? (
        <figure className="rounded-xl border-l-4 border-brand-600 bg-white p-5 shadow-sm">
          <blockquote className="text-lg italic text-slate-800">
            <CheckedText text={`“${quote.quote}”`} />
          </blockquote>
          <figcaption className="mt-2 text-sm text-slate-600">
            {quote.attribution ? (
              <span className="font-semibold">
                — <CheckedText text={quote.attribution} />
              </span>
            ) : null}
            {quote.context ? (
              <span className="block">
                <CheckedText text={quote.context} />
              </span>
            ) : null}
          </figcaption>
        </figure>
      ) : null}
      {facts.length > 0 ? (
        <Section title="Quick Facts" id="quick-facts">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {facts.map((fact, index) => (
              <li key={index}>
                <CheckedText text={fact} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {background ? (
        <Section title="Background" id="background">
          <p className="whitespace-pre-line text-sm text-slate-700">
            <CheckedText text={background} />
          </p>
        </Section>
      ) : null}
    </>
  );
}

function StoryMetadata({ story }: { story: NewsStory }) {
  const { metadata } = story;
  return (
    <Section title="About this story" id="story-metadata">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-800">Follow-up needed</dt>
          <dd className="text-slate-700">{metadata.follow_up_needed ? "Yes" : "No"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Next meeting</dt>
          <dd className="text-slate-700">
            {metadata.next_meeting_date ? (
              <CheckedText text={formatStatedDate(metadata.next_meeting_date)} />
            ) : (
              "Not announced"
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Sources used</dt>
          <dd className="text-slate-700">
            {metadata.sources_used.length > 0 ? (
              <ul className="list-disc pl-5">
                {metadata.sources_used.map((source, index) => (
                  <li key={index}>{source}</li>
                ))}
              </ul>
            ) : (
              "None listed"
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-800">Uncertainty notes</dt>
          <dd className="text-slate-700">
            {metadata.uncertainty_notes.length > 0 ? (
              <ul className="list-disc pl-5">
                {metadata.uncertainty_notes.map((note, index) => (
                  <li key={index}>
                    <CheckedText text={note} />
                  </li>
                ))}
              </ul>
            ) : (
              "None"
            )}
          </dd>
        </div>
      </dl>
    </Section>
  );
}

/** The meeting story page (docs/product.md#routes-public), with or without the city in the path. */
export function MeetingStoryPage({
  meeting,
  isAdmin,
  pipeline,
  cityInPath,
  jsonLd,
}: MeetingPageProps & { jsonLd: unknown }) {
  const cityKey = cityInPath ? meeting.city.locationKey : null;
  const { story } = meeting;
  const analysisLink = (
    <Link to={meetingHref(meeting.id, { cityKey })} className="font-semibold text-brand-700 hover:underline">
      View the meeting analysis
    </Link>
  );
  const moments = {
    moments: meeting.storyProvenance?.moments ?? [],
    momentHref: (seconds: number) => `${meetingHref(meeting.id, { cityKey, seconds })}#video`,
  };
  const provenance = <ProvenanceNote provenance={meeting.storyProvenance} label="How this story was made" />;
  return (
    <MeetingFrame meeting={meeting} cityInPath={cityInPath}>
      <JsonLd data={jsonLd} />
      <QuoteMomentsProvider value={moments}>
        <PipelineAutoRefresh status={pipeline} />
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Meeting story</p>
        <div className="mt-1 grid gap-8 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            {pipeline ? <PipelineStatusNotice status={pipeline} step="story" /> : null}
            {story.kind === "structured" ? (
              <>
                <StoryArticle story={story.story} />
                <p className="text-slate-600">
                  From the {meeting.title}
                  {meeting.publishedLabel ? `, ${meeting.publishedLabel}` : ""}. {analysisLink}
                </p>
                {provenance}
                <StoryMetadata story={story.story} />
              </>
            ) : (
              <>
                <h1 className="text-3xl font-bold">{meeting.title}</h1>
                <MeetingByline meeting={meeting} />
                {story.kind === "plain" ? (
                  <div
                    className="whitespace-pre-wrap rounded-xl border border-slate-200 bg-white p-5 leading-relaxed text-slate-800"
                    data-story-plain-text
                  >
                    <CheckedText text={story.text} />
                  </div>
                ) : isPending(pipeline?.story) ? null : (
                  <StoryStatusSlot />
                )}
                {provenance}
                <p>{analysisLink}</p>
              </>
            )}
          </div>
          <aside className="space-y-4" aria-label="Story details">
            {story.kind === "structured" ? <StorySidebar story={story.story} /> : null}
            {isAdmin ? <StoryAdminButtons meetingId={meeting.id} /> : null}
          </aside>
        </div>
      </QuoteMomentsProvider>
    </MeetingFrame>
  );
}
