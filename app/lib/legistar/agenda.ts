/**
 * Where a meeting's video takes up each item of its official agenda
 * (docs/decisions/0069-events-become-meetings.md), without the database:
 *
 *   itemMoments(items, segments);
 *   // [{ seconds: 754, source: "record" }, { seconds: 1290, source: "transcript" }, null]
 *
 * - Legistar's `EventItemVideoIndex` is the record's own moment ("record").
 * - Otherwise the transcript is searched, precision first ("transcript"):
 *   a segment announcing the item by its number ("item 7.1", "item seven
 *   point one"), or one that announces something ("next", "item", "agenda",
 *   "public hearing"…) and says most of the distinctive words of the item's
 *   title (at least three of them, and three in five), in it or the
 *   segment after.
 * - Moments keep the agenda's order: an item is looked for only after the
 *   moment of the item before it, so a title repeated later in the meeting
 *   is not taken for its announcement.
 * - Otherwise none.
 */
import { words } from "./matching";

/** What pages show of an agenda (agenda.server.ts reads it). */
export type AgendaItemView = {
  id: number;
  number: string | null;
  title: string;
  matterFile: string | null;
  /** Whether the record holds the matter, so that its file links to the bill's page. */
  matterStored: boolean;
  action: string | null;
  /** Legistar's passed flag name ("Pass", "Fail"), as it gives it. */
  passed: string | null;
  tally: string | null;
  consent: boolean;
  /** Where the video takes the item up: from the record's video index, or found in the transcript. */
  moment: { seconds: number; label: string; source: "record" | "transcript" } | null;
};

export type EventView = {
  id: number;
  /** The body's Legistar id (its calendar feed). */
  bodyId: number;
  bodyName: string;
  /** The day and time in the city's zone: "Tuesday, Dec 8, 2026, 6:30 PM CST". */
  when: string;
  /** The city's local day (YYYY-MM-DD) and Legistar's time ("6:30 PM"), as the record gives them. */
  date: string | null;
  time: string | null;
  /** The moment it starts, in UTC (ISO 8601); null without a day or a readable time. */
  startsAt: string | null;
  location: string | null;
  agendaUrl: string | null;
  minutesUrl: string | null;
  pageUrl: string | null;
};

export type AgendaView = { event: EventView; items: AgendaItemView[] };

export type AgendaItemInput = { number: string | null; title: string | null; videoIndex: number | null };
export type TimedSegment = { startSeconds: number | null; text: string };
export type ItemMoment = { seconds: number; source: "record" | "transcript" } | null;

const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
  twenty: "20",
};

/** Lowercase words and numbers ("7.1" stays whole; a sentence's last dot goes). */
function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9.]+/)
    .map((token) => token.replace(/^\.+|\.+$/g, ""))
    .filter(Boolean);
}

/** Words of a segment with spoken numbers as digits: "item seven point one" → "item 7.1". */
export function spokenNumbers(text: string): string {
  return tokens(text)
    .map((word) => NUMBER_WORDS[word] ?? word)
    .join(" ")
    .replace(/(\d) (?:point|dot) (?=\d)/g, "$1.");
}

/** The agenda number as segments are compared ("7.1", "A-2" → "a 2"). */
function numberWords(number: string): string {
  return tokens(number).join(" ");
}

const ANNOUNCEMENT =
  /\b(item|items|next|agenda|consider|consideration|hearing|moving on|move on|turn to|brings us|take up|now to)\b/;

const BOILERPLATE = new Set([
  "the",
  "and",
  "for",
  "with",
  "that",
  "this",
  "from",
  "into",
  "upon",
  "which",
  "its",
  "their",
  "other",
  "resolution",
  "ordinance",
  "approving",
  "approval",
  "approve",
  "authorizing",
  "authorize",
  "adopting",
  "adopt",
  "amending",
  "amend",
  "regarding",
  "relating",
  "related",
  "city",
  "council",
  "item",
  "items",
  "matter",
  "consider",
  "consideration",
  "report",
  "section",
  "chapter",
  "code",
  "municipal",
  "pursuant",
  "hereby",
  "thereof",
]);

/** The title's distinctive words: three letters or more, not the boilerplate of agenda titles. */
export function distinctiveWords(title: string | null): string[] {
  return [...new Set(words(title).filter((word) => word.length >= 3 && !BOILERPLATE.has(word) && !/^\d+$/.test(word)))];
}

export function announcesNumber(spoken: string, number: string | null): boolean {
  if (!number) return false;
  const wanted = numberWords(number);
  if (!wanted) return false;
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\bitem (?:number |no |#)?${escaped}(?![.]?\\d)`).test(spoken);
}

function announcesTitle(segments: string[], index: number, title: string | null): boolean {
  const wanted = distinctiveWords(title);
  if (wanted.length < 3) return false;
  const spoken = segments[index]!;
  if (!ANNOUNCEMENT.test(spoken)) return false;
  const near = new Set(`${spoken} ${segments[index + 1] ?? ""}`.split(" "));
  const said = wanted.filter((word) => near.has(word)).length;
  return said >= 3 && said >= Math.ceil(wanted.length * 0.6);
}

/** Each item's moment, in the agenda's order. */
export function itemMoments(items: AgendaItemInput[], segments: TimedSegment[]): ItemMoment[] {
  const timed = segments.filter((segment) => segment.startSeconds !== null);
  const spoken = timed.map((segment) => spokenNumbers(segment.text));
  let after = -1; // the index of the last segment an item was found at
  let afterSeconds = -1;
  return items.map((item) => {
    if (item.videoIndex !== null && item.videoIndex >= 0) {
      afterSeconds = Math.max(afterSeconds, item.videoIndex);
      return { seconds: item.videoIndex, source: "record" };
    }
    for (let index = after + 1; index < timed.length; index += 1) {
      const start = timed[index]!.startSeconds!;
      if (start < afterSeconds) continue;
      if (announcesNumber(spoken[index]!, item.number) || announcesTitle(spoken, index, item.title)) {
        after = index;
        afterSeconds = start;
        return { seconds: Math.floor(start), source: "transcript" };
      }
    }
    return null;
  });
}
