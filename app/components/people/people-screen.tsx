import { href, Link } from "react-router";
import { Main } from "~/components/layout/main";
import type { PeopleOfCity, PersonSummary } from "~/lib/legistar/people.server";
import { SeatList } from "./seats";

function PersonCards({ locationKey, people }: { locationKey: string; people: PersonSummary[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2">
      {people.map((person) => (
        <li key={person.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold">
            <Link
              to={href("/city/:locationKey/people/:personId", { locationKey, personId: String(person.id) })}
              className="text-brand-700 hover:underline"
            >
              {person.name}
            </Link>
          </h3>
          <div className="mt-2 text-sm">
            <SeatList seats={person.seats} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The people of a city's official record: current members first, former members apart. */
export function PeopleScreen({ city, people }: { city: { name: string; locationKey: string }; people: PeopleOfCity }) {
  const empty = people.current.length === 0 && people.former.length === 0;
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">People of {city.name}</h1>
      <p className="mt-1 text-slate-600">
        Who sits on the city&apos;s council and committees, from its official record.
      </p>
      {empty ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {city.name}&apos;s official record names no members yet.
        </p>
      ) : null}
      {people.current.length > 0 ? (
        <section aria-labelledby="current-members" className="mt-8" data-testid="current-members">
          <h2 id="current-members" className="text-xl font-semibold">
            Current members
          </h2>
          <PersonCards locationKey={city.locationKey} people={people.current} />
        </section>
      ) : null}
      {people.former.length > 0 ? (
        <section aria-labelledby="former-members" className="mt-10" data-testid="former-members">
          <h2 id="former-members" className="text-xl font-semibold">
            Former members
          </h2>
          <PersonCards locationKey={city.locationKey} people={people.former} />
        </section>
      ) : null}
    </Main>
  );
}
