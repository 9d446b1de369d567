/**
 * The component showcase's state (/admin/proto/frontend-components), all of
 * it in the query string so every tab, chip, toggle and draft operation is
 * a plain link or GET form and works without JavaScript
 * (docs/decisions/0037-prototype-pages.md). Defaults are left out of URLs.
 */
import {
  DEFAULT_ISSUE_KEY,
  ENTITY_TYPES,
  type EntityType,
  FEEDBACK_OPTIONS,
  type FeedbackOption,
  SAMPLE_ALERTS,
  SAMPLE_QUOTES,
  SAMPLE_SEARCH_QUERY,
  SAMPLE_SEARCH_RESULTS,
  SAMPLE_TIMELINES,
  type SampleQuote,
  type SampleSearchResult,
  type TimelineItem,
} from "./sample-data";

export const SHOWCASE_TABS = [
  { value: "timeline", label: "Issue Timeline" },
  { value: "search", label: "Search Interface" },
  { value: "dashboard", label: "Journalist Dashboard" },
] as const;
export type ShowcaseTab = (typeof SHOWCASE_TABS)[number]["value"];

export const SEARCH_VARIANTS = [
  { value: "ai", label: "AI Summary" },
  { value: "traditional", label: "Traditional" },
] as const;
export type SearchVariant = (typeof SEARCH_VARIANTS)[number]["value"];

export const DASHBOARD_TABS = [
  { value: "alerts", label: "Alerts" },
  { value: "quotes", label: "Quotes" },
  { value: "draft", label: "Draft" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

export type ShowcaseState = {
  tab: ShowcaseTab;
  /** The timeline's issue key. */
  issue: string;
  /** Entity chips turned off (all on by default). */
  hidden: EntityType[];
  variant: SearchVariant;
  q: string;
  dtab: DashboardTab;
  /** Quote ids in the draft, in the order they were added. */
  draft: string[];
  /** Feedback given per alert id. */
  feedback: Record<string, FeedbackOption>;
};

export const DEFAULT_SHOWCASE: ShowcaseState = {
  tab: "timeline",
  issue: DEFAULT_ISSUE_KEY,
  hidden: [],
  variant: "ai",
  q: SAMPLE_SEARCH_QUERY,
  dtab: "alerts",
  draft: [],
  feedback: {},
};

function oneOf<T extends string>(values: readonly { value: T }[], value: string | null, fallback: T): T {
  return values.some((option) => option.value === value) ? (value as T) : fallback;
}

function list(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

const QUOTE_IDS = new Set(SAMPLE_QUOTES.map((quote) => quote.quote_id));
const ALERT_IDS = new Set(SAMPLE_ALERTS.map((alert) => alert.id));

/** The state of a showcase URL; unknown values fall back to the defaults, unknown ids are dropped. */
export function parseShowcase(params: URLSearchParams): ShowcaseState {
  const issue = (params.get("issue") ?? "").trim().slice(0, 100);
  const q = params.get("q");
  const feedback: Record<string, FeedbackOption> = {};
  for (const pair of list(params.get("feedback"))) {
    const [id = "", value = ""] = pair.split(":");
    if (ALERT_IDS.has(id) && FEEDBACK_OPTIONS.some((option) => option.value === value))
      feedback[id] = value as FeedbackOption;
  }
  return {
    tab: oneOf(SHOWCASE_TABS, params.get("tab"), DEFAULT_SHOWCASE.tab),
    issue: issue || DEFAULT_ISSUE_KEY,
    hidden: ENTITY_TYPES.filter((type) => list(params.get("hide")).includes(type)),
    variant: oneOf(SEARCH_VARIANTS, params.get("variant"), DEFAULT_SHOWCASE.variant),
    q: q === null ? SAMPLE_SEARCH_QUERY : q.replace(/\s+/g, " ").trim().slice(0, 100),
    dtab: oneOf(DASHBOARD_TABS, params.get("dtab"), DEFAULT_SHOWCASE.dtab),
    draft: [...new Set(list(params.get("draft")).filter((id) => QUOTE_IDS.has(id)))],
    feedback,
  };
}

/** The query string of a state, defaults left out, with a leading "?" or "". */
export function showcaseSearch(state: ShowcaseState): string {
  const params = new URLSearchParams();
  if (state.tab !== DEFAULT_SHOWCASE.tab) params.set("tab", state.tab);
  if (state.issue !== DEFAULT_ISSUE_KEY) params.set("issue", state.issue);
  if (state.hidden.length) params.set("hide", state.hidden.join(","));
  if (state.variant !== DEFAULT_SHOWCASE.variant) params.set("variant", state.variant);
  if (state.q !== SAMPLE_SEARCH_QUERY) params.set("q", state.q);
  if (state.dtab !== DEFAULT_SHOWCASE.dtab) params.set("dtab", state.dtab);
  if (state.draft.length) params.set("draft", state.draft.join(","));
  const feedback = Object.entries(state.feedback).map(([id, value]) => `${id}:${value}`);
  if (feedback.length) params.set("feedback", feedback.join(","));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The same state with one entity chip switched. */
export function toggleEntity(state: ShowcaseState, type: EntityType): ShowcaseState {
  const hidden = state.hidden.includes(type) ? state.hidden.filter((t) => t !== type) : [...state.hidden, type];
  return { ...state, hidden: ENTITY_TYPES.filter((t) => hidden.includes(t)) };
}

export function addToDraft(state: ShowcaseState, quoteId: string): ShowcaseState {
  return state.draft.includes(quoteId) ? state : { ...state, draft: [...state.draft, quoteId] };
}

export function removeFromDraft(state: ShowcaseState, quoteId: string): ShowcaseState {
  return { ...state, draft: state.draft.filter((id) => id !== quoteId) };
}

export function clearDraft(state: ShowcaseState): ShowcaseState {
  return { ...state, draft: [] };
}

export function giveFeedback(state: ShowcaseState, alertId: string, value: FeedbackOption): ShowcaseState {
  return { ...state, feedback: { ...state.feedback, [alertId]: value } };
}

/** The timeline of an issue, oldest first, without the entities whose chip is off. */
export function timelineOf(issue: string, hidden: readonly EntityType[]): TimelineItem[] {
  const items = Object.hasOwn(SAMPLE_TIMELINES, issue) ? SAMPLE_TIMELINES[issue]! : [];
  return items
    .filter((item) => !hidden.includes(item.entity_type))
    .sort((a, b) => a.meeting_date.localeCompare(b.meeting_date));
}

/** How many timeline items each entity has in an issue (8, 3, 2 for the sample issue). */
export function timelineCounts(issue: string): Record<EntityType, number> {
  const counts: Record<EntityType, number> = { city: 0, school: 0, county: 0 };
  for (const item of timelineOf(issue, [])) counts[item.entity_type] += 1;
  return counts;
}

/** Confidence as the page says it: High from 0.8, Medium from 0.5, Low below. */
export function confidenceLabel(score: number): "High" | "Medium" | "Low" {
  if (score >= 0.8) return "High";
  if (score >= 0.5) return "Medium";
  return "Low";
}

/**
 * The traditional variant's results: those containing any word of the query
 * (three letters or more) in their title, snippet, speaker or entity, best
 * first; every result for an empty query.
 */
export function searchSample(q: string): SampleSearchResult[] {
  const words = q
    .toLocaleLowerCase("en")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);
  return SAMPLE_SEARCH_RESULTS.filter(
    (result) =>
      words.length === 0 ||
      words.some((word) =>
        [result.title, result.snippet, result.speaker, result.entity_type].some((text) =>
          text.toLocaleLowerCase("en").includes(word),
        ),
      ),
  ).sort((a, b) => b.relevance_score - a.relevance_score);
}

export function draftQuotes(draft: readonly string[]): SampleQuote[] {
  return draft.flatMap((id) => SAMPLE_QUOTES.filter((quote) => quote.quote_id === id));
}
