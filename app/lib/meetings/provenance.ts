/**
 * How an analysis or a story was made and what was checked, as readers see
 * it on the meeting pages (docs/product.md#messages-meeting-pages), built
 * from the current revision's provider, model, date and verification report.
 * Reports are read tolerantly: older ones lack the newer counts.
 */
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import { parseClockTime } from "~/lib/ai/timestamps";
import { countOf } from "~/lib/format/count";
import { formatDate } from "~/lib/format/date";

/** What the page's one query reads of the current revision: never its additional context. */
export type CurrentRevision = {
  provider: string;
  model: string | null;
  createdAt: string;
  verification: unknown;
};

/** A quote the transcript holds at a known time: text as kept in the content, seconds into the video. */
export type QuoteMoment = { text: string; seconds: number; timestamp: string };

export type ProvenanceView = {
  madeBy: string;
  checks: string[];
  moments: QuoteMoment[];
};

export const SOURCE_UNKNOWN = "Source unknown";
export const NOT_CHECKED = "Not checked against the transcript";

function madeBy(revision: CurrentRevision): string {
  const date = formatDate(revision.createdAt);
  const on = date ? ` on ${date}` : "";
  if (revision.provider === "offline") return `Written by the offline analyzer${on}`;
  if (revision.provider === "seed") return `Demo content, added${on}`;
  return `Written by ${revision.model?.trim() || revision.provider}${on}`;
}

type Report = Record<string, unknown>;

function asReport(value: unknown): Report | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Report) : null;
}

function numberField(report: Report, name: string): number | null {
  const value = report[name];
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

function listField(report: Report, name: string): unknown[] {
  const value = report[name];
  return Array.isArray(value) ? value : [];
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

/** The report's counts as reader lines; marks still in the content count when the report predates marked counts. */
function checkLines(report: Report | null, content: unknown): string[] {
  if (!report) return [NOT_CHECKED];
  const verified = numberField(report, "verifiedQuotes") ?? 0;
  const unverified = numberField(report, "unverifiedQuotes") ?? 0;
  const checked = Math.max(verified + unverified, listField(report, "quotes").length);
  const text = JSON.stringify(content ?? "");
  const markedQuotes = numberField(report, "markedQuotes") ?? occurrences(text, VERIFICATION_MARKS.quote.text);
  const removed = numberField(report, "removedQuotes") ?? Math.max(0, unverified - markedQuotes);
  const markedNumbers = numberField(report, "markedNumbers") ?? occurrences(text, VERIFICATION_MARKS.number.text);
  const unsupported = markedNumbers || listField(report, "unsupportedNumbers").length;
  const lines = [`${countOf(checked, "quote")} checked against the transcript, ${removed} removed`];
  if (markedQuotes > 0)
    lines.push(
      `${countOf(markedQuotes, "quote")} could not be found in the transcript and ${markedQuotes === 1 ? "is" : "are"} marked`,
    );
  if (unsupported > 0) {
    const marked = markedNumbers > 0 ? ` and ${markedNumbers === 1 ? "is" : "are"} marked` : "";
    lines.push(`${countOf(unsupported, "figure")} could not be found in the transcript${marked}`);
  }
  return lines;
}

/** The verified quotes the transcript places at a time; none for a transcript without times. */
function quoteMoments(report: Report | null, transcriptTimed: boolean): QuoteMoment[] {
  if (!report || !transcriptTimed) return [];
  const moments = new Map<string, QuoteMoment>();
  for (const entry of listField(report, "quotes")) {
    const quote = asReport(entry);
    const segment = asReport(quote?.segment);
    const text = typeof quote?.text === "string" ? quote.text.trim() : "";
    const timestamp = typeof segment?.timestamp === "string" ? segment.timestamp : null;
    const seconds = timestamp ? parseClockTime(timestamp) : null;
    if (quote?.verified !== true || !text || timestamp === null || seconds === null || moments.has(text)) continue;
    moments.set(text, { text, seconds, timestamp });
  }
  return [...moments.values()];
}

/**
 * What the page says of shown content: null when there is no content. Content
 * without a revision (written before revisions were kept) is "Source unknown"
 * and not checked.
 */
export function provenanceView(
  revision: CurrentRevision | null,
  content: unknown,
  transcriptTimed: boolean,
): ProvenanceView | null {
  if (content === null || content === undefined) return null;
  if (!revision) return { madeBy: SOURCE_UNKNOWN, checks: [NOT_CHECKED], moments: [] };
  const report = asReport(revision.verification);
  return {
    madeBy: madeBy(revision),
    checks: checkLines(report, content),
    moments: quoteMoments(report, transcriptTimed),
  };
}
