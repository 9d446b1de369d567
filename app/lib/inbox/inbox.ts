/**
 * The admin inbox (/admin/inbox; docs/decisions/0053-admin-inbox.md): the
 * contact messages and the city coverage requests that visitors send, each
 * with a status (New, Answered, Closed), answered by e-mail from the page.
 * Plain module: the pages import its constants and link builders; the
 * forms' zod schemas live in inbox-forms.ts, so no validator reaches the
 * browser (ADR 0029).
 */
import { href } from "react-router";
import { INBOX_STATUSES, PRODUCT_NAME, type InboxStatus } from "~/lib/constants";
import { parsePageParam } from "~/lib/pagination";

/** The inbox's two boxes: contact messages, and requests for a city's coverage. */
export const INBOX_BOXES = ["messages", "requests"] as const;
export type InboxBox = (typeof INBOX_BOXES)[number];

export const INBOX_BOX_LABELS: Record<InboxBox, string> = {
  messages: "Contact messages",
  requests: "City requests",
};

/** Rows on one page of a box. */
export const INBOX_PAGE_SIZE = 25;

/** The longest reply (and subject) an admin can send: a reply posts within the 64 KB form limit. */
export const REPLY_BODY_MAX = 5000;
export const REPLY_SUBJECT_MAX = 200;

/** A box's filters and page, as the URL holds them (?box=…&status=…&page=…). */
export type InboxQuery = { box: InboxBox; status: InboxStatus | null; page: number };

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const box = params.get("box");
  const status = params.get("status");
  return {
    box: box === "requests" ? "requests" : "messages",
    status: (INBOX_STATUSES as readonly string[]).includes(status ?? "") ? (status as InboxStatus) : null,
    page: parsePageParam(params.get("page")),
  };
}

/** The list URL of a state; the default box, no status and page 1 are left out. */
export function inboxHref(query: Partial<InboxQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.box && query.box !== "messages") params.set("box", query.box);
  if (query.status) params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${href("/admin/inbox")}${search ? `?${search}` : ""}`;
}

/** Where an opened message returns to: only an inbox list URL (anything else: the inbox). */
export function inboxReturnTo(value: string | null | undefined): string {
  const base = href("/admin/inbox");
  if (!value || (value !== base && !value.startsWith(`${base}?`))) return base;
  return inboxHref(parseInboxQuery(new URLSearchParams(value.slice(base.length + 1))));
}

/** An opened contact message or city request, with `?back=` to the list it was opened from. */
export function inboxItemHref(box: InboxBox, id: string, back?: string): string {
  const path =
    box === "messages"
      ? href("/admin/inbox/messages/:messageId", { messageId: id })
      : href("/admin/inbox/requests/:requestId", { requestId: id });
  return back && back !== href("/admin/inbox") ? `${path}?back=${encodeURIComponent(back)}` : path;
}

export const INBOX_EMPTY: Record<InboxBox, string> = {
  messages: "No contact messages found.",
  requests: "No city requests found.",
};

export const INBOX_MESSAGES = {
  replySent: (to: string) => ({ type: "success", title: "Reply sent", description: `Sent to ${to}.` }) as const,
  replyRefused: { type: "error", title: "Reply not sent", description: "Please check the highlighted fields." },
  replyFailed: {
    type: "error",
    title: "Reply not sent",
    description: "The mail server did not accept it. Your text is kept: please try again.",
  },
  noAddress: {
    type: "error",
    title: "Reply not sent",
    description: "This message has no e-mail address, so it cannot be answered.",
  },
  statusSaved: (status: string) =>
    ({ type: "success", title: "Status updated", description: `Now ${status}.` }) as const,
  citySaved: { type: "success", title: "City link saved" },
  cityUnlinked: { type: "success", title: "City link removed" },
  failed: { type: "error", title: "Error", description: "The change could not be saved. Please try again." },
  notUnderstood: { type: "error", title: "That request could not be understood." },
} as const;

/** Why a message cannot be answered, as the page says it where the reply form would be. */
export const NO_ADDRESS_NOTE =
  "This message has no e-mail address (its sender deleted their account), so it cannot be answered.";

/** The subject a reply starts with. */
export function replySubjectFor(
  item: { kind: "message"; topic: string } | { kind: "request"; cityName: string; state: string },
): string {
  return item.kind === "message"
    ? `Re: ${item.topic}`
    : `Re: your request for ${item.cityName}, ${item.state} on ${PRODUCT_NAME}`;
}
