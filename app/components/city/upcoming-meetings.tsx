import { href, Link } from "react-router";
import type { EventView } from "~/lib/legistar/agenda";
import { cityCalendarHref } from "~/lib/legistar/calendar";

/**
 * The city's next meetings from its legislative record, before their videos
 * (docs/product.md#routes-public): body, day and time in the city's zone,
 * the page with the agenda, and the city's agenda document; the link to the
 * city's calendar feed (docs/decisions/0076). Absent when the record lists none.
 */
export function UpcomingMeetingsCard({ cityKey, events }: { cityKey: string; events: EventView[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-meetings" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="upcoming-meetings" className="text-lg font-semibold">
        Upcoming meetings
      </h2>
      <ul className="mt-3 space-y-3">
        {events.map((event) => (
          <li key={event.id} className="text-sm" data-upcoming-meeting>
            <Link
              to={href("/city/:locationKey/events/:eventId", { locationKey: cityKey, eventId: String(event.id) })}
              className="font-semibold text-brand-700 hover:underline"
            >
              {event.bodyName}
            </Link>
            <p className="text-slate-700">{event.when}</p>
            {event.agendaUrl ? (
              <a
                href={event.agendaUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline hover:text-brand-800"
              >
                Agenda
                <span className="sr-only">
                  {" "}
                  of the {event.bodyName} meeting (on the city's site, opens in a new tab)
                </span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        <a
          href={cityCalendarHref(cityKey)}
          className="font-semibold text-brand-700 underline hover:text-brand-800"
          data-testid="city-calendar"
        >
          Subscribe to the calendar
        </a>
        <span className="text-slate-600"> (iCalendar, for your calendar app)</span>
      </p>
    </section>
  );
}
