/** The HTTP answer of a calendar feed: the calendar, or a plain 404 (docs/decisions/0076-bills-and-calendars.md). */
import { ICAL_CONTENT_TYPE, icalCalendar, type IcalEvent } from "~/lib/feeds/ical";
import { PUBLIC_CACHE_CONTROL } from "~/lib/http/cache.server";

export function calendarResponse(calendar: { name: string; events: IcalEvent[] } | null): Response {
  if (!calendar) {
    return new Response("This city's official record has no such calendar.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
    });
  }
  return new Response(icalCalendar({ ...calendar, prodId: "-//Gavel//City meetings//EN" }), {
    headers: { "Content-Type": ICAL_CONTENT_TYPE, "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
