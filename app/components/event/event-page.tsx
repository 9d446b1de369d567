import { href, Link } from "react-router";
import { Main } from "~/components/layout/main";
import { AgendaItems, EventDocuments } from "~/components/meeting/official-agenda-section";
import { Section } from "~/components/meeting/section";
import type { AgendaView } from "~/lib/legistar/agenda";
import { bodyCalendarHref } from "~/lib/legistar/calendar";

/**
 * An upcoming meeting of the city's legislative record, before its video
 * exists (docs/product.md#routes-public, docs/decisions/0069): its body, day
 * and time in the city's zone, place, the city's documents, and its agenda.
 */
export function EventPage({ city, agenda }: { city: { name: string; locationKey: string }; agenda: AgendaView }) {
  const { event, items } = agenda;
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link
          to={href("/city/:locationKey", { locationKey: city.locationKey })}
          className="font-semibold text-brand-700 hover:underline"
        >
          ← Meetings of {city.name}
        </Link>
      </p>
      <p className="mt-3 text-sm font-semibold uppercase tracking-wide text-brand-700">Upcoming meeting</p>
      <h1 className="mt-1 break-words text-3xl font-bold">{event.bodyName}</h1>
      <p className="mt-1 text-slate-700">{event.when}</p>
      {event.location ? <p className="text-slate-600">{event.location}</p> : null}
      <p className="mt-3 text-sm text-slate-600">
        No video of this meeting yet: once it is published, this page leads to it.
      </p>
      <div className="mt-3">
        <EventDocuments event={event} />
      </div>
      <p className="mt-3 text-sm">
        <a
          href={bodyCalendarHref(city.locationKey, event.bodyId)}
          className="font-semibold text-brand-700 underline hover:text-brand-800"
          data-testid="body-calendar"
        >
          Subscribe to the {event.bodyName} calendar
        </a>
      </p>
      <div className="mt-6">
        <Section title="Agenda" id="official-agenda">
          <AgendaItems items={items} withMoments={false} cityKey={city.locationKey} />
        </Section>
      </div>
    </Main>
  );
}
