/** Dates and times on the admin pipeline pages, in UTC so server and browser agree. */
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

function valid(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(value: string | null | undefined): string {
  const date = valid(value);
  return date ? DATE_TIME.format(date) : "—";
}

export function formatDay(value: string | null | undefined): string {
  const date = valid(value);
  return date ? DATE.format(date) : "—";
}

/** "and 4 more highlights" */
export function andMore(count: number, noun: string, plural = `${noun}s`): string {
  return `and ${count} more ${count === 1 ? noun : plural}`;
}
