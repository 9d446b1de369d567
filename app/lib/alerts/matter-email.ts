/**
 * The "Follow this bill" e-mail (docs/decisions/0076-bills-and-calendars.md):
 * the new actions a sync found on one followed matter, as text and HTML,
 * with the one-click unsubscribe headers of every alert mail (RFC 8058).
 */
import { PRODUCT_NAME } from "~/lib/constants";
import type { Email } from "~/lib/email/email.server";
import { escapeHtml } from "~/lib/email/templates";
import { oneClickUnsubscribe } from "./email";

export type MatterMail = {
  to: string;
  cityName: string;
  file: string;
  title: string | null;
  matterUrl: string;
  unsubscribeUrl: string;
  /** One line per action: "Nov 17, 2026 · City Council: adopted (Passed 3:1)", with where to watch it. */
  actions: { line: string; url: string }[];
};

export function matterEmail(mail: MatterMail): Email {
  const subject = `${mail.file}: ${mail.actions.length === 1 ? "a new action" : `${mail.actions.length} new actions`} in ${mail.cityName}`;
  const text = [
    `New on ${mail.file}${mail.title ? `, ${mail.title}` : ""}, which you follow on ${PRODUCT_NAME}:`,
    ...mail.actions.map((action) => `* ${action.line}\n  ${action.url}`),
    `The whole record of the bill: ${mail.matterUrl}`,
    `Stop following this bill: ${mail.unsubscribeUrl}`,
    `— ${PRODUCT_NAME}`,
  ].join("\n\n");
  const link = (href: string, label: string, style = "color:#0f766e") =>
    `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
    `<p>${escapeHtml(`New on ${mail.file}${mail.title ? `, ${mail.title}` : ""}, which you follow:`)}</p>` +
    `<ul style="padding-left:20px">${mail.actions
      .map((action) => `<li style="margin:0 0 8px">${link(action.url, action.line)}</li>`)
      .join("")}</ul>` +
    `<p>${link(mail.matterUrl, "The whole record of the bill")}</p>` +
    `<p style="font-size:13px">${link(mail.unsubscribeUrl, "Stop following this bill", "color:#64748b")}</p>` +
    `<p style="color:#64748b;font-size:13px">${escapeHtml(PRODUCT_NAME)} — local government, in plain sight.</p></body></html>`;
  return {
    to: mail.to,
    subject,
    text,
    html,
    headers: oneClickUnsubscribe(mail.unsubscribeUrl),
  };
}
