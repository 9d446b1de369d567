import { PRODUCT_NAME } from "~/lib/constants";
import type { Email } from "./email.server";

/** Every e-mail has a plain-text body and a simple, escaped HTML twin. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], highlight?: { label: string; value: string; href?: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const box = highlight
    ? highlight.href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(highlight.href)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(highlight.label)}</a></p>`
      : `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:700;font-family:monospace">${escapeHtml(highlight.value)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${box}<p style="color:#64748b;font-size:13px">${escapeHtml(PRODUCT_NAME)} — local government, in plain sight.</p></body></html>`;
}

export function signInCodeEmail(to: string, code: string, minutesValid: number): Email {
  const subject = `Your ${PRODUCT_NAME} code: ${code}`;
  const lines = [
    `Here is your ${PRODUCT_NAME} sign-in code. It works once, for ${minutesValid} minutes.`,
    `If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.`,
  ];
  return {
    to,
    subject,
    text: `${lines[0]}\n\n    ${code}\n\n${lines[1]}\n\n— ${PRODUCT_NAME}`,
    html: layout(`Your ${PRODUCT_NAME} code`, lines, { label: "Code", value: code }),
  };
}

export function confirmEmailAddressEmail(to: string, confirmUrl: string): Email {
  const lines = [
    `Welcome to ${PRODUCT_NAME}. Please confirm that this is your e-mail address to finish creating your account.`,
    `If you did not create an account, ignore this e-mail and nothing will happen.`,
  ];
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    text: `${lines[0]}\n\nConfirm your address: ${confirmUrl}\n\n${lines[1]}\n\n— ${PRODUCT_NAME}`,
    html: layout("Confirm your e-mail address", lines, {
      label: "Confirm my address",
      value: confirmUrl,
      href: confirmUrl,
    }),
  };
}

export function accountExistsEmail(to: string, signInUrl: string): Email {
  const lines = [
    `Someone, probably you, tried to create a ${PRODUCT_NAME} account with this e-mail address, but you already have one. Your password has not changed.`,
    `Sign in with your password, or ask for a 6-digit code by e-mail if you have forgotten it. If it was not you, you can ignore this e-mail.`,
  ];
  return {
    to,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text: `${lines[0]}\n\nSign in: ${signInUrl}\n\n${lines[1]}\n\n— ${PRODUCT_NAME}`,
    html: layout("You already have an account", lines, { label: "Sign in", value: signInUrl, href: signInUrl }),
  };
}
