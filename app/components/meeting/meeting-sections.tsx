import { Link } from "react-router";
import type { AnalysisView, HighlightView } from "~/lib/meetings/view";
import { AddToDraft } from "~/components/desk/add-to-draft";
import { CheckedText, useQuoteSeconds } from "./checked-text";
import { CopyMomentLink } from "./copy-moment-link";
import { FlagMistakeLink } from "./flag-mistake";
import { Section } from "./section";

/** A highlight's time as a shareable link that starts the video there. */
function MomentLink({ highlight }: { highlight: HighlightView }) {
  if (highlight.timestamp === null) return null;
  if (highlight.seconds === null)
    return <span className="font-mono text-sm text-slate-500">{highlight.timestamp}</span>;
  return (
    <Link
      to={`?t=${highlight.seconds}#video`}
      preventScrollReset
      className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-sm font-semibold text-brand-700 hover:bg-brand-100"
      aria-label={`Play from ${highlight.timestamp}`}
    >
      {highlight.timestamp}
    </Link>
  );
}

/** Which meeting the sections belong to, for links to its moments and "Add to draft". */
export type MeetingRef = { id: string; cityKey: string };

/**
 * A highlight quote with its links. "Add to draft" is offered for quotes
 * the verification report places at a moment (a draft cites the second).
 */
function HighlightQuote({
  meeting,
  quote,
  highlightIndex,
  quoteIndex,
  highlightSeconds,
}: {
  meeting: MeetingRef;
  quote: HighlightView["quotes"][number];
  highlightIndex: number;
  quoteIndex: number;
  highlightSeconds: number | null;
}) {
  const verifiedSeconds = useQuoteSeconds(quote.text.trim());
  const seconds = verifiedSeconds ?? highlightSeconds;
  return (
    <li data-quote>
      <blockquote className="text-slate-700 italic">
        <CheckedText text={`“${quote.text}”`} />
      </blockquote>
      {/* A div, not a p: "Add to draft" is a form, and the HTML parser ends a paragraph before a form,
          so the page a signed-in reader got was not the one React renders (hydration error #418). */}
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-500">
        <span>— {quote.speaker}</span>
        <CopyMomentLink meetingId={meeting.id} cityKey={meeting.cityKey} seconds={seconds} />
        {verifiedSeconds !== null ? (
          <AddToDraft meetingId={meeting.id} highlight={highlightIndex} quote={quoteIndex} text={quote.text.trim()} />
        ) : null}
        <FlagMistakeLink text={quote.text} seconds={highlightSeconds} what="this quote" />
      </div>
    </li>
  );
}

function Highlights({ highlights, meeting }: { highlights: HighlightView[]; meeting: MeetingRef }) {
  if (highlights.length === 0) return <p className="text-slate-600">No highlights were found.</p>;
  return (
    <ol className="space-y-4">
      {highlights.map((highlight, index) => (
        <li key={index} className="border-l-4 border-brand-600 pl-4" data-highlight>
          <div className="flex flex-wrap items-baseline gap-2">
            <MomentLink highlight={highlight} />
            <p className="font-medium text-slate-900">
              <CheckedText text={highlight.pointOfInterest} />
            </p>
            <CopyMomentLink meetingId={meeting.id} cityKey={meeting.cityKey} seconds={highlight.seconds} />
            <FlagMistakeLink text={highlight.pointOfInterest} seconds={highlight.seconds} what="this highlight" />
          </div>
          {highlight.quotes.length > 0 ? (
            <ul className="mt-2 space-y-2">
              {highlight.quotes.map((quote, quoteIndex) => (
                <HighlightQuote
                  key={quoteIndex}
                  meeting={meeting}
                  quote={quote}
                  highlightIndex={index}
                  quoteIndex={quoteIndex}
                  highlightSeconds={highlight.seconds}
                />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function ActionItems({ items }: { items: Extract<AnalysisView, { kind: "structured" }>["actionItems"] }) {
  if (items.length === 0) return <p className="text-slate-600">No action items were recorded.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item, index) => (
        <li key={index} className="py-3">
          <p className="text-slate-900">
            <CheckedText text={item.description} />
          </p>
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt className="font-medium">Responsible:</dt>
              <dd>
                <CheckedText text={item.responsibleParty} />
              </dd>
            </div>
            <div className="flex gap-1">
              <dt className="font-medium">Due:</dt>
              <dd>{item.dueDate ? <CheckedText text={item.dueDate} /> : "No deadline given"}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Entities({ entities }: { entities: Extract<AnalysisView, { kind: "structured" }>["entities"] }) {
  if (entities.length === 0) return <p className="text-slate-600">No people, places or organizations were listed.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {entities.map((entity, index) => (
        <li key={index} className="rounded-lg border border-slate-200 p-3">
          <p className="font-semibold text-slate-900">
            <CheckedText text={entity.name} />{" "}
            <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
              {entity.type}
            </span>
          </p>
          {entity.context ? (
            <p className="mt-1 text-sm text-slate-600">
              <CheckedText text={entity.context} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * No analysis, and none on its way (a queued or running analysis shows
 * PipelineStatusNotice instead).
 */
export function AnalysisStatusSlot({ canAnalyze }: { canAnalyze: boolean }) {
  return (
    <div role="status" className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="text-lg font-semibold">No analysis available</p>
      <p className="mt-1 text-sm text-slate-600">
        {canAnalyze
          ? "This meeting has not been analyzed yet."
          : "The transcript of this meeting is too short to analyze."}
      </p>
    </div>
  );
}

export function AnalysisSections({
  analysis,
  canAnalyze,
  meeting,
}: {
  analysis: AnalysisView;
  canAnalyze: boolean;
  meeting: MeetingRef;
}) {
  if (analysis.kind === "none") return <AnalysisStatusSlot canAnalyze={canAnalyze} />;
  if (analysis.kind === "plain") {
    return (
      <Section title="Summary" id="summary">
        <p className="whitespace-pre-wrap text-slate-800">
          <CheckedText text={analysis.text} />
        </p>
        <FlagMistakeLink text={analysis.text.slice(0, 300)} what="the summary" />
      </Section>
    );
  }
  return (
    <div className="space-y-6">
      <Section title="Summary" id="summary">
        <p className="whitespace-pre-line leading-relaxed text-slate-800">
          {analysis.summary ? <CheckedText text={analysis.summary} /> : "No summary was written."}
        </p>
        {analysis.summary ? <FlagMistakeLink text={analysis.summary.slice(0, 300)} what="the summary" /> : null}
      </Section>
      <Section title="Highlights" id="highlights">
        <Highlights highlights={analysis.highlights} meeting={meeting} />
      </Section>
      <Section title="Action Items" id="action-items">
        <ActionItems items={analysis.actionItems} />
      </Section>
      <Section title="Entities" id="entities">
        <Entities entities={analysis.entities} />
      </Section>
    </div>
  );
}
