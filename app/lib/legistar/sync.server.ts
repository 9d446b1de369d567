/**
 * The incremental sync of a city's official record from Legistar
 * (docs/decisions/0067-legistar-record.md):
 *
 *   const result = await syncLegislativeRecord(cityId);
 *   // { written: { events: 3, eventItems: 7, votes: 10, … }, error: null }
 *
 * - The first run reads everything; later runs read what changed since the
 *   last finished run began, less a 72-hour look-back, and every event held
 *   in the last 72 hours or upcoming (minutes and votes are often published
 *   without touching an event's modified time).
 * - An event is read with its items, and each voted item with its votes
 *   (roll calls for roll-call items); a matter with its history, sponsors
 *   and attachments. Matters named by an item read now are read too.
 * - Every record is upserted by its Legistar id; a record unchanged is not
 *   written again, so a re-run writes nothing. Children Legistar no longer
 *   lists are removed; a record it answers 410 Gone for is deleted here.
 * - Vote values are mapped by their names (vote-values.ts), never their ids.
 * - A failure stops the run where it is: what was stored stays, the message
 *   is recorded on the source, and the next run reads the same window again.
 * - Either way the city's events are then matched to its videos
 *   (matching.server.ts), and members' saved searches to the upcoming
 *   agendas (alerts/agenda-matching.server.ts, docs/decisions/0080).
 */
import type { Fetched, LegistarClientRef } from "./client.server";
import { LegistarError, legistarList, legistarOne, odataDatetime } from "./client.server";
import {
  bodyRecord,
  eventItemRecord,
  eventRecord,
  matterAttachmentRecord,
  matterHistoryRecord,
  matterRecord,
  matterSponsorRecord,
  officeRecord,
  personRecord,
  rollCallRecord,
  voteRecord,
  type BodyRecord,
  type EventItemRecord,
  type EventRecord,
  type MatterHistoryRecord,
  type MatterRecord,
  type MatterSponsorRecord,
  type OfficeRecord,
  type PersonRecord,
  type RollCallRecord,
  type VoteRecord,
} from "./records";
import {
  getLegislativeSource,
  markCityContentChanged,
  markSyncFailed,
  markSyncStarted,
  markSyncSucceeded,
  removeOtherChildren,
  removeRecord,
  upsertRecords,
} from "./store.server";
import {
  legistarBodies,
  legistarEventItems,
  legistarEvents,
  legistarMatterAttachments,
  legistarMatterHistories,
  legistarMatters,
  legistarMatterSponsors,
  legistarOfficeRecords,
  legistarPersons,
  legistarVotes,
} from "~/lib/db/schema";
import { refreshAgreements, refreshVoteCopies } from "./summaries.server";
import { voteValue, type VotePatterns } from "./vote-values";
import { DEMO_NOT_SYNCED, isDemoClient } from "./demo-record";
import { matchCityEvents } from "./matching.server";
import { queueNewMatterActions } from "~/lib/alerts/matter-follows.server";
import { matchCityAgendas } from "~/lib/alerts/agenda-matching.server";

export const LOOK_BACK_HOURS = 72;

export type SyncCounts = {
  bodies: number;
  persons: number;
  officeRecords: number;
  events: number;
  eventItems: number;
  votes: number;
  matters: number;
  matterHistories: number;
  matterSponsors: number;
  matterAttachments: number;
  removed: number;
};

export type SyncResult = { written: SyncCounts; error: string | null };

const emptyCounts = (): SyncCounts => ({
  bodies: 0,
  persons: 0,
  officeRecords: 0,
  events: 0,
  eventItems: 0,
  votes: 0,
  matters: 0,
  matterHistories: 0,
  matterSponsors: 0,
  matterAttachments: 0,
  removed: 0,
});

/** A Legistar timestamp (UTC, usually without a zone) as a Date. */
function utc(stamp: string | null): Date | null {
  if (!stamp) return null;
  return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(stamp) ? stamp : `${stamp}Z`);
}

/** A Legistar date ("2026-11-17T00:00:00", the city's local day) as YYYY-MM-DD. */
function day(stamp: string | null): string | null {
  return stamp ? stamp.slice(0, 10) : null;
}

/** The city's local day of `when`, as YYYY-MM-DD. */
export function localDay(when: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(when);
}

function sinceFilter(field: string, since: Date | null): string | undefined {
  return since ? `${field} ge ${odataDatetime(since)}` : undefined;
}

type Run = {
  cityId: string;
  ref: LegistarClientRef;
  patterns: VotePatterns;
  written: SyncCounts;
  /** The job's deadline: the run stops between two records. */
  signal?: AbortSignal;
};

async function syncEventItems(run: Run, event: EventRecord, matterIds: Set<number>): Promise<void> {
  const { cityId, ref } = run;
  const items = await legistarList(ref, `Events/${event.EventId}/EventItems`, eventItemRecord);
  run.written.eventItems += await upsertRecords(
    legistarEventItems,
    items.map(({ record, raw }) => itemRow(cityId, event.EventId, record, raw)),
  );
  run.written.removed += await removeOtherChildren(
    cityId,
    "items",
    event.EventId,
    items.map(({ record }) => record.EventItemId),
  );
  for (const { record: item } of items) {
    if (item.EventItemMatterId !== null) matterIds.add(item.EventItemMatterId);
    if (item.EventItemPassedFlagName) {
      const votes = await legistarList(ref, `EventItems/${item.EventItemId}/Votes`, voteRecord);
      run.written.votes += await upsertRecords(
        legistarVotes,
        votes.map(({ record, raw }) => voteRow(cityId, event, item, record, raw, run.patterns)),
      );
      run.written.removed += await removeOtherChildren(
        cityId,
        "votes",
        item.EventItemId,
        votes.map(({ record }) => record.VoteId),
      );
    } else if (item.EventItemRollCallFlag === 1) {
      const calls = await legistarList(ref, `EventItems/${item.EventItemId}/RollCalls`, rollCallRecord);
      run.written.votes += await upsertRecords(
        legistarVotes,
        calls.map(({ record, raw }) => rollCallRow(cityId, event, item, record, raw, run.patterns)),
      );
      run.written.removed += await removeOtherChildren(
        cityId,
        "roll-calls",
        item.EventItemId,
        calls.map(({ record }) => record.RollCallId),
      );
    }
  }
}

/**
 * What a vote copies from its item and event (docs/decisions/0072-person-page-at-scale.md);
 * its matter's type, and any copy gone stale, are set by refreshVoteCopies once the event's
 * items, or the matter, are stored.
 */
function copiesOf(event: EventRecord, item: EventItemRecord) {
  return {
    eventLegistarId: event.EventId,
    eventDate: day(event.EventDate),
    agendaSequence: item.EventItemAgendaSequence,
    passedFlagName: item.EventItemPassedFlagName,
  };
}

/** An event item as stored (also the test factories' way to store one). */
export function itemRow(cityId: string, eventId: number, record: EventItemRecord, raw: Record<string, unknown>) {
  const videoIndex = record.EventItemVideoIndex === null ? null : Math.round(Number(record.EventItemVideoIndex));
  return {
    cityId,
    legistarId: record.EventItemId,
    raw,
    lastModified: utc(record.EventItemLastModifiedUtc),
    eventLegistarId: eventId,
    agendaSequence: record.EventItemAgendaSequence,
    agendaNumber: record.EventItemAgendaNumber,
    title: record.EventItemTitle,
    actionName: record.EventItemActionName,
    passedFlagName: record.EventItemPassedFlagName,
    tally: record.EventItemTally,
    mover: record.EventItemMover,
    seconder: record.EventItemSeconder,
    consent: record.EventItemConsent === 1,
    matterLegistarId: record.EventItemMatterId,
    matterFile: record.EventItemMatterFile,
    videoIndex: Number.isFinite(videoIndex) ? videoIndex : null,
  };
}

/*
 * Each record as stored: the sync's one mapping from Legistar's fields to
 * the columns, also used by the demo data and the test factories, so the
 * record is written one way (upsertRecords) whoever brings it.
 */
type Raw = Record<string, unknown>;

export function bodyRow(cityId: string, record: BodyRecord, raw: Raw) {
  return {
    cityId,
    legistarId: record.BodyId,
    raw,
    lastModified: utc(record.BodyLastModifiedUtc),
    name: record.BodyName,
    typeName: record.BodyTypeName,
    active: record.BodyActiveFlag !== 0,
  };
}

export function personRow(cityId: string, record: PersonRecord, raw: Raw) {
  return {
    cityId,
    legistarId: record.PersonId,
    raw,
    lastModified: utc(record.PersonLastModifiedUtc),
    fullName: record.PersonFullName,
    active: record.PersonActiveFlag !== 0,
  };
}

export function officeRow(cityId: string, record: OfficeRecord, raw: Raw) {
  return {
    cityId,
    legistarId: record.OfficeRecordId,
    raw,
    lastModified: utc(record.OfficeRecordLastModifiedUtc),
    personLegistarId: record.OfficeRecordPersonId,
    bodyLegistarId: record.OfficeRecordBodyId,
    title: record.OfficeRecordTitle,
    memberType: record.OfficeRecordMemberType,
    startDate: day(record.OfficeRecordStartDate),
    endDate: day(record.OfficeRecordEndDate),
  };
}

export function eventRow(cityId: string, event: EventRecord, raw: Raw) {
  return {
    cityId,
    legistarId: event.EventId,
    raw,
    lastModified: utc(event.EventLastModifiedUtc),
    bodyLegistarId: event.EventBodyId,
    bodyName: event.EventBodyName,
    date: day(event.EventDate),
    time: event.EventTime,
    location: event.EventLocation,
    agendaUrl: event.EventAgendaFile,
    minutesUrl: event.EventMinutesFile,
    pageUrl: event.EventInSiteURL,
  };
}

export function voteRow(
  cityId: string,
  event: EventRecord,
  item: EventItemRecord,
  record: VoteRecord,
  raw: Raw,
  patterns: VotePatterns,
) {
  return {
    cityId,
    legistarId: record.VoteId,
    raw,
    lastModified: utc(record.VoteLastModifiedUtc),
    kind: "vote" as const,
    eventItemLegistarId: item.EventItemId,
    ...copiesOf(event, item),
    personLegistarId: record.VotePersonId,
    personName: record.VotePersonName,
    valueName: record.VoteValueName,
    value: voteValue(record.VoteValueName, patterns),
  };
}

export function rollCallRow(
  cityId: string,
  event: EventRecord,
  item: EventItemRecord,
  record: RollCallRecord,
  raw: Raw,
  patterns: VotePatterns,
) {
  return {
    cityId,
    legistarId: record.RollCallId,
    raw,
    lastModified: utc(record.RollCallLastModifiedUtc),
    kind: "roll-call" as const,
    eventItemLegistarId: item.EventItemId,
    ...copiesOf(event, item),
    personLegistarId: record.RollCallPersonId,
    personName: record.RollCallPersonName,
    valueName: record.RollCallValueName,
    value: voteValue(record.RollCallValueName, patterns),
  };
}

export function matterRow(cityId: string, matter: MatterRecord, raw: Raw) {
  return {
    cityId,
    legistarId: matter.MatterId,
    raw,
    lastModified: utc(matter.MatterLastModifiedUtc),
    file: matter.MatterFile,
    title: matter.MatterTitle ?? matter.MatterName,
    typeName: matter.MatterTypeName,
    statusName: matter.MatterStatusName,
    bodyLegistarId: matter.MatterBodyId,
    introDate: day(matter.MatterIntroDate),
    passedDate: day(matter.MatterPassedDate),
  };
}

export function historyRow(cityId: string, matterId: number, record: MatterHistoryRecord, raw: Raw) {
  return {
    cityId,
    legistarId: record.MatterHistoryId,
    raw,
    lastModified: utc(record.MatterHistoryLastModifiedUtc),
    matterLegistarId: matterId,
    eventLegistarId: record.MatterHistoryEventId,
    actionDate: day(record.MatterHistoryActionDate),
    actionName: record.MatterHistoryActionName,
    bodyName: record.MatterHistoryActionBodyName,
    passedFlagName: record.MatterHistoryPassedFlagName,
    tally: record.MatterHistoryTally,
    mover: typeof raw.MatterHistoryMoverName === "string" ? raw.MatterHistoryMoverName : null,
    seconder: typeof raw.MatterHistorySeconderName === "string" ? raw.MatterHistorySeconderName : null,
  };
}

export function sponsorRow(cityId: string, matterId: number, record: MatterSponsorRecord, raw: Raw) {
  return {
    cityId,
    legistarId: record.MatterSponsorId,
    raw,
    lastModified: utc(record.MatterSponsorLastModifiedUtc),
    matterLegistarId: matterId,
    personLegistarId: record.MatterSponsorNameId,
    name: record.MatterSponsorName,
    sequence: record.MatterSponsorSequence,
  };
}

async function syncMatter(run: Run, { record: matter, raw }: Fetched<MatterRecord>): Promise<void> {
  const { cityId, ref } = run;
  run.written.matters += await upsertRecords(legistarMatters, [matterRow(cityId, matter, raw)]);
  const id = matter.MatterId;
  const histories = await legistarList(ref, `Matters/${id}/Histories`, matterHistoryRecord);
  run.written.matterHistories += await upsertRecords(
    legistarMatterHistories,
    histories.map(({ record, raw }) => historyRow(cityId, id, record, raw)),
  );
  run.written.removed += await removeOtherChildren(
    cityId,
    "histories",
    id,
    histories.map(({ record }) => record.MatterHistoryId),
  );
  // "Follow this bill": an action its followers have not seen is mailed to them, once (docs/decisions/0076).
  await queueNewMatterActions(cityId, id);
  const sponsors = await legistarList(ref, `Matters/${id}/Sponsors`, matterSponsorRecord);
  run.written.matterSponsors += await upsertRecords(
    legistarMatterSponsors,
    sponsors.map(({ record, raw }) => sponsorRow(cityId, id, record, raw)),
  );
  run.written.removed += await removeOtherChildren(
    cityId,
    "sponsors",
    id,
    sponsors.map(({ record }) => record.MatterSponsorId),
  );
  const attachments = await legistarList(ref, `Matters/${id}/Attachments`, matterAttachmentRecord);
  run.written.matterAttachments += await upsertRecords(
    legistarMatterAttachments,
    attachments.map(({ record, raw }) => ({
      cityId,
      legistarId: record.MatterAttachmentId,
      raw,
      lastModified: utc(record.MatterAttachmentLastModifiedUtc),
      matterLegistarId: id,
      name: record.MatterAttachmentName,
      url: record.MatterAttachmentHyperlink,
    })),
  );
  await refreshVoteCopies(cityId, { matter: id });
  run.written.removed += await removeOtherChildren(
    cityId,
    "attachments",
    id,
    attachments.map(({ record }) => record.MatterAttachmentId),
  );
}

const gone = (error: unknown) => error instanceof LegistarError && error.kind === "gone";

async function runSync(run: Run, since: Date | null, recentDay: string): Promise<void> {
  const { cityId, ref } = run;

  const bodies = await legistarList(ref, "Bodies", bodyRecord, {
    filter: sinceFilter("BodyLastModifiedUtc", since),
  });
  run.written.bodies += await upsertRecords(
    legistarBodies,
    bodies.map(({ record, raw }) => bodyRow(cityId, record, raw)),
  );

  const persons = await legistarList(ref, "Persons", personRecord, {
    filter: sinceFilter("PersonLastModifiedUtc", since),
  });
  run.written.persons += await upsertRecords(
    legistarPersons,
    persons.map(({ record, raw }) => personRow(cityId, record, raw)),
  );

  const offices = await legistarList(ref, "OfficeRecords", officeRecord, {
    filter: sinceFilter("OfficeRecordLastModifiedUtc", since),
  });
  run.written.officeRecords += await upsertRecords(
    legistarOfficeRecords,
    offices.map(({ record, raw }) => officeRow(cityId, record, raw)),
  );

  const events = await legistarList(ref, "Events", eventRecord, {
    filter: since
      ? `${sinceFilter("EventLastModifiedUtc", since)} or EventDate ge datetime'${recentDay}T00:00:00'`
      : undefined,
    orderby: "EventId",
  });
  const matterIds = new Set<number>();
  for (const { record: event, raw } of events) {
    run.signal?.throwIfAborted();
    run.written.events += await upsertRecords(legistarEvents, [eventRow(cityId, event, raw)]);
    try {
      await syncEventItems(run, event, matterIds);
      await refreshVoteCopies(cityId, { event: event.EventId });
    } catch (error) {
      if (!gone(error)) throw error;
      await removeRecord(cityId, "event", event.EventId);
      run.written.removed += 1;
    }
  }

  const matters = await legistarList(ref, "Matters", matterRecord, {
    filter: sinceFilter("MatterLastModifiedUtc", since),
    orderby: "MatterId",
  });
  const listed = new Set(matters.map(({ record }) => record.MatterId));
  for (const matter of matters) {
    run.signal?.throwIfAborted();
    try {
      await syncMatter(run, matter);
    } catch (error) {
      if (!gone(error)) throw error;
      await removeRecord(cityId, "matter", matter.record.MatterId);
      await refreshVoteCopies(cityId, { matter: matter.record.MatterId });
      run.written.removed += 1;
    }
  }
  // Matters on the agendas read now that were not modified in the window: read them too.
  for (const id of [...matterIds].filter((id) => !listed.has(id)).sort((a, b) => a - b)) {
    run.signal?.throwIfAborted();
    try {
      await syncMatter(run, await legistarOne(ref, `Matters/${id}`, matterRecord));
    } catch (error) {
      if (!gone(error)) throw error;
      await removeRecord(cityId, "matter", id);
      await refreshVoteCopies(cityId, { matter: id });
      run.written.removed += 1;
    }
  }
}

/**
 * A run that wrote something: the agreements are recomputed when votes were
 * written or removed (a removal may be a vote, an item or a whole event).
 * (The votes' copies follow each event and matter as it is stored.)
 */
async function refreshSummaries(run: Run): Promise<void> {
  if (run.written.votes > 0 || run.written.removed > 0) await refreshAgreements(run.cityId);
}

/**
 * Brings the city's official record up to date. Never throws for Legistar's
 * failures: the result (and the source) carries the message.
 */
export async function syncLegislativeRecord(
  cityId: string,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<SyncResult> {
  const source = await getLegislativeSource(cityId);
  if (!source) throw new Error(`The city ${cityId} has no legislative source.`);
  // The demo's record is its own: never a request to Legistar (requests.server.ts queues none either).
  if (isDemoClient(source.clientId)) return { written: emptyCounts(), error: DEMO_NOT_SYNCED };
  const run: Run = {
    cityId,
    ref: { client: source.clientId, token: source.token },
    patterns: source.votePatterns as VotePatterns,
    written: emptyCounts(),
    signal,
  };
  const lookBack = LOOK_BACK_HOURS * 3_600_000;
  const since = source.lastSyncedAt ? new Date(source.lastSyncedAt.getTime() - lookBack) : null;
  const recentDay = localDay(new Date(now.getTime() - lookBack), source.timeZone);
  await markSyncStarted(cityId, now);
  const changed = () => Object.values(run.written).some((count) => count > 0);
  try {
    await runSync(run, since, recentDay);
  } catch (error) {
    if (changed()) await refreshSummaries(run);
    if (changed()) await markCityContentChanged(cityId);
    const message =
      error instanceof LegistarError
        ? error.message
        : signal?.aborted
          ? "The sync stopped at its time limit: what it stored is kept, and the next run writes only what is missing."
          : `The sync stopped: ${error instanceof Error ? error.message : String(error)}`;
    await markSyncFailed(cityId, message, new Date());
    await matchCityEvents(cityId);
    await matchCityAgendas(cityId, now);
    return { written: run.written, error: message };
  }
  if (changed()) await refreshSummaries(run);
  if (changed()) await markCityContentChanged(cityId);
  await markSyncSucceeded(cityId, now);
  await matchCityEvents(cityId);
  await matchCityAgendas(cityId, now);
  return { written: run.written, error: null };
}

/** For the Test button: the city's bodies, or why not. */
export async function listBodies(ref: LegistarClientRef): Promise<string[]> {
  const bodies = await legistarList(ref, "Bodies", bodyRecord, { orderby: "BodyName" });
  return bodies.map(({ record }) => record.BodyName);
}
