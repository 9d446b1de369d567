/**
 * A draft as a file: Markdown or plain text, each quote with its citation
 * (speaker, meeting title, city, date) and the link to the second it was said.
 */
import { formatDate } from "~/lib/format/date";
import { formatDuration } from "~/lib/format/duration";
import { meetingHref } from "~/lib/meetings/links";

export const EXPORT_FORMATS = ["markdown", "text"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportEntry = {
  quote: string;
  speaker: string;
  seconds: number | null;
  meeting: { id: string; title: string; publishedAt: string | null };
  city: { name: string; state: string; locationKey: string };
};

export function momentUrl(origin: string, entry: ExportEntry): string {
  return `${origin}${meetingHref(entry.meeting.id, { cityKey: entry.city.locationKey, seconds: entry.seconds })}`;
}

function citation(entry: ExportEntry): { speaker: string; title: string; place: string; date: string | null } {
  return {
    speaker: entry.speaker,
    title: entry.meeting.title,
    place: `${entry.city.name}, ${entry.city.state}`,
    date: formatDate(entry.meeting.publishedAt),
  };
}

function watchLabel(entry: ExportEntry): string {
  return entry.seconds === null ? "Watch the meeting" : `Watch at ${formatDuration(entry.seconds, "m:ss")}`;
}

/** Markdown's inline specials, so that a quote reads as written. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`).replace(/\s+/g, " ");
}

export function draftMarkdown(entries: ExportEntry[], origin: string, exportedAt: Date, product: string): string {
  const lines = [`# Draft quotes`, "", `Exported from ${product} on ${formatDate(exportedAt.toISOString())}.`, ""];
  if (entries.length === 0) lines.push("The draft is empty.", "");
  entries.forEach((entry, i) => {
    const c = citation(entry);
    const date = c.date ? `, ${c.date}` : "";
    lines.push(
      `${i + 1}. > “${escapeMarkdown(entry.quote)}”`,
      `   >`,
      `   > — ${escapeMarkdown(c.speaker)}, *${escapeMarkdown(c.title)}*, ${escapeMarkdown(c.place)}${date}. [${watchLabel(entry)}](${momentUrl(origin, entry)})`,
      "",
    );
  });
  return lines.join("\n");
}

export function draftPlainText(entries: ExportEntry[], origin: string, exportedAt: Date, product: string): string {
  const lines = [`Draft quotes, exported from ${product} on ${formatDate(exportedAt.toISOString())}`, ""];
  if (entries.length === 0) lines.push("The draft is empty.", "");
  entries.forEach((entry, i) => {
    const c = citation(entry);
    const date = c.date ? `, ${c.date}` : "";
    lines.push(
      `${i + 1}. “${entry.quote.replace(/\s+/g, " ")}”`,
      `   — ${c.speaker}, ${c.title}, ${c.place}${date}`,
      `   ${watchLabel(entry)}: ${momentUrl(origin, entry)}`,
      "",
    );
  });
  return lines.join("\n");
}
