/** The alert e-mail (at once or a digest): text and escaped HTML, one block per saved search, one item per meeting. */
import { PRODUCT_NAME } from "~/lib/constants";
import type { Email } from "~/lib/email/email.server";
import { escapeHtml } from "~/lib/email/templates";
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { type AlertDecision, alertDecisionsText, decisionLinkLabel } from "./decisions";

export type AlertMailItem = {
  /** The meeting's id: two alerts that matched the same meeting count it once in the subject. */
  meetingId: string;
  cityName: string;
  title: string;
  publishedAt: Date | null;
  passage: string;
  speaker: string | null;
  startSeconds: number | null;
  /** Absolute link to the meeting at the second the words were said. */
  url: string;
  /** What the meeting decided (its published decisions, one line each); empty: nothing is said. */
  decisions: AlertDecision[];
  /**
   * An upcoming agenda's alert (docs/decisions/0080): `title` says whose
   * agenda, `when` its day and time in the city, `url` leads to the agenda.
   * Null: a meeting's transcript.
   */
  agenda?: { when: string | null } | null;
};

export type AlertMailSearch = { query: string; unsubscribeUrl: string; items: AlertMailItem[] };

export type AlertMail = {
  to: string;
  digest: "immediate" | "daily" | "weekly";
  searches: AlertMailSearch[];
  /** Turns off every search of this mail (the List-Unsubscribe header). */
  unsubscribeUrl: string;
  profileUrl: string;
};

/**
 * "“budget” came up in a meeting", "2 of your alerts came up in 3 meetings",
 * "“budget” is on an upcoming agenda": alerts and meetings each counted once.
 */
function subjectOf(mail: AlertMail): string {
  const searches = mail.searches.filter((s) => s.items.length > 0);
  const items = searches.flatMap((s) => s.items);
  const meetings = new Set(items.map((item) => item.meetingId)).size;
  const first = searches[0]?.query ?? "";
  const what = searches.length === 1 ? `“${first}”` : `${searches.length} of your alerts`;
  const kind = mail.digest === "immediate" ? "" : mail.digest === "daily" ? "Daily digest: " : "Weekly digest: ";
  if (items.every((item) => item.agenda)) {
    const verb = searches.length === 1 ? "is" : "are";
    return `${kind}${what} ${verb} on ${meetings === 1 ? "an upcoming agenda" : `${meetings} upcoming agendas`}`;
  }
  return `${kind}${what} came up in ${meetings === 1 ? "a meeting" : `${meetings} meetings`}`;
}

function itemHeading(item: AlertMailItem): string {
  const date = item.agenda ? item.agenda.when : formatDate(item.publishedAt);
  return `${item.cityName} — ${item.title}${date ? ` (${date})` : ""}`;
}

function said(item: AlertMailItem): string {
  if (item.agenda) return "On the agenda";
  const who = item.speaker ? `${item.speaker}` : "Said";
  return item.startSeconds == null ? "In the title" : `${who}, at ${formatDuration(item.startSeconds, "m:ss")}`;
}

/** Where the item's link leads. */
function linkLabel(item: AlertMailItem): string {
  return item.agenda ? "See the agenda" : "Watch from this moment";
}

export function alertEmail(mail: AlertMail): Email {
  const subject = subjectOf(mail);
  const text = [
    mail.searches.some((search) => search.items.some((item) => item.agenda))
      ? `New meetings and upcoming agendas matched your ${PRODUCT_NAME} alerts.`
      : `New meetings matched your ${PRODUCT_NAME} alerts.`,
    ...mail.searches.map((search) =>
      [
        `Alert: “${search.query}”`,
        ...search.items.map((item) =>
          [
            `* ${itemHeading(item)}`,
            `  “${item.passage}”`,
            `  — ${said(item)}`,
            `  ${item.agenda ? "Agenda" : "Watch"}: ${item.url}`,
            ...alertDecisionsText(item.decisions, "  "),
          ].join("\n"),
        ),
        `Turn off this alert: ${search.unsubscribeUrl}`,
      ].join("\n\n"),
    ),
    `Manage your alerts: ${mail.profileUrl}`,
    `— ${PRODUCT_NAME}`,
  ].join("\n\n");
  const link = (href: string, label: string, style = "color:#0f766e") =>
    `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;
  const decisionsHtml = (item: AlertMailItem) =>
    item.decisions.length === 0
      ? ""
      : `<p style="margin:12px 0 4px;font-weight:600;font-size:14px">Decisions</p>` +
        `<ul style="margin:0;padding-left:20px;font-size:14px">` +
        item.decisions
          .map(
            (decision) =>
              `<li style="margin:0 0 4px">${escapeHtml(decision.line)} · ${link(decision.url, decisionLinkLabel(decision))}</li>`,
          )
          .join("") +
        `</ul>`;
  const blocks = mail.searches
    .map(
      (search) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">Alert: “${escapeHtml(search.query)}”</h2>` +
        search.items
          .map(
            (item) =>
              `<div style="margin:0 0 16px;padding:12px;border:1px solid #e2e8f0;border-radius:8px">` +
              `<p style="margin:0 0 8px;font-weight:600">${escapeHtml(itemHeading(item))}</p>` +
              `<blockquote style="margin:0 0 8px;padding-left:12px;border-left:3px solid #0d9488">“${escapeHtml(item.passage)}”</blockquote>` +
              `<p style="margin:0;color:#475569;font-size:14px">— ${escapeHtml(said(item))} · ${link(item.url, linkLabel(item))}</p>` +
              decisionsHtml(item) +
              `</div>`,
          )
          .join("") +
        `<p style="font-size:13px;margin:0 0 16px">${link(search.unsubscribeUrl, "Turn off this alert", "color:#64748b")}</p>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1>${blocks}<p style="font-size:13px">${link(mail.profileUrl, "Manage your alerts")}</p><p style="color:#64748b;font-size:13px">${escapeHtml(PRODUCT_NAME)} — local government, in plain sight.</p></body></html>`;
  return {
    to: mail.to,
    subject,
    text,
    html,
    headers: oneClickUnsubscribe(mail.unsubscribeUrl),
  };
}

/** The headers that let a mail program unsubscribe in one click (RFC 8058): every alert and followed bill. */
export function oneClickUnsubscribe(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
