import type { ReactNode } from "react";
import { Link } from "react-router";
import { PipelineAutoRefresh, PipelineStatusNotice } from "~/components/pipeline/pipeline-status";
import type { NewsStory } from "~/lib/ai/schemas";
import { formatStatedDate } from "~/lib/format/date";
import { meetingHref } from "~/lib/meetings/links";
import { paragraphsOf } from "~/lib/meetings/text";
import type { DecisionView } from "~/lib/meetings/view";
import { StoryAdminTools } from "./admin-tools";
import { AddToDraft } from "~/components/desk/add-to-draft";
import { CopyMomentLink } from "./copy-moment-link";
import { CheckedText, ProvenanceNote, QuoteMomentsProvider, useQuoteSeconds } from "./checked-text";
import { FlagMistakeLink } from "./flag-mistake";
import { JsonLd } from "./json-ld";
import { isPending, MeetingByline, MeetingFrame, type MeetingPageProps } from "./meeting-frame";
import { Section } from "./section";

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
      <FlagMistakeLink text={story.article.headline} what="this story" />
    </article>
  );
}

function StorySidebar({
  story,
  decisions,
  meetingId,
  cityKey,
}: {
  story: NewsStory;
  /** The meeting's decisions (its rows), listed first among the quick facts. */
  decisions: DecisionView[];
  meetingId: string;
  cityKey: string;
}) {
  const { quote_block: quote, quick_facts: facts, background } = story.sidebar_elements;
  const quoteSeconds = useQuoteSeconds(quote.quote ?? "");
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
            {/* A div: it holds "Add to draft", a form, which phrasing content (a span) may not. */}
            <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <CopyMomentLink meetingId={meetingId} cityKey={cityKey} seconds={quoteSeconds} />
              {quoteSeconds !== null ? (
                <AddToDraft meetingId={meetingId} source="story" highlight={0} quote={0} text={quote.quote.trim()} />
              ) : null}
              <FlagMistakeLink text={quote.quote} seconds={quoteSeconds} what="this quote" />
            </div>
          </figcaption>
        </figure>
      ) : null}
      {facts.length > 0 || decisions.length > 0 ? (
        <Section title="Quick Facts" id="quick-facts">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {decisions.map((decision, index) => (
              <li key={`decision-${index}`} data-decision-fact>
                {decision.line}
              </li>
            ))}
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

function MetadataItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-800">{term}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

function MetadataList({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (items.length === 0) return empty;
  return (
    <ul className="list-disc pl-5">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function StoryMetadata({ story }: { story: NewsStory }) {
  const { metadata } = story;
  return (
    <Section title="About this story" id="story-metadata">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <MetadataItem term="Follow-up needed">{metadata.follow_up_needed ? "Yes" : "No"}</MetadataItem>
        <MetadataItem term="Next meeting">
          {metadata.next_meeting_date ? (
            <CheckedText text={formatStatedDate(metadata.next_meeting_date)} />
          ) : (
            "Not announced"
          )}
        </MetadataItem>
        <MetadataItem term="Sources used">
          <MetadataList items={metadata.sources_used} empty="None listed" />
        </MetadataItem>
        <MetadataItem term="Uncertainty notes">
          <MetadataList
            items={metadata.uncertainty_notes.map((note) => (
              <CheckedText text={note} />
            ))}
            empty="None"
          />
        </MetadataItem>
      </dl>
    </Section>
  );
}

/** The meeting story page (docs/product.md#routes-public), with or without the city in the path. */
export function MeetingStoryPage({
  meeting,
  cityTheme,
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
    <MeetingFrame meeting={meeting} cityTheme={cityTheme} cityInPath={cityInPath}>
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
                {story.kind === "plain" ? (
                  <p>
                    <FlagMistakeLink text={story.text.slice(0, 300)} what="this story" />
                  </p>
                ) : null}
                {provenance}
                <p>{analysisLink}</p>
              </>
            )}
          </div>
          <aside className="space-y-4" aria-label="Story details">
            {story.kind === "structured" ? (
              <StorySidebar
                story={story.story}
                decisions={meeting.decisions}
                meetingId={meeting.id}
                cityKey={meeting.city.locationKey}
              />
            ) : null}
            {isAdmin ? <StoryAdminTools meetingId={meeting.id} /> : null}
          </aside>
        </div>
      </QuoteMomentsProvider>
    </MeetingFrame>
  );
}
