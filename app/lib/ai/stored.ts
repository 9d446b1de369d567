/**
 * Tolerant readers for analysis results and news stories already stored in
 * the database. Stored values may come from older versions (a plain string,
 * `deadline` instead of `due_date`, missing fields), so these never throw:
 * anything that is not recognizable structured data becomes `{ plainText }`.
 */
import { z } from "zod";
import { parseLenientJson } from "./json";
import { DECISION_RESULTS, MOTION_KINDS, VOTE_METHODS, type Analysis, type NewsStory } from "./schemas";

export type PlainText = { plainText: string };

export function isPlainText(value: unknown): value is PlainText {
  return typeof value === "object" && value !== null && "plainText" in value;
}

const text = z.preprocess((value) => (value === null || value === undefined ? "" : value), z.coerce.string());
const textOr = (fallback: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined || value === "" ? fallback : value),
    z.coerce.string(),
  );
const nullableText = z.preprocess(
  (value) => (value === undefined || value === "" ? null : value),
  z.union([z.null(), z.coerce.string()]),
);
const stringList = z.preprocess(
  (value) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.coerce.string()),
);
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (Array.isArray(value) ? value : []), z.array(item));

const storedQuote = z.preprocess(
  (value) => (typeof value === "string" ? { text: value } : value),
  z.object({ text, speaker: textOr("Unknown") }),
);

const storedHighlight = z.object({
  timestamp: textOr("00:00:00"),
  point_of_interest: text,
  quotes: listOf(storedQuote),
});

const storedActionItem = z.preprocess(
  (value) => {
    if (typeof value === "string") return { description: value };
    if (typeof value !== "object" || value === null) return value;
    const record = value as Record<string, unknown>;
    return { ...record, due_date: record.due_date ?? record.deadline ?? null };
  },
  z.object({ description: text, responsible_party: textOr("Unspecified"), due_date: nullableText }),
);

const storedEntity = z.preprocess(
  (value) => (typeof value === "string" ? { name: value } : value),
  z.object({ name: text, type: textOr("other"), context: text }),
);

const count = z.preprocess(
  (value) => (typeof value === "number" && Number.isInteger(value) ? value : null),
  z.number().nullable(),
);
const storedSpan = z.preprocess((value) => value ?? {}, z.object({ text, timestamp: textOr("00:00:00") }));
const storedDecision = z.object({
  item: text,
  motion: z.enum(MOTION_KINDS).catch("other"),
  result: z.enum(DECISION_RESULTS),
  ayes: count,
  nays: count,
  abstain: count,
  absent: count,
  how: z.enum(VOTE_METHODS).nullable().catch(null),
  consent_items: stringList,
  motion_evidence: storedSpan,
  result_evidence: storedSpan,
});

const storedAnalysis = z.object({
  summary: text,
  highlights: listOf(storedHighlight),
  action_items: listOf(storedActionItem),
  entities: listOf(storedEntity),
  // Analyses stored before decisions were extracted (0060) hold none.
  decisions: listOf(storedDecision),
});

const storedStory = z.object({
  article: z.object({
    headline: text,
    body: text,
    word_count: z.preprocess((value) => (typeof value === "number" ? value : undefined), z.number().optional()),
    primary_focus: text,
  }),
  sidebar_elements: z.preprocess(
    (value) => value ?? {},
    z.object({
      quote_block: z.preprocess((value) => value ?? {}, z.object({ quote: text, attribution: text, context: text })),
      quick_facts: stringList,
      background: text,
    }),
  ),
  metadata: z.preprocess(
    (value) => value ?? {},
    z.object({
      follow_up_needed: z.preprocess((value) => value === true || value === "true", z.boolean()),
      next_meeting_date: nullableText,
      sources_used: stringList,
      uncertainty_notes: stringList,
    }),
  ),
  notes: text,
});

function countWords(body: string): number {
  return body.split(/\s+/).filter(Boolean).length;
}

/** Reads a JSON string (possibly fenced) or passes an object through; unreadable text comes back as a string. */
function decodeStoredValue(value: unknown): { data: unknown } | PlainText {
  if (typeof value !== "string") return { data: value };
  try {
    return { data: parseLenientJson(value) };
  } catch {
    return { plainText: value };
  }
}

/** Results saved as `{ analysis, verification, ... }` are unwrapped to the inner value. */
function unwrap(data: unknown, key: string, marker: string): unknown {
  if (typeof data !== "object" || data === null) return data;
  const record = data as Record<string, unknown>;
  if (!(marker in record) && typeof record[key] === "object" && record[key] !== null) return record[key];
  return data;
}

function asPlainText(data: unknown): PlainText {
  return { plainText: typeof data === "string" ? data : JSON.stringify(data, null, 2) };
}

function looksLikeAnalysis(data: unknown): data is Record<string, unknown> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return false;
  return ["summary", "highlights", "action_items", "entities"].some((key) => key in data);
}

export function parseStoredAnalysis(value: unknown): Analysis | PlainText | null {
  if (value === null || value === undefined || value === "") return null;
  const decoded = decodeStoredValue(value);
  if (isPlainText(decoded)) return decoded;
  const data = unwrap(decoded.data, "analysis", "summary");
  if (!looksLikeAnalysis(data)) return asPlainText(data);
  const parsed = storedAnalysis.safeParse(data);
  return parsed.success ? parsed.data : asPlainText(data);
}

export function parseStoredStory(value: unknown): NewsStory | PlainText | null {
  if (value === null || value === undefined || value === "") return null;
  const decoded = decodeStoredValue(value);
  if (isPlainText(decoded)) return decoded;
  const data = unwrap(decoded.data, "story", "article");
  const parsed = storedStory.safeParse(data);
  if (!parsed.success) return asPlainText(data);
  const story = parsed.data;
  if (!story.article.headline && !story.article.body) return asPlainText(data);
  return {
    ...story,
    article: { ...story.article, word_count: story.article.word_count ?? countWords(story.article.body) },
  };
}
