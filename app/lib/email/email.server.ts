import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { settings } from "~/lib/env/settings.server";

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (alerts: List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

/**
 * Sends mail over `SMTP_URL`. Without it, each message is printed to the
 * server log and written to `data/outbox/` as an .eml file, so a fresh clone
 * (and its demo admin) can sign in with no mail server at all.
 */

let transporter: Transporter | undefined;

function smtpTransport(): Transporter | undefined {
  const url = settings().SMTP_URL;
  if (!url) return undefined;
  // Deadlines (ADR 0039): a sign-in waits for its code's mail, so an unreachable or silent server must fail in
  // seconds, not nodemailer's minutes. Query parameters of SMTP_URL (e.g. `?socketTimeout=60000`) take precedence.
  transporter ??= nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return transporter;
}

/** Closes the SMTP transporter; the next mail makes one for the current SMTP_URL. */
export function closeEmailTransport(): void {
  transporter?.close();
  transporter = undefined;
}

function sender(): string {
  return settings().MAIL_FROM;
}

export function outboxDir(): string {
  return path.resolve(settings().DATA_DIR, "outbox");
}

export async function sendEmail(email: Email): Promise<void> {
  const message = { from: sender(), ...email };
  const smtp = smtpTransport();
  if (smtp) {
    await smtp.sendMail(message);
    return;
  }
  await writeToOutbox(message);
}

async function writeToOutbox(message: Email & { from: string }): Promise<void> {
  const raw = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(message);
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const safeRecipient = message.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeRecipient}.eml`);
  await fs.writeFile(file, raw.message as Buffer);
  console.log(
    `[mail] No SMTP_URL set; wrote ${path.relative(process.cwd(), file)}\n` +
      `  To: ${message.to}\n  Subject: ${message.subject}\n${message.text.replace(/^/gm, "  | ")}`,
  );
}
