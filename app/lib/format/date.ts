/**
 * Dates as pages show them, the app's only date formatter. Always in UTC, so
 * server and browser render the same text. A missing or unreadable value
 * gives null; the page chooses what to show instead.
 */

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const MONTH = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

type DateInput = string | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 5, 2026". */
export function formatDate(value: DateInput): string | null {
  const date = toDate(value);
  return date ? DATE.format(date) : null;
}

/** "Mar 5, 2026, 02:30 PM UTC" (the admin pipeline pages). */
export function formatDateTime(value: DateInput): string | null {
  const date = toDate(value);
  return date ? DATE_TIME.format(date) : null;
}

const CALENDAR_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * A date as a story states it: "2026-03-17" (how models write dates) becomes
 * "Tuesday, March 17, 2026"; any other text ("March 17", "the 15th") is kept
 * as said.
 */
export function formatStatedDate(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!iso) return value;
  const date = toDate(`${iso[1]}-${iso[2]}-${iso[3]}T00:00:00Z`);
  return date && date.toISOString().startsWith(value.trim()) ? CALENDAR_DAY.format(date) : value;
}

/** "2026-03" → "Mar". */
export function formatMonthShort(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

/** "2026-03" → "March 2026". */
export function formatMonthLong(month: string): string {
  return MONTH_YEAR.format(new Date(`${month}-01T00:00:00Z`));
}

/** The 12 months ("YYYY-MM") ending with the month of `now`, oldest first. */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return months;
}

const DAY_SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "2026-03-05" → "Mar 5" (a day of a chart). */
export function formatDayShort(day: string): string {
  const date = toDate(`${day}T00:00:00Z`);
  return date ? DAY_SHORT.format(date) : day;
}

const ZONE_NAMES = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name on that day ("CST", "PDT"); none for an unknown zone.
 * One formatter per zone: making one costs far more than using it.
 */
function zoneName(date: Date, timeZone: string): string {
  try {
    const format = ZONE_NAMES.get(timeZone) ?? new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    ZONE_NAMES.set(timeZone, format);
    return format.formatToParts(date).find((part) => part.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

const MEETING_DAY = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * A city's meeting day and time as its legislative system states them, with
 * the city's zone: ("2026-12-08", "6:30 PM", "America/Chicago") →
 * "Tuesday, Dec 8, 2026, 6:30 PM CST". Without a time: the day alone.
 */
export function formatLocalMeeting(day: string, time: string | null, timeZone: string): string {
  const date = toDate(`${day}T12:00:00Z`);
  if (!date) return day;
  const dayText = MEETING_DAY.format(date);
  const clock = time?.trim();
  if (!clock) return dayText;
  const zone = zoneName(date, timeZone);
  return `${dayText}, ${clock}${zone ? ` ${zone}` : ""}`;
}
