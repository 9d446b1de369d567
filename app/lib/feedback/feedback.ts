/**
 * Product feedback: the form users send from any page (/feedback, and the
 * footer's dialog), and the admin's triage of it (/admin/product-feedback;
 * docs/product.md and docs/decisions/0035-product-feedback.md). Plain module: the pages import
 * its constants and link builders; the submission's zod schema lives in
 * feedback-schema.ts, so that no validator reaches the browser (ADR 0029).
 */
import { href } from "react-router";
import { FEEDBACK_SEVERITIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackType } from "~/lib/constants";
import { isUuid } from "~/lib/uuid";
import { parsePageParam } from "~/lib/pagination";

export const FEEDBACK_TEXT_MAX = 5000;
/** The longest page address kept (path and query). */
export const FEEDBACK_PAGE_MAX = 2000;
/** The longest quotation a "Flag a mistake" link carries into the message. */
export const FLAG_QUOTE_MAX = 500;

/** The admin table's page size: paging starts past 50 rows. */
export const FEEDBACK_PAGE_SIZE = 50;

export const FEEDBACK_THANKS = {
  type: "success",
  title: "Thanks for your feedback",
  description: "We read every message; it helps us fix what is wrong.",
} as const;

export const FEEDBACK_RATE_LIMITED = {
  type: "error",
  title: "Too much feedback from your connection",
  description: "Please wait a few minutes and try again.",
} as const;

export const FEEDBACK_FAILED = {
  type: "error",
  title: "Error",
  description: "Your feedback could not be sent. Please try again.",
} as const;

/** 10 messages an hour from one address (docs/decisions/0035). */
export const FEEDBACK_RATE_LIMIT = { limit: 10, windowSeconds: 60 * 60 };

const PLACEHOLDER_ORIGIN = "http://gavel.invalid";

/**
 * The page a feedback is about, as a same-origin path and query (no hash);
 * null for anything else: another site, a scheme-relative address, junk.
 * An absolute address is kept only when its origin is `origin` (the app's).
 */
export function feedbackPagePath(value: unknown, origin?: string): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!text) return null;
  let url: URL;
  try {
    if (text.startsWith("/")) {
      if (text.startsWith("//") || text.startsWith("/\\")) return null;
      url = new URL(text, PLACEHOLDER_ORIGIN);
      if (url.origin !== PLACEHOLDER_ORIGIN) return null;
    } else {
      if (!origin) return null;
      url = new URL(text);
      if (url.origin !== new URL(origin).origin) return null;
    }
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}`;
  // A path that re-reads as another host ("/.//evil.example" → "//evil.example") is refused.
  if (path.startsWith("//") || new URL(path, PLACEHOLDER_ORIGIN).origin !== PLACEHOLDER_ORIGIN) return null;
  return path.length > FEEDBACK_PAGE_MAX ? null : path;
}

/** What the form page opens with (`/feedback?type=…&page=…&quote=…`). */
export type FeedbackPrefill = { type: FeedbackType | null; page: string | null; text: string };

export function feedbackPrefill(params: URLSearchParams, origin?: string): FeedbackPrefill {
  const asked = params.get("type");
  const type = FEEDBACK_TYPES.find((known) => known.toLowerCase() === asked?.trim().toLowerCase()) ?? null;
  const quote = (params.get("quote") ?? "").trim().slice(0, FLAG_QUOTE_MAX);
  return {
    type,
    page: feedbackPagePath(params.get("page"), origin),
    text: quote ? `About “${quote}”:\n\n` : "",
  };
}

/** The form page's address, pre-filled. */
export function feedbackHref(prefill: { type?: FeedbackType; page?: string | null; quote?: string | null } = {}) {
  const params = new URLSearchParams();
  if (prefill.type) params.set("type", prefill.type);
  if (prefill.page) params.set("page", prefill.page);
  if (prefill.quote) params.set("quote", prefill.quote.trim().slice(0, FLAG_QUOTE_MAX));
  const search = params.toString();
  return `${href("/feedback")}${search ? `?${search}` : ""}`;
}

// ---------------------------------------------------------------- admin

export const FEEDBACK_UPDATED = "Feedback updated";
export const FEEDBACK_UPDATE_FAILED = "Error updating feedback";
export const NO_FEEDBACK = "No product feedback found.";
export const RANK_IGNORED = "The rank was not a number, so it was left as it was.";

export const SEVERITY_LABELS: Record<number, string> = Object.fromEntries(
  FEEDBACK_SEVERITIES.map((severity) => [severity.value, severity.label]),
);

/**
 * A rank as typed: a number (rounded to the field's step, 0.1), null for a
 * blank field (no rank: listed last), undefined for anything else (ignored).
 */
export function parseRank(value: unknown): number | null | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text === "") return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  const number = Number(text);
  if (!Number.isFinite(number) || Math.abs(number) >= 1e9) return undefined;
  return Math.round(number * 10) / 10;
}

export type FeedbackPatch = {
  status?: (typeof FEEDBACK_STATUSES)[number];
  severity?: number | null;
  rank?: number | null;
};

export type FeedbackUpdate =
  { ok: true; id: string; patch: FeedbackPatch; rankIgnored: boolean } | { ok: false; message: string };

/**
 * One row's update, from a per-row Save (every field) or a single field
 * saved on change: a field left out of the post is left as it is. A status
 * or severity that is not one of the choices refuses the whole update; a
 * rank that is not a number is ignored (spec section 5).
 */
export function parseFeedbackUpdate(formData: FormData): FeedbackUpdate {
  const id = formData.get("id");
  if (!isUuid(id)) return { ok: false, message: "Feedback not found" };
  const patch: FeedbackPatch = {};
  const status = formData.get("status");
  if (status !== null) {
    const known = FEEDBACK_STATUSES.find((value) => value === status);
    if (!known) return { ok: false, message: "Status must be New, Active or Closed." };
    patch.status = known;
  }
  const severity = formData.get("severity");
  if (severity !== null) {
    if (severity === "") patch.severity = null;
    else {
      const known = FEEDBACK_SEVERITIES.find((value) => String(value.value) === severity);
      if (!known) return { ok: false, message: "Severity must be from 1 to 5." };
      patch.severity = known.value;
    }
  }
  const rankField = formData.get("rank");
  let rankIgnored = false;
  if (rankField !== null) {
    const rank = parseRank(rankField);
    if (rank === undefined) rankIgnored = true;
    else patch.rank = rank;
  }
  return { ok: true, id, patch, rankIgnored };
}

/** The admin list's filters and page, as the URL holds them (?status=…&type=…&page=…). */
export type FeedbackQuery = {
  status: (typeof FEEDBACK_STATUSES)[number] | null;
  type: FeedbackType | null;
  page: number;
};

export function parseFeedbackQuery(params: URLSearchParams): FeedbackQuery {
  return {
    status: FEEDBACK_STATUSES.find((status) => status === params.get("status")) ?? null,
    type: FEEDBACK_TYPES.find((type) => type === params.get("type")) ?? null,
    page: parsePageParam(params.get("page")),
  };
}

export function feedbackAdminHref(query: Partial<FeedbackQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.type) params.set("type", query.type);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${href("/admin/product-feedback")}${search ? `?${search}` : ""}`;
}

/** Where a per-row Save returns to: only a list URL. */
export function feedbackReturnTo(value: unknown): string {
  const base = href("/admin/product-feedback");
  if (typeof value !== "string" || (value !== base && !value.startsWith(`${base}?`))) return base;
  return feedbackAdminHref(parseFeedbackQuery(new URLSearchParams(value.slice(base.length + 1))));
}
