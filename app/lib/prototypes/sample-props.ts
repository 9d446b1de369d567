/**
 * The showcase's sample records in the shapes the production components
 * take (issue 28: the prototypes render the real components). One mapping
 * each; nothing here is stored or fetched, and the components are told the
 * samples have no meeting page to link to.
 */
import type { ComponentProps } from "react";
import type { Citation } from "~/components/desk/quote-card";
import type { TimelineEntry } from "~/components/issues/issue-timeline";
import type { StoredIssueSummary } from "~/lib/issues/summary";
import type { SearchOutcome } from "~/lib/search/outcome";
import { escapeHtml, headlineToHtml, MARK_START, MARK_STOP } from "~/lib/search/snippet";
import type { AiSummary, SampleQuote, SampleSearchResult, TimelineItem } from "./sample-data";
import { SAMPLE_TOWN } from "./sample-data";

const SAMPLE_CITY = { id: "sample-oakdale", name: SAMPLE_TOWN, state: "CA", domain: null, location_key: "oakdale" };

/** The query's words (three letters or more), as the sample search matches them. */
function queryWords(query: string): string[] {
  return query
    .toLocaleLowerCase("en")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
}

/** A sample snippet as the search's snippet HTML: escaped, the query's words in <mark>. */
export function sampleSnippetHtml(text: string, query: string): string {
  const words = queryWords(query).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (words.length === 0) return escapeHtml(text);
  const pattern = new RegExp(`(${words.join("|")})`, "giu");
  return headlineToHtml(text.replace(pattern, `${MARK_START}$1${MARK_STOP}`));
}

/** The traditional variant's results as a search outcome for SearchResults. */
export function sampleSearchOutcome(query: string, results: readonly SampleSearchResult[]): SearchOutcome {
  return {
    status: "ok",
    query,
    order: "relevance",
    results: results.map((result) => ({
      id: result.id,
      title: result.title,
      description: null,
      snippet: sampleSnippetHtml(result.snippet, query),
      score: result.relevance_score,
      published_at: result.date,
      video_url: null,
      start_seconds: null,
      speaker: result.speaker,
      city: SAMPLE_CITY,
    })),
  };
}

/** The AI summary as a stored issue summary for IssueSummaryCard; each source stands for one sample meeting. */
export function sampleIssueSummary(summary: AiSummary): StoredIssueSummary {
  const sources = summary.sources.map((source, index) => ({
    entity: source.entity,
    date: source.date,
    title: "Sample meeting",
    meeting_id: `sample-${index + 1}`,
  }));
  const sourceOf = (entity: string, date: string) =>
    sources.find((source) => source.entity === entity && source.date === date)?.meeting_id ?? "";
  return {
    title: summary.title,
    current_status: { text: summary.current_status, meeting_ids: sources[0] ? [sources[0].meeting_id] : [] },
    key_developments: summary.key_developments.map((development) => ({
      date: development.date,
      entity: development.entity,
      body: null,
      summary: development.summary,
      meeting_id: sourceOf(development.entity, development.date),
    })),
    // The sample's next steps cite no meeting; the card shows them without a citation.
    next_steps: summary.next_steps.map((text) => ({ text, meeting_id: "" })),
    confidence_score: summary.confidence_score,
    sources,
    dropped_claims: 0,
  };
}

/** A sample timeline item as a timeline entry for TimelineList: its summary as the passage, its quotes by its body. */
export function sampleTimelineEntry(item: TimelineItem): TimelineEntry {
  return {
    id: item.id,
    title: item.title,
    publishedAt: item.meeting_date,
    city: { name: SAMPLE_TOWN, locationKey: SAMPLE_CITY.location_key },
    body: item.entity_type,
    bodies: [item.entity_type],
    sourceTitle: item.entity_name,
    startSeconds: null,
    passages: [{ startSeconds: null, speaker: null, snippet: escapeHtml(item.summary) }],
    quotes: item.key_quotes.map((text) => ({ text, speaker: item.entity_name, timestamp: null, seconds: null })),
    decisions: [],
    importance: item.importance_level,
  };
}

/** "1:42:10" or "42:10" into seconds; null when it is not a clock time. */
function clockSeconds(value: string): number | null {
  if (!/^\d{1,2}(?::\d{2}){1,2}$/.test(value)) return null;
  return value.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/** A sample quote's citation for QuoteCard. */
export function sampleQuoteCitation(quote: SampleQuote): ComponentProps<typeof Citation> {
  return {
    speaker: `${quote.speaker_name}, ${quote.speaker_title}`,
    meeting: { id: quote.quote_id, title: quote.entity_name, publishedAt: quote.meeting_date },
    city: null,
    seconds: clockSeconds(quote.video_timestamp),
    linkMeetings: false,
  };
}
