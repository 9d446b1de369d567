/**
 * The admin inbox's e-mails (docs/decisions/0053-admin-inbox.md), each a
 * plain-text body with an escaped HTML twin: the notice to admins of a new
 * contact message or city request, an admin's reply, and the notice to a
 * requester that their city is now covered. What visitors wrote goes only
 * into text and escaped HTML, and never into a header unflattened.
 */
import { PRODUCT_NAME } from "~/lib/constants";
import type { Email } from "~/lib/email/email.server";
import { escapeHtml } from "~/lib/email/templates";
import { formatDate } from "~/lib/format/date";

/** How much of a message an admin's notice quotes. */
export const NOTICE_QUOTE_MAX = 1000;

/** A header's text: no line breaks or other control characters, at most `max` characters. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f]+/g;

export function headerText(text: string, max = 150): string {
  const flat = text.replace(CONTROLS, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function html(title: string, blocks: ({ text: string; quote?: boolean } | { link: string; label: string })[]) {
  const body = blocks
    .map((block) => {
      if ("link" in block)
        return `<p style="margin:24px 0"><a href="${escapeHtml(block.link)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`;
      const paragraph = escapeHtml(block.text).replace(/\n/g, "<br>");
      return block.quote
        ? `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #cbd5e1;color:#334155">${paragraph}</blockquote>`
        : `<p style="margin:0 0 16px">${paragraph}</p>`;
    })
    .join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}<p style="color:#64748b;font-size:13px">${escapeHtml(PRODUCT_NAME)} — local government, in plain sight.</p></body></html>`;
}

const quoted = (text: string) => text.replace(/^/gm, "> ");

export type NoticeItem =
  | { kind: "message"; email: string | null; phone: string | null; topic: string; message: string }
  | { kind: "request"; email: string | null; cityName: string; state: string };

/** The notice to one admin that a contact message or a city request arrived, with the link to open it. */
export function adminNoticeEmail(to: string, item: NoticeItem, openUrl: string): Email {
  const from = item.email ?? "no e-mail address";
  if (item.kind === "message") {
    const title = `New contact message: ${item.topic}`;
    const lines = [`From: ${from}${item.phone ? `, phone ${item.phone}` : ""}`, `Topic: ${item.topic}`];
    const message = cut(item.message, NOTICE_QUOTE_MAX);
    return {
      to,
      subject: headerText(title),
      text: `${lines.join("\n")}\n\n${quoted(message)}\n\nOpen it in the inbox to answer: ${openUrl}\n\n— ${PRODUCT_NAME}`,
      html: html(title, [
        { text: lines.join("\n") },
        { text: message, quote: true },
        { link: openUrl, label: "Open in the inbox" },
      ]),
    };
  }
  const place = `${item.cityName}, ${item.state}`;
  const title = `New city request: ${place}`;
  const line = `${from} asks for coverage of ${place}.`;
  return {
    to,
    subject: headerText(title),
    text: `${line}\n\nOpen it in the inbox: ${openUrl}\n\n— ${PRODUCT_NAME}`,
    html: html(title, [{ text: line }, { link: openUrl, label: "Open in the inbox" }]),
  };
}

/** An admin's reply: their words, then the sender's own message quoted, and how to write again. */
export function replyEmail(
  to: string,
  reply: { subject: string; body: string },
  original: { sentAt: Date; text: string },
  contactUrl: string,
): Email {
  const date = formatDate(original.sentAt) ?? "";
  const intro = `On ${date} you wrote:`;
  const again = `To write to us again, use the contact form: ${contactUrl}`;
  return {
    to,
    subject: headerText(reply.subject, 200),
    text: `${reply.body}\n\n— The ${PRODUCT_NAME} team\n\n${intro}\n${quoted(original.text)}\n\n${again}`,
    html: html(reply.subject, [
      { text: reply.body },
      { text: `— The ${PRODUCT_NAME} team` },
      { text: intro },
      { text: original.text, quote: true },
      { text: again },
    ]),
  };
}

/** To a requester, once: the city they asked for is now on the site. */
export function cityLiveEmail(to: string, city: { name: string; state: string }, cityUrl: string): Email {
  const place = `${city.name}, ${city.state}`;
  const title = `${place} is now on ${PRODUCT_NAME}`;
  const lines = [
    `You asked us to cover ${place}. Its meetings are now on ${PRODUCT_NAME}: summaries, key moments and stories, searchable to the second.`,
    `We send this once, for your request; nothing else follows.`,
  ];
  return {
    to,
    subject: headerText(title),
    text: `${lines[0]}\n\n${cityUrl}\n\n${lines[1]}\n\n— ${PRODUCT_NAME}`,
    html: html(title, [{ text: lines[0]! }, { link: cityUrl, label: `Open ${city.name}` }, { text: lines[1]! }]),
  };
}
