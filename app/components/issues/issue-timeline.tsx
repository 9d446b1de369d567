/**
 * The issue timeline's pieces (the prototype's layout, on real data): body
 * chips toggled by links, the meetings newest first, and the AI summary.
 * Everything user-written is rendered as React text.
 */
import { Link } from "react-router";
import { Snippet } from "~/components/search/snippet";
import { BODIES, BODY_LABELS, type Body } from "~/lib/constants";
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { IMPORTANCE_LABELS, type ImportanceLevel } from "~/lib/issues/importance";
import type { StoredIssueSummary } from "~/lib/issues/summary";
import { meetingHref } from "~/lib/meetings/links";

/** A body's tone (the prototype's entity types are the same three). */
const CHIP_TONES: Record<Body, string> = {
  city: "bg-sky-100 text-sky-900",
  school: "bg-violet-100 text-violet-900",
  county: "bg-emerald-100 text-emerald-900",
};

const IMPORTANCE_DOT: Record<ImportanceLevel, string> = {
  high: "bg-red-600",
  medium: "bg-amber-600",
  low: "bg-slate-500",
};

export function BodyBadge({ body }: { body: Body | null }) {
  if (!body)
    return (
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Unknown body</span>
    );
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${CHIP_TONES[body]}`}>{BODY_LABELS[body]}</span>
  );
}

/**
 * Toggle chips: each a link (a switch) that turns its kind on or off, all
 * on by default; the issue page's bodies and the prototype's entities.
 */
export function ToggleChips<K extends string>({
  heading,
  kinds,
  labels,
  hidden,
  counts,
  hrefOf,
  testId,
}: {
  heading: string;
  kinds: readonly K[];
  labels: Record<K, string>;
  hidden: readonly K[];
  counts: Record<K, number>;
  hrefOf: (kind: K) => string;
  testId?: string;
}) {
  return (
    <div className="mt-4">
      <p id="chips-label" className="text-sm font-medium text-slate-800">
        {heading}
      </p>
      <ul aria-labelledby="chips-label" className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
        {kinds.map((kind) => {
          const on = !hidden.includes(kind);
          return (
            <li key={kind}>
              <Link
                to={hrefOf(kind)}
                preventScrollReset
                role="switch"
                aria-checked={on}
                // A switch answers the space bar too (a link alone only Enter).
                onKeyDown={(event) => {
                  if (event.key !== " ") return;
                  event.preventDefault();
                  event.currentTarget.click();
                }}
                className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm font-semibold ${
                  on
                    ? `border-transparent ${CHIP_TONES[kind as Body] ?? ""}`
                    : "border-slate-300 bg-white text-slate-500 line-through"
                }`}
              >
                <span aria-hidden="true">{on ? "✓" : "○"}</span>
                {labels[kind]} ({counts[kind]})
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The chips of an issue's timeline: its bodies. */
export function BodyChips({
  hidden,
  counts,
  hrefOf,
}: {
  hidden: readonly Body[];
  counts: Record<Body, number>;
  hrefOf: (body: Body) => string;
}) {
  return (
    <ToggleChips
      heading="Show bodies"
      kinds={BODIES}
      labels={BODY_LABELS}
      hidden={hidden}
      counts={counts}
      hrefOf={hrefOf}
      testId="body-chips"
    />
  );
}

export type TimelineEntry = {
  id: string;
  title: string;
  publishedAt: string | null;
  city: { name: string; locationKey: string };
  body: Body | null;
  /** Every body of the sources that list the meeting (a badge each). */
  bodies: Body[];
  sourceTitle: string | null;
  startSeconds: number | null;
  passages: { startSeconds: number | null; speaker: string | null; snippet: string }[];
  quotes: { text: string; speaker: string; timestamp: string | null; seconds: number | null }[];
  /** What the meeting decided, one plain line each (its verified decisions). */
  decisions: string[];
  importance: ImportanceLevel;
};

export function TimelineList({
  items,
  showCity,
  linkMeetings = true,
}: {
  items: readonly TimelineEntry[];
  showCity: boolean;
  /** False for sample meetings (the prototype showcase): no meeting page to link to, no quote checked. */
  linkMeetings?: boolean;
}) {
  return (
    <ol className="mt-4 space-y-4 border-l-2 border-slate-200 pl-6" data-testid="timeline">
      {items.map((item) => {
        const at = (seconds: number | null) => meetingHref(item.id, { cityKey: item.city.locationKey, seconds });
        return (
          <li
            key={item.id}
            className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="timeline-item"
            data-body={item.body ?? "unknown"}
          >
            <span
              aria-hidden="true"
              className={`absolute top-5 -left-[1.95rem] h-3 w-3 rounded-full ${IMPORTANCE_DOT[item.importance]}`}
            />
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {item.bodies.length === 0 ? (
                <BodyBadge body={null} />
              ) : (
                item.bodies.map((body) => <BodyBadge key={body} body={body} />)
              )}
              {item.sourceTitle ? <span>{item.sourceTitle}</span> : null}
              {showCity ? <span>· {item.city.name}</span> : null}
              <span>·</span>
              {item.publishedAt ? (
                <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
              ) : (
                <span>Date unknown</span>
              )}
              <span className="ml-auto text-xs font-semibold uppercase" data-testid="importance">
                {IMPORTANCE_LABELS[item.importance]}
              </span>
            </div>
            <h3 className="mt-1 font-semibold">
              {linkMeetings ? (
                <Link to={at(item.startSeconds)} className="text-brand-700 hover:underline">
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </h3>
            {item.passages.length ? (
              <ul className="mt-2 space-y-2">
                {item.passages.map((passage, index) => (
                  <li key={index} className="text-sm text-slate-700">
                    {linkMeetings && passage.startSeconds !== null ? (
                      <Link
                        to={at(passage.startSeconds)}
                        className="mr-2 font-mono text-xs font-semibold text-brand-700 hover:underline"
                        aria-label={`At ${formatDuration(passage.startSeconds, "m:ss")}`}
                      >
                        {formatDuration(passage.startSeconds, "m:ss")}
                      </Link>
                    ) : null}
                    <Snippet html={passage.snippet} className="inline" />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">Matched in the meeting’s title or description.</p>
            )}
            {item.decisions.length ? (
              <div className="mt-3">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Decisions</p>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="timeline-decisions">
                  {item.decisions.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {item.quotes.length ? (
              <div className="mt-3">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {linkMeetings ? "Key quotes (verified)" : "Key quotes"}
                </p>
                {item.quotes.map((quote, index) => (
                  <blockquote
                    key={index}
                    className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-700"
                    data-testid="key-quote"
                  >
                    <p className="italic">“{quote.text}”</p>
                    <footer className="mt-1 text-xs text-slate-600">
                      — {quote.speaker}
                      {linkMeetings && quote.timestamp ? (
                        <>
                          {" "}
                          at{" "}
                          <Link to={at(quote.seconds)} className="font-mono text-brand-700 hover:underline">
                            {quote.timestamp}
                          </Link>
                        </>
                      ) : null}
                    </footer>
                  </blockquote>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

export function confidenceLabel(score: number): string {
  if (score >= 0.75) return `High (${Math.round(score * 100)}%)`;
  if (score >= 0.5) return `Medium (${Math.round(score * 100)}%)`;
  return `Low (${Math.round(score * 100)}%)`;
}

export function IssueSummaryCard({
  summary,
  generatedAt,
  provider,
  meetingLink,
  provenance,
  confidenceText,
}: {
  summary: StoredIssueSummary;
  generatedAt: string | null;
  provider: string | null;
  /** Absent for a sample summary (the prototype showcase): its citations are text, not links. */
  meetingLink?: (meetingId: string) => string;
  /** Replaces the line on who wrote the summary (the showcase's sample says so). */
  provenance?: React.ReactNode;
  /** The confidence as the page says it, when not the issue page's (the prototype's rule, ADR 0037). */
  confidenceText?: string;
}) {
  const cited = (meetingId: string) => {
    const source = summary.sources.find((candidate) => candidate.meeting_id === meetingId);
    const label = `[${source ? `${source.entity}, ${formatDate(source.date) ?? "undated"}` : "meeting"}]`;
    if (!meetingLink) return source ? <span className="text-xs font-semibold text-slate-600">{label}</span> : null;
    return (
      <Link to={meetingLink(meetingId)} className="text-xs font-semibold text-brand-700 hover:underline">
        {label}
      </Link>
    );
  };
  return (
    <article className="mt-6 rounded-xl border border-brand-600/40 bg-white p-6 shadow-sm" data-testid="ai-summary">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">AI Summary</p>
      <h2 className="mt-1 text-xl font-semibold">{summary.title}</h2>
      <h3 className="mt-4 font-semibold">Current status</h3>
      {summary.current_status ? (
        <p className="text-slate-700">
          {summary.current_status.text}{" "}
          {summary.current_status.meeting_ids.map((id) => (
            <span key={id}>{cited(id)} </span>
          ))}
        </p>
      ) : (
        <p className="text-slate-600">No status could be tied to a meeting.</p>
      )}
      <h3 className="mt-4 font-semibold">Key developments</h3>
      {summary.key_developments.length ? (
        <ul className="mt-1 space-y-2" data-testid="key-developments">
          {summary.key_developments.map((development, index) => (
            <li key={index} className="text-slate-700">
              {development.date ? (
                <time dateTime={development.date} className="font-semibold">
                  {formatDate(development.date)}
                </time>
              ) : (
                <span className="font-semibold">Undated</span>
              )}{" "}
              · {development.entity}: {development.summary} {cited(development.meeting_id)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">None yet.</p>
      )}
      <h3 className="mt-4 font-semibold">Next steps</h3>
      {summary.next_steps.length ? (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {summary.next_steps.map((step, index) => (
            <li key={index}>
              {step.text} {cited(step.meeting_id)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No next step was set in these meetings.</p>
      )}
      <p className="mt-4">
        <span className="font-semibold">Confidence:</span>{" "}
        <span data-testid="confidence">{confidenceText ?? confidenceLabel(summary.confidence_score)}</span>
      </p>
      <h3 className="mt-4 font-semibold">Sources</h3>
      <ul className="mt-1 text-sm text-slate-600" data-testid="summary-sources">
        {summary.sources.map((source) => (
          <li key={source.meeting_id}>
            {meetingLink ? (
              <Link
                to={meetingLink(source.meeting_id)}
                className="text-brand-700 underline underline-offset-2 hover:decoration-2"
              >
                {source.title}
              </Link>
            ) : (
              source.title
            )}{" "}
            — {source.entity}
            {source.date ? (
              <>
                , <time dateTime={source.date}>{formatDate(source.date)}</time>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {provenance !== undefined ? (
        <p className="mt-4 text-xs text-slate-500">{provenance}</p>
      ) : (
        <p className="mt-4 text-xs text-slate-500">
          Written {generatedAt ? formatDate(generatedAt) : ""} by{" "}
          {provider?.startsWith("offline") ? "the offline analyzer (extractive)" : "a language model"}, from the
          meetings below; every claim links to its meeting.
          {summary.dropped_claims > 0
            ? ` ${summary.dropped_claims} claim(s) citing no meeting of this timeline were left out.`
            : ""}
        </p>
      )}
    </article>
  );
}
