/**
 * Reads the MeetingBank validation sample from ../shared at run time. The
 * data is CC BY-NC-SA 4.0 (Hu et al., ACL 2023) and must never be copied
 * into this repository.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type MeetingBankRow = { uid: string; id: string; summary: string; transcript: string };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function meetingBankPath(): string {
  return process.env.MEETINGBANK_PATH ?? path.resolve(repoRoot, "../shared/data/meetingbank/validation-sample.jsonl");
}

/** The rows, or null (with the reason) when the file is absent. */
export function loadMeetingBank(): { rows: MeetingBankRow[] } | { missing: string } {
  const file = meetingBankPath();
  if (!fs.existsSync(file)) return { missing: `MeetingBank sample not found at ${file}` };
  const rows = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as MeetingBankRow);
  return { rows };
}

/** Transcripts joined (one paragraph each) until the text reaches the given size. */
export function concatenatedTranscripts(rows: MeetingBankRow[], targetChars: number): string {
  let text = "";
  for (let i = 0; text.length < targetChars && rows.length > 0; i++) text += `${rows[i % rows.length]!.transcript}\n\n`;
  return text.slice(0, targetChars);
}
