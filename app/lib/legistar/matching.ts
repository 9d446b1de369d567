/**
 * Which video is which Legistar event (docs/decisions/0069-events-become-meetings.md),
 * decided without the database:
 *
 *   const links = matchEvents({ events, videos, cityName, timeZone });
 *   // Map { 902 => { cityVideoId: "…", method: "body-date" } }
 *
 * A video's day is the date its title states, else the city's local day it
 * was published. Among the videos of an event's day:
 * 1. the one whose title (or a source's title) names the event's body
 *    ("body-date"); several: the closest title, below;
 * 2. none names it: the city's only event that day and only video that day
 *    ("only-meeting"), unless that video names another of the city's bodies;
 * 3. otherwise the closest title ("title"): the most of the event's words
 *    (its body, its comment) and the fewest others, once the city's name,
 *    dates and filler words are set aside; a tie, or less than half of the
 *    words shared, is no match.
 * Precision first: a video two events would take is taken by neither.
 */

export type MatchEvent = {
  legistarId: number;
  bodyName: string | null;
  /** YYYY-MM-DD, the city's local day. */
  date: string | null;
  /** Legistar's EventComment ("Special Meeting"), when it gives one. */
  comment: string | null;
};

export type MatchVideo = {
  id: string;
  title: string | null;
  publishedAt: Date | null;
  /** The titles of the sources (channel, playlist) that list it. */
  sourceTitles: string[];
};

export type MatchMethod = "body-date" | "only-meeting" | "title";
export type EventLink = { cityVideoId: string; method: MatchMethod };

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));

const FILLER = new Set([
  ...MONTHS,
  ...SHORT_MONTHS,
  "sept",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "the",
  "of",
  "and",
  "a",
  "an",
  "for",
  "on",
  "at",
  "meeting",
  "meetings",
  "regular",
  "video",
  "live",
  "stream",
  "livestream",
  "recording",
]);

/** Lowercase words, without punctuation. */
export function words(text: string | null | undefined): string[] {
  return (text ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function containsPhrase(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  outer: for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return true;
  }
  return false;
}

const pad = (n: number) => String(n).padStart(2, "0");

function validDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The day a title states: "November 17, 2026", "Nov. 17 2026", "11/17/2026", "11-17-26", "2026-11-17"; null when none. */
export function statedDay(title: string | null): string | null {
  if (!title) return null;
  const text = title.toLowerCase();
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(text);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const named =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(
      text,
    );
  if (named) return validDay(Number(named[3]), SHORT_MONTHS.indexOf(named[1]!.slice(0, 3)) + 1, Number(named[2]));
  const numeric = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/.exec(text);
  if (numeric) {
    const year = numeric[3]!.length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
    return validDay(year, Number(numeric[1]), Number(numeric[2]));
  }
  return null;
}

/** The city's local day of a moment, as YYYY-MM-DD. */
export function localDayOf(when: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(when);
}

/** A video's day: the one its title states, else the day it was published in the city. */
export function videoDay(video: MatchVideo, timeZone: string): string | null {
  return statedDay(video.title) ?? (video.publishedAt ? localDayOf(video.publishedAt, timeZone) : null);
}

function meaningfulWords(text: string | null, cityWords: Set<string>): Set<string> {
  return new Set(
    words(text).filter((word) => !FILLER.has(word) && !cityWords.has(word) && !/^\d+(st|nd|rd|th)?$/.test(word)),
  );
}

/** How close a video's title is to the event: shared words over all words (0 to 1). */
export function titleSimilarity(event: MatchEvent, title: string | null, cityWords: Set<string>): number {
  const eventWords = meaningfulWords(`${event.bodyName ?? ""} ${event.comment ?? ""}`, cityWords);
  const titleWords = meaningfulWords(title, cityWords);
  if (eventWords.size === 0 || titleWords.size === 0) return 0;
  let shared = 0;
  for (const word of eventWords) if (titleWords.has(word)) shared += 1;
  return shared / new Set([...eventWords, ...titleWords]).size;
}

/** The one closest title among the candidates, or null on a tie or when it shares too little. */
function closestTitle(event: MatchEvent, candidates: MatchVideo[], cityWords: Set<string>): MatchVideo | null {
  const scored = candidates
    .map((video) => ({ video, score: titleSimilarity(event, video.title, cityWords) }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best || best.score < 0.5) return null;
  if (second && second.score === best.score) return null;
  return best.video;
}

function namesBody(video: MatchVideo, bodyWords: string[]): boolean {
  return [video.title, ...video.sourceTitles].some((text) => containsPhrase(words(text), bodyWords));
}

/** The link each event should have; events left out match no video. */
export function matchEvents({
  events,
  videos,
  cityName,
  timeZone,
  bodyNames = [],
}: {
  events: MatchEvent[];
  videos: MatchVideo[];
  cityName: string;
  timeZone: string;
  /** Every body of the city Legistar lists. */
  bodyNames?: string[];
}): Map<number, EventLink> {
  const cityWords = new Set(words(cityName));
  const bodies = [...new Set([...bodyNames, ...events.map((event) => event.bodyName ?? "")])]
    .map((name) => words(name))
    .filter((name) => name.length > 0);
  const videosByDay = new Map<string, MatchVideo[]>();
  for (const video of videos) {
    const day = videoDay(video, timeZone);
    if (day) videosByDay.set(day, [...(videosByDay.get(day) ?? []), video]);
  }
  const eventsByDay = new Map<string, number>();
  for (const event of events) if (event.date) eventsByDay.set(event.date, (eventsByDay.get(event.date) ?? 0) + 1);

  const chosen = new Map<number, EventLink>();
  for (const event of events) {
    const sameDay = event.date ? (videosByDay.get(event.date) ?? []) : [];
    if (sameDay.length === 0) continue;
    const bodyWords = words(event.bodyName);
    const namingBody = sameDay.filter((video) => namesBody(video, bodyWords));
    if (namingBody.length === 1) {
      chosen.set(event.legistarId, { cityVideoId: namingBody[0]!.id, method: "body-date" });
      continue;
    }
    if (namingBody.length > 1) {
      const closest = closestTitle(event, namingBody, cityWords);
      if (closest) chosen.set(event.legistarId, { cityVideoId: closest.id, method: "title" });
      continue;
    }
    const namesOtherBody = (video: MatchVideo) =>
      bodies.some((name) => name.join(" ") !== bodyWords.join(" ") && namesBody(video, name));
    if (sameDay.length === 1 && eventsByDay.get(event.date!) === 1 && !namesOtherBody(sameDay[0]!)) {
      chosen.set(event.legistarId, { cityVideoId: sameDay[0]!.id, method: "only-meeting" });
      continue;
    }
    const closest = closestTitle(event, sameDay, cityWords);
    if (closest) chosen.set(event.legistarId, { cityVideoId: closest.id, method: "title" });
  }

  // A video two events chose is neither's: ambiguity is left unmatched.
  const takers = new Map<string, number>();
  for (const link of chosen.values()) takers.set(link.cityVideoId, (takers.get(link.cityVideoId) ?? 0) + 1);
  for (const [eventId, link] of chosen) if ((takers.get(link.cityVideoId) ?? 0) > 1) chosen.delete(eventId);
  return chosen;
}
