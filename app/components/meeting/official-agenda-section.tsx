import { Link } from "react-router";
import type { AgendaItemView, AgendaView, EventView } from "~/lib/legistar/agenda";
import { matterHref } from "~/lib/legistar/matters";
import { Section } from "./section";

const external = "font-semibold text-brand-700 underline hover:text-brand-800";

/** The event's documents at the city's legislative system: its agenda, its minutes, its page there. */
export function EventDocuments({ event }: { event: EventView }) {
  const links = [
    { label: "Agenda", url: event.agendaUrl },
    { label: "Minutes", url: event.minutesUrl },
    { label: "Meeting details", url: event.pageUrl },
  ].filter((link): link is { label: string; url: string } => Boolean(link.url));
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="The city's documents">
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" className={external} data-event-document>
            {link.label}
            <span className="sr-only"> (on the city's site, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The colors of a record's passed flag (also beside a decision on the record). */
export function outcomeTone(passed: string | null): string {
  const flag = passed?.toLowerCase();
  if (flag === "pass" || flag === "passed") return "bg-emerald-50 text-emerald-800";
  if (flag === "fail" || flag === "failed") return "bg-rose-50 text-rose-800";
  return "bg-slate-100 text-slate-700";
}

function ItemMoment({ item }: { item: AgendaItemView }) {
  if (!item.moment) return null;
  const found = item.moment.source === "transcript";
  return (
    <p className="mt-2 flex flex-wrap items-baseline gap-2 text-sm">
      <Link
        to={`?t=${item.moment.seconds}#video`}
        preventScrollReset
        className="rounded bg-brand-50 px-1.5 py-0.5 font-mono font-semibold text-brand-700 hover:bg-brand-100"
        aria-label={`Taken up at ${item.moment.label}: play the video from here`}
        data-agenda-moment={item.moment.source}
      >
        Taken up at {item.moment.label}
      </Link>
      {found ? <span className="text-slate-600">found in the transcript</span> : null}
    </p>
  );
}

/**
 * The agenda's items: number, title, matter (linked to its page), the
 * official action and tally, and (on a meeting) the moment.
 */
export function AgendaItems({
  items,
  withMoments,
  cityKey,
}: {
  items: AgendaItemView[];
  withMoments: boolean;
  cityKey: string;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-600">The agenda lists no items yet.</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="py-3 first:pt-0 last:pb-0" data-agenda-item>
          <p className="break-words text-slate-900">
            {item.number ? <span className="mr-2 font-mono font-semibold">{item.number}</span> : null}
            {item.title}
          </p>
          {item.matterFile || item.action || item.tally || item.consent ? (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-slate-700">
              {item.matterFile ? (
                <>
                  <dt className="font-medium text-slate-600">Matter</dt>
                  <dd className="break-words">
                    {item.matterStored ? (
                      <Link
                        to={matterHref(cityKey, item.matterFile)}
                        className="text-brand-700 underline hover:text-brand-800"
                        data-matter-link
                      >
                        {item.matterFile}
                      </Link>
                    ) : (
                      item.matterFile
                    )}
                  </dd>
                </>
              ) : null}
              {item.action ? (
                <>
                  <dt className="font-medium text-slate-600">Action</dt>
                  <dd>
                    {item.passed ? (
                      <span className={`mr-2 rounded px-1.5 py-0.5 font-semibold ${outcomeTone(item.passed)}`}>
                        {item.passed}
                      </span>
                    ) : null}
                    {item.action}
                  </dd>
                </>
              ) : null}
              {item.tally ? (
                <>
                  <dt className="font-medium text-slate-600">Tally</dt>
                  <dd>{item.tally}</dd>
                </>
              ) : null}
              {item.consent ? (
                <>
                  <dt className="font-medium text-slate-600">Consent</dt>
                  <dd>On the consent agenda</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          {withMoments ? <ItemMoment item={item} /> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The official agenda of the meeting, from the city's legislative system
 * (docs/product.md#routes-public, docs/decisions/0069): each item with the
 * moment the video takes it up, from the record's video index or found in
 * the transcript. Text only; absent when no event is matched.
 */
export function OfficialAgendaSection({ agenda, cityKey }: { agenda: AgendaView | null | undefined; cityKey: string }) {
  if (!agenda) return null;
  return (
    <Section title="Official agenda" id="official-agenda">
      <p className="text-sm text-slate-600">
        {agenda.event.bodyName} · {agenda.event.when} · from the city's legislative record
      </p>
      <div className="mt-2">
        <EventDocuments event={agenda.event} />
      </div>
      <div className="mt-4">
        <AgendaItems items={agenda.items} withMoments cityKey={cityKey} />
      </div>
    </Section>
  );
}
