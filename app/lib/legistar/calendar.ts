/**
 * The addresses of a city's calendar feeds (no server code: the city and
 * event pages link to them; docs/decisions/0076-bills-and-calendars.md):
 * the city's at /city/{key}/calendar.ics, one body's at
 * /city/{key}/calendar/{Legistar body id}.ics.
 */
import { href } from "react-router";

export function cityCalendarHref(cityKey: string): string {
  return href("/city/:locationKey/calendar.ics", { locationKey: encodeURIComponent(cityKey) });
}

export function bodyCalendarHref(cityKey: string, bodyId: number): string {
  return href("/city/:locationKey/calendar/:bodyFile", {
    locationKey: encodeURIComponent(cityKey),
    bodyFile: `${bodyId}.ics`,
  });
}

/** The body id of a "{id}.ics" address part, or null. */
export function parseBodyFile(value: string | undefined): number | null {
  const match = /^(\d{1,9})\.ics$/.exec(value ?? "");
  return match ? Number(match[1]) : null;
}
