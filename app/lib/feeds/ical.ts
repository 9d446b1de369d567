/**
 * An iCalendar writer (RFC 5545) small enough to read in one go, for the
 * calendar feeds of a city's meetings (docs/decisions/0076-bills-and-calendars.md):
 *
 *   icalCalendar({ name: "Maple Falls meetings", prodId: "-//Gavel//Meetings//EN", events: [...] });
 *
 * - Lines end in CRLF and are folded at 75 octets of UTF-8 (a fold never
 *   splits a character), continued with one space.
 * - TEXT values escape backslash, semicolon, comma and newline.
 * - Times are UTC ("20261209T003000Z"); a day without a time is an
 *   all-day event (`VALUE=DATE`), so no VTIMEZONE is needed.
 */

export const ICAL_CONTENT_TYPE = "text/calendar; charset=utf-8";

export type IcalEvent = {
  /** Stable for the event across fetches, globally unique. */
  uid: string;
  /** When the event's data last changed (DTSTAMP). */
  stamp: Date;
  /** A moment (UTC), or a day "YYYY-MM-DD" when the time is unknown. */
  start: Date | string;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
};

export type IcalCalendar = { name: string; prodId: string; events: IcalEvent[] };

/** A TEXT value (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** One content line folded at 75 octets (RFC 5545 §3.1), CRLF-terminated. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74; // a continuation line starts with one space
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return `${parts.join("\r\n ")}\r\n`;
}

/** UTC as iCalendar writes it: 20261209T003000Z. */
export function icalUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

function startLine(start: Date | string): string {
  return typeof start === "string" ? `DTSTART;VALUE=DATE:${start.replace(/-/g, "")}` : `DTSTART:${icalUtc(start)}`;
}

function eventLines(event: IcalEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icalUtc(event.stamp)}`,
    startLine(event.start),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    // A URI value is not escaped (RFC 5545 §3.3.13).
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
  ];
}

/** The whole calendar, every line folded and CRLF-terminated. */
export function icalCalendar(calendar: IcalCalendar): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...calendar.events.flatMap(eventLines),
    "END:VCALENDAR",
  ]
    .map(foldLine)
    .join("");
}

/** One formatter per time zone: making one costs far more than using it (a list of 100 events made 200). */
const WALL_CLOCKS = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let clock = WALL_CLOCKS.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    WALL_CLOCKS.set(timeZone, clock);
  }
  return clock;
}

/**
 * The UTC moment of a local wall-clock time in a time zone: ("2026-12-08",
 * 18 * 60 + 30, "America/Chicago") → 2026-12-09T00:30:00Z. A time that a
 * clock change skips comes out an hour later, as clocks show it.
 */
export function zonedTimeToUtc(day: string, minutes: number, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
  const offsetAt = (utc: number) => {
    const parts = wallClock(timeZone).formatToParts(new Date(utc));
    const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - utc;
  };
  // Twice: the offset at the guess may differ from the offset at the answer near a clock change.
  let utc = wall - offsetAt(wall);
  utc = wall - offsetAt(utc);
  return new Date(utc);
}
