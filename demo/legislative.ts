/**
 * The demo cities' official records (issue 29, deliverable 9), in the shapes
 * and with the field names the Legistar Web API sends, so the seed stores
 * them through the sync's own row mapping (demo/seed.server.ts). Fictional,
 * and consistent with the demo meetings:
 *
 * - each city's council and planning commission is a body; their members
 *   (demo/transcripts/rosters.ts) are people with office records;
 * - each demo meeting of those bodies is an event on its day; a composed
 *   meeting's agenda is its items, numbered as the chair says them, each
 *   voted item with the action, passed flag and tally of its last vote and
 *   the votes person by person (the noes are those who said no);
 * - Alder Creek's special meeting of August 18, 2026 (demo/decisions.ts)
 *   records the veto override as failed 2-2, as said, and the appeal as
 *   denied 5-0 where the transcript says four to one: the one deliberate
 *   disagreement, so the meeting page shows the record beside the transcript;
 * - two matters are followed across bodies with their histories: the
 *   short-term rental ordinance and the car wash sign permit appeal, from the
 *   Planning Commission to the City Council;
 * - each Live or New city's council has two upcoming meetings, 7 and 21 days
 *   after the seeding day.
 */
import { DEMO_CLIENT_PREFIX } from "~/lib/legistar/demo-record";
import { seedCity } from "./cities";
import { DECISIONS_MEETING_KEY } from "./decisions";
import { SEED_VIDEOS, type SeedVideo } from "./meetings";
import { seedSource } from "./sources";
import { rosterFor } from "./transcripts/rosters";
import { addDays } from "./transcripts/types";
import type { Person, Roster } from "./transcripts/types";

type Row = Record<string, unknown>;

export type DemoEvent = { event: Row; items: { item: Row; votes: Row[] }[] };
export type DemoMatter = { matter: Row; histories: Row[]; sponsors: Row[] };
export type DemoLegislativeRecord = {
  cityKey: string;
  clientId: string;
  timeZone: string;
  bodies: Row[];
  persons: Row[];
  offices: Row[];
  events: DemoEvent[];
  matters: DemoMatter[];
};

const MODIFIED = "2026-11-20T17:00:00";

const TIME_ZONES: Record<string, string> = {
  CA: "America/Los_Angeles",
  OR: "America/Los_Angeles",
  NV: "America/Los_Angeles",
  AZ: "America/Phoenix",
  MN: "America/Chicago",
  PA: "America/New_York",
};

/** "6:00 PM" for minutes after midnight, as Legistar writes an event's time. */
function legistarTime(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes % 60).padStart(2, "0")} ${hours >= 12 ? "PM" : "AM"}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The action a carried motion records, by what the mover said. */
function actionOf(motion: string, passed: boolean): string {
  if (!passed) return "Failed";
  if (/\bdeny\b/i.test(motion)) return "Denied";
  if (/\badopt/i.test(motion)) return "Adopted";
  if (/\b(continue|postpone)/i.test(motion)) return "Continued";
  if (/\brefer/i.test(motion)) return "Referred";
  return "Approved";
}

/** Ids and rows of one city's record, numbered as they are made. */
class CityRecord {
  readonly bodies: Row[] = [];
  readonly persons: Row[] = [];
  readonly offices: Row[] = [];
  readonly events: DemoEvent[] = [];
  readonly matters: DemoMatter[] = [];
  private readonly bodyIds = new Map<string, number>();
  private readonly personIds = new Map<string, number>();
  private itemId = 60_000;
  private voteId = 700_000;

  body(name: string, type: string): number {
    const known = this.bodyIds.get(name);
    if (known) return known;
    const id = 100 + this.bodies.length;
    this.bodyIds.set(name, id);
    this.bodies.push({
      BodyId: id,
      BodyName: name,
      BodyTypeName: type,
      BodyActiveFlag: 1,
      BodyMeetFlag: 1,
      BodyLastModifiedUtc: MODIFIED,
    });
    return id;
  }

  person(who: Person): number {
    const known = this.personIds.get(who.full);
    if (known) return known;
    const id = 1000 + this.persons.length;
    this.personIds.set(who.full, id);
    this.persons.push({
      PersonId: id,
      PersonFirstName: who.first,
      PersonLastName: who.last,
      PersonFullName: who.full,
      PersonActiveFlag: 1,
      PersonLastModifiedUtc: MODIFIED,
    });
    return id;
  }

  personId(full: string): number {
    return this.personIds.get(full)!;
  }

  /** A body's members with their seats, from its roster. */
  seat(roster: Roster, bodyId: number, bodyName: string): void {
    for (const [who, title] of [[roster.chair, roster.chair.title], ...roster.members.map((m) => [m, m.title])] as [
      Person,
      string,
    ][]) {
      const personId = this.person(who);
      this.offices.push({
        OfficeRecordId: 2000 + this.offices.length,
        OfficeRecordPersonId: personId,
        OfficeRecordFullName: who.full,
        OfficeRecordFirstName: who.first,
        OfficeRecordLastName: who.last,
        OfficeRecordBodyId: bodyId,
        OfficeRecordBodyName: bodyName,
        OfficeRecordTitle: title,
        OfficeRecordMemberType: "Voting Member",
        OfficeRecordStartDate: "2025-01-01T00:00:00",
        OfficeRecordEndDate: "2028-12-31T00:00:00",
        OfficeRecordLastModifiedUtc: MODIFIED,
      });
    }
  }

  event(input: { bodyId: number; bodyName: string; date: string; time: string; comment?: string }): DemoEvent {
    const event: DemoEvent = {
      event: {
        EventId: 5000 + this.events.length,
        EventBodyId: input.bodyId,
        EventBodyName: input.bodyName,
        EventDate: `${input.date}T00:00:00`,
        EventTime: input.time,
        EventLocation: "Council Chambers, City Hall",
        EventComment: input.comment ?? null,
        EventAgendaFile: null,
        EventMinutesFile: null,
        EventInSiteURL: null,
        EventLastModifiedUtc: MODIFIED,
      },
      items: [],
    };
    this.events.push(event);
    return event;
  }

  item(
    event: DemoEvent,
    input: {
      number: string;
      title: string;
      action?: string | null;
      passed?: boolean | null;
      tally?: string | null;
      consent?: boolean;
      matter?: { id: number; file: string } | null;
      /** Each voter's vote value name ("Aye", "Nay", "Recused"), by full name. */
      votes?: [string, string][];
    },
  ): number {
    const id = this.itemId++;
    const passed = input.passed === undefined || input.passed === null ? null : input.passed ? "Pass" : "Fail";
    event.items.push({
      item: {
        EventItemId: id,
        EventItemEventId: event.event.EventId,
        EventItemAgendaSequence: event.items.length + 1,
        EventItemAgendaNumber: input.number,
        EventItemTitle: input.title,
        EventItemActionName: input.action ?? null,
        EventItemPassedFlagName: passed,
        EventItemTally: input.tally ?? null,
        EventItemMover: null,
        EventItemSeconder: null,
        EventItemConsent: input.consent ? 1 : 0,
        EventItemRollCallFlag: 0,
        EventItemMatterId: input.matter?.id ?? null,
        EventItemMatterFile: input.matter?.file ?? null,
        EventItemVideoIndex: null,
        EventItemLastModifiedUtc: MODIFIED,
      },
      votes: (input.votes ?? []).map(([full, value]) => ({
        VoteId: this.voteId++,
        VotePersonId: this.personId(full),
        VotePersonName: full,
        VoteValueName: value,
        VoteEventItemId: id,
        VoteLastModifiedUtc: MODIFIED,
      })),
    });
    return id;
  }
}

/** The body's roster, or null for a body whose meetings name no members (brief or no transcripts). */
function rosterOrNull(sourceKey: string): Roster | null {
  try {
    return rosterFor(sourceKey);
  } catch {
    return null;
  }
}

/** Everyone who votes in the body, the chair last (as the clerk calls them). */
const voters = (roster: Roster) => [...roster.members, roster.chair];

/** A composed meeting's agenda as the record lists it. */
function composedItems(record: CityRecord, event: DemoEvent, video: SeedVideo, roster: Roster): void {
  const composed = video.meeting!;
  const all = voters(roster);
  const unanimous = (): [string, string][] => all.map((who) => [who.full, "Aye"]);
  if (roster.kind === "planning")
    record.item(event, {
      number: "3",
      title: "Approval of the minutes of the previous meeting",
      action: "Approved",
      passed: true,
      tally: `${all.length}-0`,
      votes: unanimous(),
    });
  else
    record.item(event, {
      number: "3",
      title: "Consent calendar",
      action: "Approved",
      passed: true,
      tally: `${all.length}-0`,
      consent: true,
      votes: unanimous(),
    });
  record.item(event, { number: "4", title: "Public comment on items not on the agenda" });
  for (const item of composed.items) {
    const vote = item.votes.at(-1);
    const noes = new Set(vote?.noes ?? []);
    record.item(event, {
      number: String(item.number),
      title: capitalize(item.built.title),
      action: vote ? actionOf(vote.motion, vote.passed) : null,
      passed: vote ? vote.passed : null,
      tally: vote?.tally ?? null,
      votes: vote ? all.map((who) => [who.full, noes.has(who.label) ? "Nay" : "Aye"]) : [],
    });
  }
}

const STR_ORDINANCE = { id: 8001, file: "ORD 2026-31" };
const SIGN_APPEAL = { id: 8002, file: "APL 2026-04" };

/** Alder Creek's special meeting: the record of demo/decisions.ts, with its one deliberate disagreement. */
function decisionsMeetingItems(record: CityRecord, event: DemoEvent, roster: Roster): void {
  record.item(event, {
    number: "1",
    title: "Mayor's veto of the short-term rental ordinance",
    action: "Veto sustained",
    passed: false,
    tally: "2-2",
    matter: STR_ORDINANCE,
    votes: [
      ["Daniel Chen", "Aye"],
      ["Ana Reyes", "Aye"],
      ["Tom Whitaker", "Nay"],
      ["Priya Raman", "Nay"],
      [roster.chair.full, "Recused"],
    ],
  });
  // The deliberate disagreement: the transcript hears Councilmember Reyes say no (four to one).
  record.item(event, {
    number: "2",
    title: "Appeal of the sign permit for the car wash on the frontage road",
    action: "Appeal denied",
    passed: true,
    tally: "5-0",
    matter: SIGN_APPEAL,
    votes: voters(roster).map((who) => [who.full, "Aye"]),
  });
}

function history(
  id: number,
  date: string,
  body: string,
  action: string,
  passed: "Pass" | "Fail" | null,
  tally: string | null,
  eventId: number | null,
): Row {
  return {
    MatterHistoryId: id,
    MatterHistoryActionDate: `${date}T00:00:00`,
    MatterHistoryActionName: action,
    MatterHistoryActionBodyName: body,
    MatterHistoryPassedFlagName: passed,
    MatterHistoryTally: tally,
    MatterHistoryMover: null,
    MatterHistorySeconder: null,
    MatterHistoryEventId: eventId,
    MatterHistoryLastModifiedUtc: MODIFIED,
  };
}

/** The two matters Alder Creek follows from its Planning Commission to its City Council. */
function alderCreekMatters(record: CityRecord, councilBodyId: number, specialEventId: number): void {
  const council = "Alder Creek City Council";
  const commission = "Alder Creek Planning Commission";
  const sponsor = (id: number, matterId: number, full: string) => ({
    MatterSponsorId: id,
    MatterSponsorMatterId: matterId,
    MatterSponsorNameId: record.personId(full),
    MatterSponsorName: full,
    MatterSponsorSequence: 1,
    MatterSponsorLastModifiedUtc: MODIFIED,
  });
  record.matters.push(
    {
      matter: {
        MatterId: STR_ORDINANCE.id,
        MatterFile: STR_ORDINANCE.file,
        MatterName: "Short-term rental ordinance",
        MatterTitle: "An ordinance regulating short-term rentals of homes in residential zones",
        MatterTypeName: "Ordinance",
        MatterStatusName: "Vetoed",
        MatterBodyId: councilBodyId,
        MatterIntroDate: "2026-05-19T00:00:00",
        MatterPassedDate: null,
        MatterLastModifiedUtc: MODIFIED,
      },
      histories: [
        history(9001, "2026-06-11", commission, "Recommended for approval", "Pass", "4-1", null),
        history(9002, "2026-07-21", council, "Adopted", "Pass", "3-2", null),
        history(9003, "2026-07-28", "Mayor", "Vetoed", null, null, null),
        history(9004, "2026-08-18", council, "Veto sustained", "Fail", "2-2", specialEventId),
      ],
      sponsors: [sponsor(9501, STR_ORDINANCE.id, "Ana Reyes")],
    },
    {
      matter: {
        MatterId: SIGN_APPEAL.id,
        MatterFile: SIGN_APPEAL.file,
        MatterName: "Car wash sign permit appeal",
        MatterTitle:
          "Appeal of the Planning Commission's approval of a sign permit for the car wash on the frontage road",
        MatterTypeName: "Appeal",
        MatterStatusName: "Denied",
        MatterBodyId: councilBodyId,
        MatterIntroDate: "2026-07-02T00:00:00",
        MatterPassedDate: "2026-08-18T00:00:00",
        MatterLastModifiedUtc: MODIFIED,
      },
      histories: [
        history(9011, "2026-06-11", commission, "Sign permit approved", "Pass", "5-0", null),
        history(9012, "2026-07-02", council, "Appeal filed", null, null, null),
        history(9013, "2026-08-18", council, "Appeal denied", "Pass", "5-0", specialEventId),
      ],
      sponsors: [],
    },
  );
}

/** Every demo city's record; `today` (YYYY-MM-DD, the seeding day) places the upcoming meetings. */
export function demoLegislativeRecords(today: string): DemoLegislativeRecord[] {
  const byCity = new Map<string, CityRecord>();
  const recordOf = (cityKey: string) => {
    const known = byCity.get(cityKey);
    if (known) return known;
    const made = new CityRecord();
    byCity.set(cityKey, made);
    return made;
  };
  let specialEventId: number | null = null;
  for (const video of SEED_VIDEOS) {
    const source = seedSource(video.sourceKey);
    if (source.body !== "council" && source.body !== "planning") continue;
    const roster = rosterOrNull(video.sourceKey);
    const record = recordOf(video.cityKey);
    const bodyId = record.body(
      source.bodyName,
      source.body === "council" ? "Primary Legislative Body" : "Planning Commission",
    );
    if (roster && record.offices.every((office) => office.OfficeRecordBodyId !== bodyId))
      record.seat(roster, bodyId, source.bodyName);
    const date = video.key.slice(-10);
    const special = /Special Meeting/.test(video.title);
    const event = record.event({
      bodyId,
      bodyName: source.bodyName,
      date,
      time: legistarTime(roster?.startMinutes ?? 18 * 60),
      comment: special ? "Special Meeting" : undefined,
    });
    if (roster && video.key === DECISIONS_MEETING_KEY) {
      decisionsMeetingItems(record, event, roster);
      specialEventId = event.event.EventId as number;
    } else if (roster && video.meeting) composedItems(record, event, video, roster);
  }
  const out: DemoLegislativeRecord[] = [];
  for (const [cityKey, record] of byCity) {
    const city = seedCity(cityKey);
    const council = SEED_VIDEOS.map((video) => seedSource(video.sourceKey)).find(
      (source) => source.cityKey === cityKey && source.body === "council",
    );
    if (council && (city.status === "Live" || city.status === "New")) {
      const startMinutes = rosterOrNull(council.key)?.startMinutes ?? 18 * 60;
      const bodyId = record.body(council.bodyName, "Primary Legislative Body");
      for (const days of [7, 21]) {
        const event = record.event({
          bodyId,
          bodyName: council.bodyName,
          date: addDays(today, days),
          time: legistarTime(startMinutes),
        });
        record.item(event, { number: "1", title: "Call to order and roll call" });
        record.item(event, { number: "2", title: "Consent calendar", consent: true });
        record.item(event, { number: "3", title: "Public comment on items not on the agenda" });
      }
    }
    if (cityKey === "alder-creek" && specialEventId !== null)
      alderCreekMatters(record, record.body("Alder Creek City Council", "Primary Legislative Body"), specialEventId);
    out.push({
      cityKey,
      clientId: `${DEMO_CLIENT_PREFIX}${cityKey}`,
      timeZone: TIME_ZONES[city.state] ?? "America/Chicago",
      bodies: record.bodies,
      persons: record.persons,
      offices: record.offices,
      events: record.events,
      matters: record.matters,
    });
  }
  return out;
}
