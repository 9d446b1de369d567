import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * The e2e server has no SMTP_URL, so it writes every e-mail to
 * `$E2E_DATA_DIR/outbox/`, as a fresh clone does. These read it.
 */

function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dir, "outbox");
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * How long a mail may take to be written: "until it arrives". Mail goes
 * through the job queue, behind every other spec's notices.
 */
const ARRIVES_WITHIN_MS = 60_000;

/** The mails to `address` written after `after` (ms), oldest first, decoded. */
function mailsTo(address: string, after: number): string[] {
  const dir = outbox();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith(`-${address.toLowerCase()}.eml`))
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).mtimeMs > after)
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(file, "utf8")));
}

/** Waits for the newest of `address`'s mails that `accept` takes. */
async function newestMail(address: string, after: number, accept: (text: string) => boolean): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        found = mailsTo(address, after).filter(accept).at(-1) ?? "";
        return Boolean(found);
      },
      { timeout: ARRIVES_WITHIN_MS },
    )
    .toBe(true);
  return found;
}

/** The newest mail to `address` whose text holds `containing` (other specs' mail to the same admin aside). */
export function mailTo(address: string, containing: string): Promise<string> {
  return newestMail(address, 0, (text) => text.includes(containing));
}

/** The newest e-mail to `address` (written after `after`, in ms), waiting for it to arrive. */
export function latestMailTo(address: string, after = 0): Promise<string> {
  return newestMail(address, after, () => true);
}

export async function latestCodeFor(address: string, after = 0): Promise<string> {
  const mail = await latestMailTo(address, after);
  const code = /^\s{4}(\d{6})\s*$/m.exec(mail)?.[1];
  if (!code) throw new Error(`No code in the e-mail to ${address}`);
  return code;
}

export async function confirmationPathFor(address: string): Promise<string> {
  const mail = await latestMailTo(address);
  const match = /https?:\/\/[^/\s]+(\/auth\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail);
  if (!match) throw new Error(`No confirmation link in the e-mail to ${address}`);
  return match[1]!;
}
