import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives.
 * Point the app at it with `process.env.SMTP_URL = listener.url`.
 */
export async function startSmtpListener({ port: wanted = 0 }: { port?: number } = {}) {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    messages,
    /** The newest message sent to `address`. */
    lastTo(address: string): CapturedMail | undefined {
      const wanted = address.toLowerCase();
      return messages.filter((m) => m.to.some((to) => to.toLowerCase() === wanted)).at(-1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code in a sign-in e-mail (quoted-printable safe: digits only). */
export function codeFrom(mail: CapturedMail | undefined): string {
  const match = /^\s{4}(\d{6})\s*$/m.exec(mail?.raw ?? "");
  if (!match) throw new Error(`No code in e-mail:\n${mail?.raw ?? "(none)"}`);
  return match[1]!;
}

/** The confirmation link in a sign-up e-mail. */
export function confirmationTokenFrom(mail: CapturedMail | undefined): string {
  const unfolded = (mail?.raw ?? "")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /\/auth\/confirm\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error(`No confirmation link in e-mail:\n${mail?.raw ?? "(none)"}`);
  return match[1]!;
}
