/**
 * The SQL of a city's people, read from its official record (issue 29,
 * deliverable 5; docs/decisions/0070-people-pages.md): who sits on which
 * body, a person's votes (filtered and paged), how often they voted with
 * each colleague, the items they moved or seconded and the matters they
 * sponsor. A person is addressed by their Legistar id within the city, so
 * another city's person is never reached.
 *
 * Every query starts from an index on (city, person) or (city, item); a
 * person's votes and agreement read what the sync derives for them
 * (summaries.server.ts; docs/decisions/0072-person-page-at-scale.md).
 */
import { sql, type SQL } from "drizzle-orm";
import { keysetAfter, keysetOrder, type KeyColumn } from "~/lib/db/keyset.server";
import { queryRows } from "~/lib/db/rows.server";
import type { PersonFilters, ResultFilter } from "./people";

/** Votes shown per page of a person's record. */
export const VOTES_PER_PAGE = 25;
/** Items moved or seconded, and matters sponsored, shown on a person's page (the newest). */
export const LIST_LIMIT = 20;

export type Seat = {
  bodyId: number;
  bodyName: string;
  title: string | null;
  role: string | null;
  since: string | null;
  until: string | null;
  current: boolean;
};

export type PersonSummary = { id: number; name: string; seats: Seat[] };

export type PeopleOfCity = { current: PersonSummary[]; former: PersonSummary[] };

type SeatRow = {
  person_id: number;
  name: string;
  body_id: number;
  body_name: string | null;
  title: string | null;
  member_type: string | null;
  since: string | null;
  until: string | null;
  is_current: boolean;
};

/** The city's time zone's today, from its legislative source (office dates are local). */
const TODAY = (cityId: string) =>
  sql`(select (now() at time zone s.time_zone)::date from legislative_sources s where s.city_id = ${cityId})`;

function seatOf(row: SeatRow): Seat {
  return {
    bodyId: row.body_id,
    bodyName: row.body_name ?? "A body no longer listed",
    title: row.title,
    role: row.member_type,
    since: row.since,
    until: row.until,
    current: row.is_current === true || String(row.is_current) === "true",
  };
}

async function seats(cityId: string, personFilter: SQL): Promise<SeatRow[]> {
  return queryRows<SeatRow>(sql`
    select o.person_legistar_id as person_id, p.full_name as name, o.body_legistar_id as body_id,
      b.name as body_name, o.title, o.member_type, o.start_date::text as since, o.end_date::text as until,
      (coalesce(o.start_date <= ${TODAY(cityId)}, true) and coalesce(o.end_date >= ${TODAY(cityId)}, true)) as is_current
    from legistar_office_records o
    join legistar_persons p on p.city_id = o.city_id and p.legistar_id = o.person_legistar_id
    left join legistar_bodies b on b.city_id = o.city_id and b.legistar_id = o.body_legistar_id
    where o.city_id = ${cityId} ${personFilter}
    order by p.full_name, o.person_legistar_id, is_current desc, o.end_date desc nulls first, b.name`);
}

/** Whether the city has a legislative source at all (its people pages exist). */
export async function hasLegislativeSource(cityId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    sql`select 1 as one from legislative_sources where city_id = ${cityId}`,
  );
  return rows.length > 0;
}

/**
 * Whether the city's record names anyone with a seat, as a boolean SQL
 * expression: the city page reads it in its overview statement and links
 * the people then.
 */
export function hasPeopleSql(cityId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from legistar_office_records o where o.city_id = ${cityId}::uuid)`;
}

/**
 * The people with a seat on one of the city's bodies, by name: those with a
 * seat today, then former members (no seat today), each with their seats.
 */
export async function listPeople(cityId: string): Promise<PeopleOfCity> {
  const byPerson = new Map<number, PersonSummary>();
  for (const row of await seats(cityId, sql``)) {
    const person = byPerson.get(row.person_id) ?? { id: row.person_id, name: row.name, seats: [] };
    person.seats.push(seatOf(row));
    byPerson.set(row.person_id, person);
  }
  const people = [...byPerson.values()];
  const isCurrent = (person: PersonSummary) => person.seats.some((seat) => seat.current);
  return {
    current: people.filter(isCurrent).map((person) => ({ ...person, seats: person.seats.filter((s) => s.current) })),
    former: people.filter((person) => !isCurrent(person)),
  };
}

/** One person of the city with all their seats, or null (unknown here, or of another city). */
export async function getPerson(cityId: string, personId: number): Promise<PersonSummary | null> {
  const [person] = await queryRows<{ id: number; name: string }>(sql`
    select legistar_id as id, full_name as name from legistar_persons
    where city_id = ${cityId} and legistar_id = ${personId}`);
  if (!person) return null;
  const rows = await seats(cityId, sql`and o.person_legistar_id = ${personId}`);
  return { id: person.id, name: person.name, seats: rows.map(seatOf) };
}

export type PersonVote = {
  itemId: number;
  itemTitle: string | null;
  agendaNumber: string | null;
  /** The Legistar id of the meeting (event) the vote was taken at. */
  eventId: number | null;
  matterFile: string | null;
  /** Whether the record holds the matter, so that its file links to the bill's page. */
  matterStored: boolean;
  matterType: string | null;
  date: string | null;
  bodyName: string | null;
  vote: string | null;
  voteName: string | null;
  result: string | null;
  tally: string | null;
};

export type PersonVotes = { votes: PersonVote[]; total: number; page: number; pageCount: number; types: string[] };

const RESULT_NAMES: Record<ResultFilter, string> = { passed: "Pass", failed: "Fail" };

/** What a page of votes reads of each vote before joining its item, event and matter. */
const VOTE_KEY_COLUMNS = sql`v.city_id, v.legistar_id, v.event_item_legistar_id, v.event_legistar_id, v.event_date,
  v.agenda_sequence, v.matter_type, v.passed_flag_name, v.value, v.value_name`;

/**
 * A person's votes (not roll calls), newest meeting first, then in agenda
 * order, with the item's matter and outcome. `type` filters on the matter's
 * type, `result` on the item's passed flag; a page past the last shows none.
 */
export async function personVotes(cityId: string, personId: number, filters: PersonFilters): Promise<PersonVotes> {
  // The vote's copies of its date, order, matter type and result (docs/decisions/0072-person-page-at-scale.md):
  // filtered, counted and paged on the votes' indexes; the page's 25 rows are joined for what they show.
  const where = sql`v.city_id = ${cityId} and v.person_legistar_id = ${personId} and v.kind = 'vote'
    ${filters.type ? sql`and v.matter_type = ${filters.type}` : sql``}
    ${filters.result ? sql`and v.passed_flag_name = ${RESULT_NAMES[filters.result]}` : sql``}`;
  const order = sql`v.event_date desc nulls last, v.event_legistar_id desc nulls last, v.agenda_sequence, v.event_item_legistar_id`;
  const [counted, types] = await Promise.all([
    queryRows<{ total: number }>(sql`select count(*)::int as total from legistar_votes v where ${where}`),
    // The distinct types, one index probe each (a skip scan), rather than reading every vote of the person.
    queryRows<{ type: string }>(sql`
      with recursive types(type) as (
        (select v.matter_type from legistar_votes v
          where v.city_id = ${cityId} and v.person_legistar_id = ${personId} and v.kind = 'vote' and v.matter_type is not null
          order by v.matter_type limit 1)
        union all
        select (select v.matter_type from legistar_votes v
          where v.city_id = ${cityId} and v.person_legistar_id = ${personId} and v.kind = 'vote' and v.matter_type > t.type
          order by v.matter_type limit 1)
        from types t where t.type is not null)
      select type from types where type is not null order by 1`),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / VOTES_PER_PAGE));
  const page = Math.max(1, filters.page);
  const votes = await votesShown(
    sql`select ${VOTE_KEY_COLUMNS} from legistar_votes v where ${where}
      order by ${order} limit ${VOTES_PER_PAGE} offset ${(page - 1) * VOTES_PER_PAGE}`,
    order,
  );
  return { total, page, pageCount, types: types.map((row) => row.type), votes: votes.map(({ vote }) => vote) };
}

/** The votes `chosen` selects (VOTE_KEY_COLUMNS), joined for what a page shows of each, in `order`. */
async function votesShown(chosen: SQL, order: SQL): Promise<{ vote: PersonVote; key: VoteKey }[]> {
  const rows = await queryRows<{
    vote_id: number;
    item_id: number;
    item_title: string | null;
    agenda_number: string | null;
    agenda_sequence: number | null;
    event_id: number | null;
    matter_file: string | null;
    matter_stored: boolean | string;
    matter_type: string | null;
    date: string | null;
    body_name: string | null;
    value: string | null;
    value_name: string | null;
    result: string | null;
    tally: string | null;
  }>(sql`
    with v as (${chosen})
    select v.legistar_id as vote_id, i.legistar_id as item_id, i.title as item_title, i.agenda_number,
      v.agenda_sequence, v.event_legistar_id as event_id, coalesce(i.matter_file, m.file) as matter_file,
      exists (select 1 from legistar_matters sm where sm.city_id = i.city_id
        and sm.file = coalesce(i.matter_file, m.file)) as matter_stored,
      v.matter_type, v.event_date::text as date, e.body_name, v.value, v.value_name,
      v.passed_flag_name as result, i.tally
    from v
    join legistar_event_items i on i.city_id = v.city_id and i.legistar_id = v.event_item_legistar_id
    join legistar_events e on e.city_id = i.city_id and e.legistar_id = i.event_legistar_id
    left join legistar_matters m on m.city_id = i.city_id and m.legistar_id = i.matter_legistar_id
    order by ${order}`);
  return rows.map((row) => ({
    vote: {
      itemId: row.item_id,
      itemTitle: row.item_title,
      agendaNumber: row.agenda_number,
      eventId: row.event_id === null ? null : Number(row.event_id),
      matterFile: row.matter_file,
      matterStored: row.matter_stored === true || String(row.matter_stored) === "true",
      matterType: row.matter_type,
      date: row.date,
      bodyName: row.body_name,
      vote: row.value,
      voteName: row.value_name,
      result: row.result,
      tally: row.tally,
    },
    key: [
      row.date,
      row.event_id === null ? null : Number(row.event_id),
      row.agenda_sequence === null ? null : Number(row.agenda_sequence),
      Number(row.item_id),
      Number(row.vote_id),
    ],
  }));
}

/** Where a vote stands in a person's record: its date, event, agenda position, item and its own id. */
export type VoteKey = [string | null, number | null, number | null, number, number];

/** The person page's order of votes, with the vote's own id last so that every vote has its place. */
export const VOTE_KEY: KeyColumn[] = [
  { expr: sql`v.event_date`, desc: true, type: "date" },
  { expr: sql`v.event_legistar_id`, desc: true, type: "int" },
  { expr: sql`v.agenda_sequence`, desc: false, type: "int" },
  { expr: sql`v.event_item_legistar_id`, desc: false, type: "int" },
  { expr: sql`v.legistar_id`, desc: false, type: "int" },
];

/**
 * A person's votes as personVotes orders and filters them, `limit` at a
 * time after a vote's key (the open API's pages, by cursor rather than by
 * page number), with the key of the next page's start (null on the last).
 */
export async function personVotesAfter(
  cityId: string,
  personId: number,
  filters: Omit<PersonFilters, "page">,
  after: VoteKey | null,
  limit: number,
): Promise<{ votes: PersonVote[]; next: VoteKey | null }> {
  const order = keysetOrder(VOTE_KEY);
  const rows = await votesShown(
    sql`select ${VOTE_KEY_COLUMNS} from legistar_votes v
      where v.city_id = ${cityId} and v.person_legistar_id = ${personId} and v.kind = 'vote'
        ${filters.type ? sql`and v.matter_type = ${filters.type}` : sql``}
        ${filters.result ? sql`and v.passed_flag_name = ${RESULT_NAMES[filters.result]}` : sql``}
        ${after ? sql`and ${keysetAfter(VOTE_KEY, after)}` : sql``}
      order by ${order} limit ${limit + 1}`,
    order,
  );
  const page = rows.slice(0, limit);
  return { votes: page.map(({ vote }) => vote), next: rows.length > limit ? page.at(-1)!.key : null };
}

export type Agreement = { personId: number; name: string; together: number; same: number; percent: number };

/**
 * How often the person voted as each colleague did: over the items both
 * voted yes or no on (abstentions, absences and the like left out), the
 * share where their votes were the same. Most items in common first.
 */
export async function agreementWithColleagues(cityId: string, personId: number): Promise<Agreement[]> {
  // Precomputed by the sync (summaries.server.ts); the colleague's name as the record names them now.
  const rows = await queryRows<{ person_id: number; name: string; together: number; same: number }>(sql`
    select a.colleague_legistar_id as person_id, coalesce(p.full_name, a.colleague_name, 'Unnamed') as name,
      a.together, a.same
    from legistar_agreements a
    left join legistar_persons p on p.city_id = a.city_id and p.legistar_id = a.colleague_legistar_id
    where a.city_id = ${cityId} and a.person_legistar_id = ${personId}
    order by a.together desc, name`);
  return rows.map((row) => ({
    personId: row.person_id,
    name: row.name,
    together: Number(row.together),
    same: Number(row.same),
    percent: Math.round((Number(row.same) / Number(row.together)) * 100),
  }));
}

export type Motion = {
  itemId: number;
  itemTitle: string | null;
  matterFile: string | null;
  /** Whether the record holds the matter, so that its file links to the bill's page. */
  matterStored: boolean;
  date: string | null;
  bodyName: string | null;
  moved: boolean;
  seconded: boolean;
  result: string | null;
  tally: string | null;
};

/**
 * The items the person moved or seconded, newest first (at most LIST_LIMIT)
 * with how many there are. Legistar names the mover and seconder by id in
 * the record (`EventItemMoverId`); by name when an older record has no id.
 */
export async function personMotions(
  cityId: string,
  person: { id: number; name: string },
): Promise<{ items: Motion[]; total: number }> {
  const moved = sql`(coalesce((i.raw->>'EventItemMoverId')::int = ${person.id}, i.mover = ${person.name}))`;
  const seconded = sql`(coalesce((i.raw->>'EventItemSeconderId')::int = ${person.id}, i.seconder = ${person.name}))`;
  const rows = await queryRows<{
    item_id: number;
    item_title: string | null;
    matter_file: string | null;
    matter_stored: boolean | string;
    date: string | null;
    body_name: string | null;
    moved: boolean;
    seconded: boolean;
    result: string | null;
    tally: string | null;
    total: number;
  }>(sql`
    select i.legistar_id as item_id, i.title as item_title, i.matter_file,
      exists (select 1 from legistar_matters sm where sm.city_id = i.city_id and sm.file = i.matter_file) as matter_stored,
      e.date::text as date, e.body_name,
      coalesce(${moved}, false) as moved, coalesce(${seconded}, false) as seconded,
      i.passed_flag_name as result, i.tally, (count(*) over ())::int as total
    from legistar_event_items i
    join legistar_events e on e.city_id = i.city_id and e.legistar_id = i.event_legistar_id
    where i.city_id = ${cityId} and (i.mover is not null or i.seconder is not null) and (${moved} or ${seconded})
    order by e.date desc nulls last, e.legistar_id desc, i.agenda_sequence, i.legistar_id
    limit ${LIST_LIMIT}`);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      itemId: row.item_id,
      itemTitle: row.item_title,
      matterFile: row.matter_file,
      matterStored: row.matter_stored === true || String(row.matter_stored) === "true",
      date: row.date,
      bodyName: row.body_name,
      moved: row.moved === true || String(row.moved) === "true",
      seconded: row.seconded === true || String(row.seconded) === "true",
      result: row.result,
      tally: row.tally,
    })),
  };
}

export type Sponsorship = {
  matterId: number;
  file: string | null;
  title: string | null;
  type: string | null;
  status: string | null;
  introduced: string | null;
  primary: boolean;
};

/** The matters the person sponsors, newest first (at most LIST_LIMIT), with how many there are. */
export async function personSponsorships(
  cityId: string,
  personId: number,
): Promise<{ matters: Sponsorship[]; total: number }> {
  const rows = await queryRows<{
    matter_id: number;
    file: string | null;
    title: string | null;
    type: string | null;
    status: string | null;
    introduced: string | null;
    sequence: number | null;
    total: number;
  }>(sql`
    select m.legistar_id as matter_id, m.file, m.title, m.type_name as type, m.status_name as status,
      m.intro_date::text as introduced, min(s.sequence) as sequence, (count(*) over ())::int as total
    from legistar_matter_sponsors s
    join legistar_matters m on m.city_id = s.city_id and m.legistar_id = s.matter_legistar_id
    where s.city_id = ${cityId} and s.person_legistar_id = ${personId}
    group by m.city_id, m.legistar_id
    order by m.intro_date desc nulls last, m.legistar_id desc
    limit ${LIST_LIMIT}`);
  return {
    total: Number(rows[0]?.total ?? 0),
    matters: rows.map((row) => ({
      matterId: row.matter_id,
      file: row.file,
      title: row.title,
      type: row.type,
      status: row.status,
      introduced: row.introduced,
      primary: row.sequence === 0,
    })),
  };
}
