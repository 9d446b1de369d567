import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  legislativeSources,
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
import { saveLegislativeSource } from "~/lib/legistar/store.server";
import { syncLegislativeRecord } from "~/lib/legistar/sync.server";
import { dbTag, getTestDb } from "../setup";
import { createCity } from "../support/factories";
import type { Row } from "../support/fake-legistar-server";
import { fakeLegistarPerTest } from "../support/fake-legistar-per-test";
import { mapleFalls } from "../support/legistar-fixtures";

/**
 * The incremental sync of the official record (issue 29, deliverable 2)
 * against the fake Legistar API: everything stored with its raw record, a
 * re-run that writes nothing, the 72-hour look-back finding minutes
 * published without an event change, vote names that differ by city, a
 * failure halfway that keeps what was stored, and a deleted record (410).
 */

const legistar = fakeLegistarPerTest();

const FIRST_RUN = new Date("2026-11-18T06:00:00Z");
const NEXT_DAY = new Date("2026-11-19T06:00:00Z");

async function mapleFallsCity(client = "maplefalls", votePatterns = {}) {
  const city = await createCity({ name: "Maple Falls" });
  await saveLegislativeSource(city.id, { clientId: client, timeZone: "America/Chicago", votePatterns });
  return city.id;
}

const TABLES = {
  bodies: legistarBodies,
  persons: legistarPersons,
  officeRecords: legistarOfficeRecords,
  events: legistarEvents,
  eventItems: legistarEventItems,
  votes: legistarVotes,
  matters: legistarMatters,
  matterHistories: legistarMatterHistories,
  matterSponsors: legistarMatterSponsors,
  matterAttachments: legistarMatterAttachments,
};

async function stored(cityId: string): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await getTestDb().select({ n: count() }).from(table).where(eq(table.cityId, cityId));
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

async function source(cityId: string) {
  const [row] = await getTestDb().select().from(legislativeSources).where(eq(legislativeSources.cityId, cityId));
  return row!;
}

async function votesOf(cityId: string, itemId: number) {
  return getTestDb()
    .select({
      kind: legistarVotes.kind,
      person: legistarVotes.personName,
      name: legistarVotes.valueName,
      value: legistarVotes.value,
    })
    .from(legistarVotes)
    .where(and(eq(legistarVotes.cityId, cityId), eq(legistarVotes.eventItemLegistarId, itemId)))
    .orderBy(asc(legistarVotes.legistarId));
}

describe(`the Legistar sync ${dbTag}`, () => {
  it("stores the whole record on the first run, each row with its raw record and last-modified time", async () => {
    const cityId = await mapleFallsCity();
    const result = await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    expect(result.error).toBeNull();
    const expected = {
      bodies: 2,
      persons: 4,
      officeRecords: 6,
      events: 3,
      eventItems: 7,
      votes: 14, // 10 votes on 3 items, 4 answers to a roll call
      matters: 2,
      matterHistories: 3,
      matterSponsors: 3,
      matterAttachments: 2,
    };
    expect(await stored(cityId)).toEqual(expected);
    expect(result.written).toEqual({ ...expected, removed: 0 });

    const [item] = await getTestDb()
      .select()
      .from(legistarEventItems)
      .where(and(eq(legistarEventItems.cityId, cityId), eq(legistarEventItems.legistarId, 14342)));
    expect(item).toMatchObject({
      eventLegistarId: 902,
      agendaNumber: "7.1",
      actionName: "adopted",
      passedFlagName: "Pass",
      tally: "3:1",
      mover: "Tomas Lindqvist",
      seconder: "Renee Baptiste",
      consent: false,
      matterLegistarId: 1364,
      matterFile: "ORD 2026-14",
      videoIndex: 1912,
    });
    expect(item!.raw).toEqual(mapleFalls().eventItems![902]![2]);
    expect(item!.lastModified).toEqual(new Date("2026-11-10T17:22:41.770Z"));

    expect(await votesOf(cityId, 14343)).toEqual([
      { kind: "vote", person: "Grace Okafor", name: "Nay", value: "no" },
      { kind: "vote", person: "Tomas Lindqvist", name: "Abstain", value: "abstain" },
      { kind: "vote", person: "Renee Baptiste", name: "Nay", value: "no" },
      { kind: "vote", person: "Daniel Huang", name: "Aye", value: "yes" },
    ]);
    expect((await votesOf(cityId, 14340)).map(({ kind, value }) => `${kind}:${value}`)).toEqual([
      "roll-call:present",
      "roll-call:present",
      "roll-call:present",
      "roll-call:absent",
    ]);

    const histories = await getTestDb()
      .select({ body: legistarMatterHistories.bodyName, action: legistarMatterHistories.actionName })
      .from(legistarMatterHistories)
      .where(and(eq(legistarMatterHistories.cityId, cityId), eq(legistarMatterHistories.matterLegistarId, 1364)))
      .orderBy(asc(legistarMatterHistories.actionDate));
    expect(histories).toEqual([
      { body: "Finance Committee", action: "recommended for approval" },
      { body: "City Council", action: "adopted" },
    ]);
    const [office] = await getTestDb()
      .select()
      .from(legistarOfficeRecords)
      .where(and(eq(legistarOfficeRecords.cityId, cityId), eq(legistarOfficeRecords.legistarId, 5006)));
    expect(office).toMatchObject({
      personLegistarId: 244,
      bodyLegistarId: 141,
      title: "Member",
      endDate: "2026-06-30",
    });

    const after = await source(cityId);
    expect(after.lastSyncedAt).toEqual(FIRST_RUN);
    expect(after.lastError).toBeNull();
  });

  it("stores nothing twice: a re-run writes no row", async () => {
    const cityId = await mapleFallsCity();
    await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    const before = await stored(cityId);
    legistar.requests.length = 0;
    const again = await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    expect(again.error).toBeNull();
    expect(Object.values(again.written).every((n) => n === 0)).toBe(true);
    expect(await stored(cityId)).toEqual(before);
    expect(legistar.requests.length).toBeGreaterThan(0);
  });

  it("finds minutes published without an event change through the look-back, and reads only that window", async () => {
    const cityId = await mapleFallsCity();
    await syncLegislativeRecord(cityId, { now: FIRST_RUN });

    // The clerk publishes the November 17 minutes; the event's modified time does not move.
    const council = legistar.clients.maplefalls!.events!.find((event) => event.EventId === 902)!;
    council.EventMinutesFile = "https://maplefalls.legistar1.example/meetings/2026-11-17/902_M_Minutes.pdf";
    council.EventMinutesStatusName = "Final";
    legistar.requests.length = 0;

    const result = await syncLegislativeRecord(cityId, { now: NEXT_DAY });
    expect(result.error).toBeNull();
    expect(result.written.events).toBe(1);
    const [event] = await getTestDb()
      .select({ minutes: legistarEvents.minutesUrl })
      .from(legistarEvents)
      .where(and(eq(legistarEvents.cityId, cityId), eq(legistarEvents.legistarId, 902)));
    expect(event!.minutes).toBe(council.EventMinutesFile);

    const eventsRequest = legistar.requests.find(({ path }) => path === "events")!;
    expect(eventsRequest.query.$filter).toBe(
      "EventLastModifiedUtc ge datetime'2026-11-15T06:00:00' or EventDate ge datetime'2026-11-16T00:00:00'",
    );
    const itemPaths = legistar.requests.map(({ path }) => path).filter((path) => path.endsWith("/eventitems"));
    expect(itemPaths).toEqual(["events/902/eventitems", "events/903/eventitems"]);
  });

  it("maps vote values by their names, with the city's own names, never by their ids", async () => {
    const renamed = mapleFalls();
    const names: Record<string, string> = { Aye: "Yea", Nay: "Opposed", Abstain: "Excused" };
    for (const votes of Object.values(renamed.votes!))
      for (const vote of votes as Row[]) {
        vote.VoteValueName = names[vote.VoteValueName as string] ?? vote.VoteValueName;
        vote.VoteValueId = 16; // ids mean nothing across cities: the same id for every name here
      }
    legistar.clients.cedarport = renamed;
    const cityId = await mapleFallsCity("cedarport", { no: ["Opposed"] });
    expect((await syncLegislativeRecord(cityId, { now: FIRST_RUN })).error).toBeNull();
    expect((await votesOf(cityId, 14343)).map(({ name, value }) => `${name}:${value}`)).toEqual([
      "Opposed:no",
      "Excused:absent",
      "Opposed:no",
      "Yea:yes",
    ]);
  });

  it("keeps what was stored when a request fails halfway, shows the message on the source, and finishes on the next run", async () => {
    const cityId = await mapleFallsCity();
    legistar.clients.maplefalls!.malformed = ["matters/1364/histories"];
    const failed = await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    expect(failed.error).toBe("Legistar answered Matters/1364/Histories with something that is not JSON.");
    const kept = await stored(cityId);
    expect(kept).toMatchObject({ bodies: 2, persons: 4, events: 3, eventItems: 7, votes: 14, matters: 1 });
    expect(kept.matterHistories).toBe(0);
    const afterFailure = await source(cityId);
    expect(afterFailure.lastError).toBe(failed.error);
    expect(afterFailure.lastErrorAt).not.toBeNull();
    expect(afterFailure.lastSyncedAt).toBeNull();

    legistar.clients.maplefalls!.malformed = [];
    const finished = await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    expect(finished.error).toBeNull();
    expect(await stored(cityId)).toMatchObject({ matters: 2, matterHistories: 3, eventItems: 7, votes: 14 });
    expect(finished.written.eventItems).toBe(0);
    const afterSuccess = await source(cityId);
    expect(afterSuccess.lastError).toBeNull();
    expect(afterSuccess.lastSyncedAt).toEqual(FIRST_RUN);
  });

  it("records a timeout as the source's error", async () => {
    process.env.LEGISTAR_TIMEOUT_MS = "300";
    const cityId = await mapleFallsCity();
    legistar.clients.maplefalls!.hang = ["officerecords"];
    const result = await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    expect(result.error).toBe("Legistar did not answer OfficeRecords within 0.3 seconds.");
    expect((await source(cityId)).lastError).toBe(result.error);
    expect(await stored(cityId)).toMatchObject({ bodies: 2, persons: 4, officeRecords: 0, events: 0 });
  });

  it("deletes a record Legistar answers 410 Gone for, with its children", async () => {
    const cityId = await mapleFallsCity();
    await syncLegislativeRecord(cityId, { now: FIRST_RUN });
    const client = legistar.clients.maplefalls!;
    client.matters = client.matters!.filter((matter) => matter.MatterId !== 1371);
    client.gone = ["matters/1371"];
    const result = await syncLegislativeRecord(cityId, { now: NEXT_DAY });
    expect(result.error).toBeNull();
    const matters = await getTestDb()
      .select({ id: legistarMatters.legistarId })
      .from(legistarMatters)
      .where(eq(legistarMatters.cityId, cityId));
    expect(matters).toEqual([{ id: 1364 }]);
    expect(await stored(cityId)).toMatchObject({ matterSponsors: 2, matterHistories: 2 });
  });
});
