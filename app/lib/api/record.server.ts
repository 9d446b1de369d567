/**
 * The official record in the open API (issue 29, deliverable 8;
 * docs/decisions/0079-record-in-the-api.md): a Live city's people, a
 * person's votes, its matters and its events, read by the same functions
 * as their pages (app/lib/legistar/*.server.ts) and shaped for JSON here.
 * Everything is addressed within its city by the record's own public ids:
 * a person and an event by their Legistar id, a matter by its file number.
 * A Live city without a record has empty lists; an unknown person, matter
 * or event is a 404 problem.
 */
import { href } from "react-router";
import { appUrl } from "~/lib/env/env.server";
import { cityEvent, listEvents, meetingAgenda, type EventKey } from "~/lib/legistar/agenda.server";
import type { AgendaItemView, EventView } from "~/lib/legistar/agenda";
import { matterFeedHref, matterHref, outcomeLabel, parseMatterFile } from "~/lib/legistar/matters";
import { getMatter, listMatters, type MatterKey, type MatterSummary } from "~/lib/legistar/matters.server";
import { parsePersonId, type ResultFilter } from "~/lib/legistar/people";
import {
  agreementWithColleagues,
  getPerson,
  listPeople,
  personVotesAfter,
  type PersonSummary,
  type PersonVote,
  type Seat,
  type VoteKey,
} from "~/lib/legistar/people.server";
import { meetingHref } from "~/lib/meetings/links";
import { requireLiveCity, type ApiCityRef } from "./data.server";
import { badCursor } from "./query.server";
import { decodeKeyCursor, encodeKeyCursor } from "./cursor";
import { ApiProblem } from "./respond.server";

const pageUrl = (path: string) => `${appUrl()}${path}`;
const cityParam = (key: string) => encodeURIComponent(key);

type City = { id: string; key: string; ref: ApiCityRef };

async function liveCity(key: string): Promise<City> {
  const row = await requireLiveCity(key);
  return { id: row.id, key: row.location_key, ref: { key: row.location_key, name: row.name, state: row.state } };
}

/** Legistar's passed flag as true (passed), false (failed) or null (none, or a name of its own). */
function passedOf(flag: string | null): boolean | null {
  const label = outcomeLabel(flag);
  return label === "Passed" ? true : label === "Failed" ? false : null;
}

/** The `links.next` of a page: this list's address with its parameters and the cursor. */
function nextLink(path: string, parameters: Record<string, string | number | null>, cursor: string | null) {
  if (cursor === null) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== null) query.set(name, String(value));
  query.set("cursor", cursor);
  return pageUrl(`${path}?${query}`);
}

// ---------------------------------------------------------------- people

const personPaths = (cityKey: string, personId: number) => {
  const params = { locationKey: cityParam(cityKey), personId: String(personId) };
  return {
    page: pageUrl(href("/city/:locationKey/people/:personId", params)),
    self: pageUrl(href("/api/v1/cities/:locationKey/people/:personId", params)),
    votes: pageUrl(href("/api/v1/cities/:locationKey/people/:personId/votes", params)),
  };
};

export type ApiSeat = {
  body: { id: number; name: string };
  title: string | null;
  role: string | null;
  since: string | null;
  until: string | null;
  current: boolean;
};

function seatOf(seat: Seat): ApiSeat {
  return {
    body: { id: seat.bodyId, name: seat.bodyName },
    title: seat.title,
    role: seat.role,
    since: seat.since,
    until: seat.until,
    current: seat.current,
  };
}

export type ApiPersonSummary = {
  id: number;
  name: string;
  current: boolean;
  seats: ApiSeat[];
  links: { page: string; self: string; votes: string };
};

function personOf(cityKey: string, person: PersonSummary, current: boolean): ApiPersonSummary {
  return {
    id: person.id,
    name: person.name,
    current,
    seats: person.seats.map(seatOf),
    links: personPaths(cityKey, person.id),
  };
}

/** The people with a seat on one of the city's bodies, by name: those with a seat today first (their seats today), then former members. */
export async function listCityPeople(cityKey: string): Promise<{ city: ApiCityRef; people: ApiPersonSummary[] }> {
  const city = await liveCity(cityKey);
  const { current, former } = await listPeople(city.id);
  return {
    city: city.ref,
    people: [
      ...current.map((person) => personOf(city.key, person, true)),
      ...former.map((person) => personOf(city.key, person, false)),
    ],
  };
}

async function requirePerson(city: City, personIdText: string): Promise<PersonSummary> {
  const personId = parsePersonId(personIdText);
  const person = personId === null ? null : await getPerson(city.id, personId);
  if (!person)
    throw new ApiProblem("not-found", `The official record of ${city.ref.name} names no person ${personIdText}.`);
  return person;
}

export type ApiPersonDetail = {
  person: ApiPersonSummary & {
    agreement: { person: { id: number; name: string }; together: number; same: number; percent: number }[];
  };
};

/** One person with every seat they held (their office records) and how often they voted as each colleague. */
export async function getCityPerson(cityKey: string, personIdText: string): Promise<ApiPersonDetail> {
  const city = await liveCity(cityKey);
  const person = await requirePerson(city, personIdText);
  const agreement = await agreementWithColleagues(city.id, person.id);
  return {
    person: {
      ...personOf(
        city.key,
        person,
        person.seats.some((seat) => seat.current),
      ),
      agreement: agreement.map((row) => ({
        person: { id: row.personId, name: row.name },
        together: row.together,
        same: row.same,
        percent: row.percent,
      })),
    },
  };
}

export type ApiPersonVote = {
  vote: string | null;
  voteName: string | null;
  date: string | null;
  bodyName: string | null;
  item: { id: number; number: string | null; title: string | null };
  matter: { file: string; type: string | null; links: { page: string; self: string } | null } | null;
  result: string | null;
  passed: boolean | null;
  tally: string | null;
  links: { event: string | null };
};

function voteOf(cityKey: string, vote: PersonVote): ApiPersonVote {
  return {
    vote: vote.vote,
    voteName: vote.voteName,
    date: vote.date,
    bodyName: vote.bodyName,
    item: { id: vote.itemId, number: vote.agendaNumber?.trim() || null, title: vote.itemTitle },
    matter: vote.matterFile
      ? {
          file: vote.matterFile,
          type: vote.matterType,
          links: vote.matterStored ? matterLinks(cityKey, vote.matterFile) : null,
        }
      : null,
    result: vote.result,
    passed: passedOf(vote.result),
    tally: vote.tally,
    links: { event: vote.eventId === null ? null : eventLinks(cityKey, vote.eventId).self },
  };
}

const VOTES_LIST = "votes";
const VOTE_KEY_PARTS = ["date?", "int?", "int?", "int", "int"] as const;

export type ApiPage<Name extends string, Item> = Record<Name, Item[]> & {
  nextCursor: string | null;
  links: { next: string | null };
};

/** A person's votes, newest meeting first then in agenda order, filtered by matter type and result, a page at a time. */
export async function listPersonVotes(
  cityKey: string,
  personIdText: string,
  query: { type: string | null; result: ResultFilter | null; cursor: string | null; limit: number },
): Promise<ApiPage<"votes", ApiPersonVote>> {
  const city = await liveCity(cityKey);
  const person = await requirePerson(city, personIdText);
  const after = query.cursor === null ? null : decodeKeyCursor(query.cursor, VOTES_LIST, VOTE_KEY_PARTS);
  if (query.cursor !== null && !after) throw badCursor();
  const page = await personVotesAfter(
    city.id,
    person.id,
    { type: query.type, result: query.result },
    after as VoteKey | null,
    query.limit,
  );
  const nextCursor = page.next ? encodeKeyCursor(VOTES_LIST, page.next) : null;
  const path = href("/api/v1/cities/:locationKey/people/:personId/votes", {
    locationKey: cityParam(city.key),
    personId: String(person.id),
  });
  return {
    votes: page.votes.map((vote) => voteOf(city.key, vote)),
    nextCursor,
    links: {
      next: nextLink(path, { type: query.type, result: query.result, limit: query.limit }, nextCursor),
    },
  };
}

// ---------------------------------------------------------------- matters

function matterLinks(cityKey: string, file: string) {
  return {
    page: pageUrl(matterHref(cityKey, file)),
    self: pageUrl(
      href("/api/v1/cities/:locationKey/matters/:file", {
        locationKey: cityParam(cityKey),
        file: encodeURIComponent(file),
      }),
    ),
  };
}

export type ApiMatterSummary = MatterSummary & {
  links: { page: string; feed: string; self: string };
};

function matterOf(cityKey: string, matter: MatterSummary): ApiMatterSummary {
  return {
    id: matter.id,
    file: matter.file,
    title: matter.title,
    type: matter.type,
    status: matter.status,
    bodyName: matter.bodyName,
    introduced: matter.introduced,
    passed: matter.passed,
    links: { ...matterLinks(cityKey, matter.file), feed: pageUrl(matterFeedHref(cityKey, matter.file)) },
  };
}

const MATTERS_LIST = "matters";
const MATTER_KEY_PARTS = ["date?", "int"] as const;

/** The city's matters, newest introduced first, filtered by status and type, a page at a time. */
export async function listCityMatters(
  cityKey: string,
  query: { status: string | null; type: string | null; cursor: string | null; limit: number },
): Promise<ApiPage<"matters", ApiMatterSummary>> {
  const city = await liveCity(cityKey);
  const after = query.cursor === null ? null : decodeKeyCursor(query.cursor, MATTERS_LIST, MATTER_KEY_PARTS);
  if (query.cursor !== null && !after) throw badCursor();
  const page = await listMatters(
    city.id,
    { status: query.status, type: query.type },
    after as MatterKey | null,
    query.limit,
  );
  const nextCursor = page.next ? encodeKeyCursor(MATTERS_LIST, page.next) : null;
  const path = href("/api/v1/cities/:locationKey/matters", { locationKey: cityParam(city.key) });
  return {
    matters: page.matters.map((matter) => matterOf(city.key, matter)),
    nextCursor,
    links: { next: nextLink(path, { status: query.status, type: query.type, limit: query.limit }, nextCursor) },
  };
}

export type ApiMatterVote = {
  person: { id: number; name: string; links: { page: string; self: string } | null };
  vote: string | null;
  voteName: string | null;
};

export type ApiMatterAction = {
  id: number;
  date: string | null;
  bodyName: string | null;
  action: string | null;
  result: string | null;
  passed: boolean | null;
  tally: string | null;
  mover: string | null;
  seconder: string | null;
  eventId: number | null;
  meeting: { id: string; seconds: number | null; links: { moment: string; self: string } } | null;
  votes: ApiMatterVote[];
  links: { event: string | null };
};

export type ApiMatterDetail = {
  matter: ApiMatterSummary & {
    updatedAt: string;
    sponsors: {
      person: { id: number; name: string; links: { page: string; self: string } | null } | null;
      name: string;
      primary: boolean;
    }[];
    attachments: { name: string; url: string }[];
    actions: ApiMatterAction[];
  };
};

/** One matter by its file number: sponsors, attachments, and every action in every body with its votes and the video's moment. */
export async function getCityMatter(cityKey: string, fileText: string): Promise<ApiMatterDetail> {
  const city = await liveCity(cityKey);
  const file = parseMatterFile(fileText);
  const matter = file === null ? null : await getMatter(city.id, file);
  if (!matter) throw new ApiProblem("not-found", `The official record of ${city.ref.name} has no matter ${fileText}.`);
  const personLinks = (personId: number) => {
    const { page, self } = personPaths(city.key, personId);
    return { page, self };
  };
  return {
    matter: {
      ...matterOf(city.key, matter),
      updatedAt: matter.updatedAt.toISOString(),
      sponsors: matter.sponsors.map((sponsor) => ({
        person:
          sponsor.personId === null
            ? null
            : {
                id: sponsor.personId,
                name: sponsor.name,
                links: sponsor.known ? personLinks(sponsor.personId) : null,
              },
        name: sponsor.name,
        primary: sponsor.primary,
      })),
      attachments: matter.attachments,
      actions: matter.actions.map((action): ApiMatterAction => ({
        id: action.id,
        date: action.date,
        bodyName: action.bodyName,
        action: action.action,
        result: action.passed,
        passed: passedOf(action.passed),
        tally: action.tally,
        mover: action.mover,
        seconder: action.seconder,
        eventId: action.eventId,
        meeting: action.meetingId
          ? {
              id: action.meetingId,
              seconds: action.seconds,
              links: {
                moment: pageUrl(meetingHref(action.meetingId, { cityKey: city.key, seconds: action.seconds })),
                self: pageUrl(href("/api/v1/meetings/:meetingId", { meetingId: action.meetingId })),
              },
            }
          : null,
        votes: action.votes.map((vote) => ({
          person: { id: vote.personId, name: vote.name, links: vote.known ? personLinks(vote.personId) : null },
          vote: vote.value,
          voteName: vote.valueName,
        })),
        links: { event: action.eventId === null ? null : eventLinks(city.key, action.eventId).self },
      })),
    },
  };
}

// ---------------------------------------------------------------- events

function eventLinks(cityKey: string, eventId: number, meetingId: string | null = null) {
  const params = { locationKey: cityParam(cityKey), eventId: String(eventId) };
  return {
    page: pageUrl(meetingId ? meetingHref(meetingId, { cityKey }) : href("/city/:locationKey/events/:eventId", params)),
    self: pageUrl(href("/api/v1/cities/:locationKey/events/:eventId", params)),
    meeting: meetingId ? pageUrl(href("/api/v1/meetings/:meetingId", { meetingId })) : null,
  };
}

export type ApiEventSummary = {
  id: number;
  body: { id: number; name: string };
  date: string | null;
  time: string | null;
  startsAt: string | null;
  when: string;
  location: string | null;
  agendaUrl: string | null;
  minutesUrl: string | null;
  legistarUrl: string | null;
  meetingId: string | null;
  links: { page: string; self: string; meeting: string | null };
};

function eventOf(cityKey: string, event: EventView, meetingId: string | null): ApiEventSummary {
  return {
    id: event.id,
    body: { id: event.bodyId, name: event.bodyName },
    date: event.date,
    time: event.time,
    startsAt: event.startsAt,
    when: event.when,
    location: event.location,
    agendaUrl: event.agendaUrl,
    minutesUrl: event.minutesUrl,
    legistarUrl: event.pageUrl,
    meetingId,
    links: eventLinks(cityKey, event.id, meetingId),
  };
}

const EVENTS_LIST = "events";
const EVENT_KEY_PARTS = ["date?", "int", "int"] as const;

/** The city's events, past and upcoming, newest or oldest first, between two local days, a page at a time. */
export async function listCityEvents(
  cityKey: string,
  query: {
    from: string | null;
    to: string | null;
    order: "newest" | "oldest";
    cursor: string | null;
    limit: number;
  },
): Promise<ApiPage<"events", ApiEventSummary>> {
  const city = await liveCity(cityKey);
  const list = `${EVENTS_LIST}-${query.order}`;
  const after = query.cursor === null ? null : decodeKeyCursor(query.cursor, list, EVENT_KEY_PARTS);
  if (query.cursor !== null && !after) throw badCursor();
  const page = await listEvents(city.id, {
    from: query.from,
    to: query.to,
    order: query.order,
    after: after as EventKey | null,
    limit: query.limit,
  });
  const nextCursor = page.next ? encodeKeyCursor(list, page.next) : null;
  const path = href("/api/v1/cities/:locationKey/events", { locationKey: cityParam(city.key) });
  return {
    events: page.events.map(({ event, meetingId }) => eventOf(city.key, event, meetingId)),
    nextCursor,
    links: {
      next: nextLink(
        path,
        { from: query.from, to: query.to, order: query.order === "newest" ? null : query.order, limit: query.limit },
        nextCursor,
      ),
    },
  };
}

export type ApiAgendaItem = {
  id: number;
  number: string | null;
  title: string;
  consent: boolean;
  matter: { file: string; links: { page: string; self: string } | null } | null;
  action: string | null;
  result: string | null;
  passed: boolean | null;
  tally: string | null;
  moment: { seconds: number; source: "record" | "transcript"; links: { moment: string } } | null;
};

function agendaItemOf(cityKey: string, item: AgendaItemView, meetingId: string | null): ApiAgendaItem {
  return {
    id: item.id,
    number: item.number,
    title: item.title,
    consent: item.consent,
    matter: item.matterFile
      ? { file: item.matterFile, links: item.matterStored ? matterLinks(cityKey, item.matterFile) : null }
      : null,
    action: item.action,
    result: item.passed,
    passed: passedOf(item.passed),
    tally: item.tally,
    moment:
      item.moment && meetingId
        ? {
            seconds: item.moment.seconds,
            source: item.moment.source,
            links: { moment: pageUrl(meetingHref(meetingId, { cityKey, seconds: item.moment.seconds })) },
          }
        : null,
  };
}

/** One event with its agenda: each item's number, title, matter, official action, tally and passed flag, and the video's moment when known. */
export async function getCityEvent(
  cityKey: string,
  eventIdText: string,
): Promise<{ event: ApiEventSummary & { items: ApiAgendaItem[] } }> {
  const city = await liveCity(cityKey);
  const eventId = /^\d{1,10}$/.test(eventIdText) ? Number(eventIdText) : NaN;
  const found = await cityEvent(city.id, eventId);
  if (!found) throw new ApiProblem("not-found", `The official record of ${city.ref.name} has no event ${eventIdText}.`);
  // Matched to a video: its agenda with the moments (as the meeting page shows it).
  const agenda = (found.meetingId ? await meetingAgenda(found.meetingId) : null) ?? found.agenda;
  return {
    event: {
      ...eventOf(city.key, agenda.event, found.meetingId),
      items: agenda.items.map((item) => agendaItemOf(city.key, item, found.meetingId)),
    },
  };
}
