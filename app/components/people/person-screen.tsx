import { Form, href, Link } from "react-router";
import { Button, SelectField } from "~/components/forms/fields";
import { Main } from "~/components/layout/main";
import { Pagination } from "~/components/ui/pagination";
import { formatDate } from "~/lib/format/date";
import { meetingHref } from "~/lib/meetings/links";
import { matterHref } from "~/lib/legistar/matters";
import { personSearch, VOTE_LABELS, type PersonFilters } from "~/lib/legistar/people";
import type { Agreement, Motion, PersonSummary, PersonVotes, Sponsorship } from "~/lib/legistar/people.server";
import type { PersonQuote } from "~/lib/legistar/quotes.server";
import { CONFIDENCE_LABELS } from "~/lib/legistar/speakers";
import { SeatList } from "./seats";

type City = { name: string; locationKey: string };

const SECTION = "mt-10";
const EMPTY = "mt-3 rounded-lg border border-dashed border-slate-300 p-4 text-slate-600";

function resultLabel(result: string | null, tally: string | null): string {
  const outcome = result === "Pass" ? "Passed" : result === "Fail" ? "Failed" : (result ?? "No result recorded");
  return tally ? `${outcome} ${tally}` : outcome;
}

function itemLine(parts: (string | null | undefined)[]): string {
  return parts.filter(Boolean).join(" · ");
}

/** A matter's file number, linked to its page when the record holds the matter. */
function MatterLink({ city, file, stored }: { city: City; file: string | null; stored: boolean }) {
  if (!file) return null;
  return (
    <>
      {" · "}
      {stored ? (
        <Link to={matterHref(city.locationKey, file)} className="text-brand-700 underline hover:text-brand-800">
          {file}
        </Link>
      ) : (
        file
      )}
    </>
  );
}

function VoteFilterForm({ path, filters, types }: { path: string; filters: PersonFilters; types: string[] }) {
  return (
    <Form method="get" action={path} className="mt-4 flex flex-wrap items-end gap-4" data-testid="vote-filters">
      <SelectField
        label="Matter type"
        name="type"
        id="vote-type"
        defaultValue={filters.type ?? ""}
        placeholder="All types"
        options={types.map((type) => ({ value: type, label: type }))}
        className="min-w-44"
      />
      <SelectField
        label="Result"
        name="result"
        id="vote-result"
        defaultValue={filters.result ?? ""}
        placeholder="Any result"
        options={[
          { value: "passed", label: "Passed" },
          { value: "failed", label: "Failed" },
        ]}
        className="min-w-36"
      />
      <Button className="min-h-11">Filter votes</Button>
    </Form>
  );
}

function VoteList({ city, votes }: { city: City; votes: PersonVotes["votes"] }) {
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="vote-list">
      {votes.map((vote) => (
        <li key={vote.itemId} className="p-4" data-testid="vote">
          <p className="font-medium text-slate-900">
            {vote.agendaNumber ? `${vote.agendaNumber} ` : ""}
            {vote.itemTitle ?? "Untitled item"}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {itemLine([formatDate(vote.date), vote.bodyName])}
            <MatterLink city={city} file={vote.matterFile} stored={vote.matterStored} />
            {vote.matterType ? ` · ${vote.matterType}` : ""}
          </p>
          <p className="mt-1 text-sm">
            <span className="font-semibold">
              Voted: {vote.vote ? VOTE_LABELS[vote.vote] : (vote.voteName ?? "not recorded")}
            </span>
            <span className="text-slate-600"> · {resultLabel(vote.result, vote.tally)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function AgreementTable({ city, agreement }: { city: City; agreement: Agreement[] }) {
  return (
    <table className="mt-4 w-full border-collapse text-left text-sm" data-testid="agreement">
      <caption className="sr-only">How often they voted as each colleague did</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-2 pr-3">
            Colleague
          </th>
          <th scope="col" className="py-2 pr-3">
            Same vote
          </th>
          <th scope="col" className="py-2">
            Agreement
          </th>
        </tr>
      </thead>
      <tbody>
        {agreement.map((row) => (
          <tr key={row.personId} className="border-b border-slate-100">
            <th scope="row" className="py-2 pr-3 font-medium">
              <Link
                to={href("/city/:locationKey/people/:personId", {
                  locationKey: city.locationKey,
                  personId: String(row.personId),
                })}
                className="text-brand-700 hover:underline"
              >
                {row.name}
              </Link>
            </th>
            <td className="py-2 pr-3">
              {row.same} of {row.together} {row.together === 1 ? "item" : "items"}
            </td>
            <td className="py-2 font-semibold">{row.percent}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MotionList({ city, items }: { city: City; items: Motion[] }) {
  return (
    <ul className="mt-4 space-y-3" data-testid="motions">
      {items.map((item) => (
        <li key={item.itemId} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium">{item.itemTitle ?? "Untitled item"}</p>
          <p className="mt-1 text-sm text-slate-600">
            {itemLine([
              item.moved && item.seconded ? "Moved and seconded" : item.moved ? "Moved" : "Seconded",
              formatDate(item.date),
              item.bodyName,
            ])}
            <MatterLink city={city} file={item.matterFile} stored={item.matterStored} />
            {` · ${resultLabel(item.result, item.tally)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function SponsorList({ city, matters }: { city: City; matters: Sponsorship[] }) {
  return (
    <ul className="mt-4 space-y-3" data-testid="sponsorships">
      {matters.map((matter) => (
        <li key={matter.matterId} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium">
            {matter.file ? (
              <Link
                to={matterHref(city.locationKey, matter.file)}
                className="text-brand-700 underline hover:text-brand-800"
              >
                {matter.file}
              </Link>
            ) : null}
            {matter.file ? ": " : ""}
            {matter.title ?? "Untitled matter"}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {itemLine([
              matter.primary ? "Primary sponsor" : "Sponsor",
              matter.type,
              matter.status,
              matter.introduced ? `introduced ${formatDate(matter.introduced)}` : null,
            ])}
          </p>
        </li>
      ))}
    </ul>
  );
}

function QuoteList({ city, quotes }: { city: City; quotes: PersonQuote[] }) {
  return (
    <ul className="mt-4 space-y-4" data-testid="quotes">
      {quotes.map((quote, index) => (
        <li key={`${quote.meetingId}-${index}`} className="rounded-lg border border-slate-200 bg-white p-4">
          <blockquote className="text-slate-900">“{quote.text}”</blockquote>
          <p className="mt-2 text-sm text-slate-600">
            <Link
              to={meetingHref(quote.meetingId, { cityKey: city.locationKey, seconds: quote.seconds })}
              className="text-brand-700 underline hover:text-brand-800"
            >
              {quote.meetingTitle ?? "The meeting"}
              {quote.publishedAt ? `, ${formatDate(quote.publishedAt)}` : ""}
            </Link>
            {" · "}
            Labeled “{quote.speaker}” in the transcript ·{" "}
            <span className="font-semibold">{CONFIDENCE_LABELS[quote.confidence]}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function countOf(shown: number, total: number, noun: [string, string]): string {
  const name = total === 1 ? noun[0] : noun[1];
  return shown < total ? `The latest ${shown} of ${total} ${name}.` : `${total} ${name}.`;
}

export function PersonScreen({
  city,
  person,
  filters,
  votes,
  agreement,
  motions,
  sponsorships,
  quotes,
  path,
}: {
  city: City;
  person: PersonSummary;
  filters: PersonFilters;
  votes: PersonVotes;
  agreement: Agreement[];
  motions: { items: Motion[]; total: number };
  sponsorships: { matters: Sponsorship[]; total: number };
  quotes: PersonQuote[];
  path: string;
}) {
  const filtered = Boolean(filters.type || filters.result);
  return (
    <Main className="mx-auto w-full max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link
          to={href("/city/:locationKey/people", { locationKey: city.locationKey })}
          className="text-brand-700 underline hover:text-brand-800"
        >
          People of {city.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{person.name}</h1>

      <section aria-labelledby="seats" className="mt-6">
        <h2 id="seats" className="text-xl font-semibold">
          Bodies and roles
        </h2>
        <div className="mt-3">
          {person.seats.length > 0 ? (
            <SeatList seats={person.seats} dates />
          ) : (
            <p className="text-slate-600">The record lists no seat for {person.name}.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="votes" className={SECTION}>
        <h2 id="votes" className="text-xl font-semibold">
          Votes
        </h2>
        {/* Keyed by the filters: after a navigation the selects show the filters of the page. */}
        <VoteFilterForm
          key={`${path}${personSearch({ ...filters, page: 1 })}`}
          path={path}
          filters={filters}
          types={votes.types}
        />
        <p className="mt-3 text-sm text-slate-600" data-testid="vote-count">
          {votes.total === 1 ? "1 vote" : `${votes.total} votes`}
          {filtered ? " matching these filters" : ""}
          {votes.pageCount > 1 ? ` · page ${votes.page} of ${votes.pageCount}` : ""}
        </p>
        {votes.votes.length > 0 ? (
          <VoteList city={city} votes={votes.votes} />
        ) : (
          <p className={EMPTY}>{filtered || votes.total > 0 ? "No vote on this page." : "No vote on the record."}</p>
        )}
        <Pagination
          page={votes.page}
          pageCount={votes.pageCount}
          hrefOf={(page) => `${path}${personSearch({ ...filters, page })}`}
        />
      </section>

      <section aria-labelledby="colleagues" className={SECTION}>
        <h2 id="colleagues" className="text-xl font-semibold">
          Voting with colleagues
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Over the items both voted yes or no on: how often their votes were the same.
        </p>
        {agreement.length > 0 ? (
          <AgreementTable city={city} agreement={agreement} />
        ) : (
          <p className={EMPTY}>No item where both voted yes or no.</p>
        )}
      </section>

      <section aria-labelledby="motions" className={SECTION}>
        <h2 id="motions" className="text-xl font-semibold">
          Motions moved or seconded
        </h2>
        {motions.total > 0 ? (
          <>
            <p className="mt-1 text-sm text-slate-600">
              {countOf(motions.items.length, motions.total, ["item", "items"])}
            </p>
            <MotionList city={city} items={motions.items} />
          </>
        ) : (
          <p className={EMPTY}>No motion moved or seconded on the record.</p>
        )}
      </section>

      <section aria-labelledby="sponsored" className={SECTION}>
        <h2 id="sponsored" className="text-xl font-semibold">
          Sponsored matters
        </h2>
        {sponsorships.total > 0 ? (
          <>
            <p className="mt-1 text-sm text-slate-600">
              {countOf(sponsorships.matters.length, sponsorships.total, ["matter", "matters"])}
            </p>
            <SponsorList city={city} matters={sponsorships.matters} />
          </>
        ) : (
          <p className={EMPTY}>No sponsored matter on the record.</p>
        )}
      </section>

      <section aria-labelledby="quotes" className={SECTION}>
        <h2 id="quotes" className="text-xl font-semibold">
          Verified quotes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Quotes found word for word in meeting transcripts, where the transcript&apos;s speaker label names{" "}
          {person.name}.
        </p>
        {quotes.length > 0 ? (
          <QuoteList city={city} quotes={quotes} />
        ) : (
          <p className={EMPTY}>No verified quote whose speaker label names {person.name}.</p>
        )}
      </section>
    </Main>
  );
}
