import { describe, expect, it } from "vitest";
import type { OfficialDecisionView } from "~/lib/legistar/pairing";
import { recordDisagreements } from "~/lib/legistar/record-decisions.server";
import { loader as contentLoader } from "~/routes/admin/content-management";
import { loader as apiMeetingLoader } from "~/routes/api/meeting";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { callLoader, dbTag, TEST_ORIGIN } from "../setup";
import { DECISIONS_MADE, DECISIONS_TRANSCRIPT, DENY_ITEM, VETO_ITEM } from "../support/decision-content";
import { createCity, createCitySource, createMeeting, createSignedInUser } from "../support/factories";
import { createLegislativeRecord, type RecordItemInput } from "../support/legistar-factories";

/**
 * The official record beside the transcript's decisions (issue 29,
 * deliverable 4; docs/decisions/0075): each verified decision paired with
 * the item of the matched event it is about, the record's action and tally
 * shown beside it, a disagreement said, and counted for the admin.
 *
 * The meeting (tests/support/decision-content.ts) decided three things: a
 * veto override that failed 6-6, a denial that carried 8-4 and a consent
 * agenda. In the record here the denial carried 9-3.
 */

const ITEMS: RecordItemInput[] = [
  {
    id: 9101,
    number: "1",
    title: "Mayor's veto of the library branch budget amendment",
    action: "Veto sustained",
    passed: "Fail",
    tally: "6-6",
  },
  {
    id: 9102,
    number: "2",
    title: "Four percent raise for appointed staff",
    action: "Denied",
    passed: "Pass",
    tally: "9-3",
    matterFile: "RES 2026-41",
  },
  { id: 9103, number: "3", title: "Consent agenda", action: "Adopted", passed: "Pass", tally: null },
];

async function meetingWithRecord(items: RecordItemInput[] | null = ITEMS) {
  const city = await createCity({ name: "Harbor Point", status: "Live" });
  const source = await createCitySource(city.id, { title: "Council meetings" });
  const meeting = await createMeeting({
    cityId: city.id,
    cityUrlsId: source.id,
    title: "City Council Regular Meeting - November 17, 2026",
    publishedAt: new Date("2026-11-18T03:00:00Z"),
    transcript: DECISIONS_TRANSCRIPT,
    analysis: true,
    story: true,
    made: DECISIONS_MADE,
  });
  if (items) {
    const matched = await createLegislativeRecord(city.id, {
      events: [{ id: 902, body: "City Council", date: "2026-11-17", items }],
    });
    expect(matched.linked).toBe(1);
  }
  return { city, source, meeting };
}

async function officialOf(meetingId: string) {
  const result = await callLoader(meetingLoader, `/meeting/${meetingId}`, { params: { meetingId } });
  return (result.data as { officialDecisions: (OfficialDecisionView | null)[] }).officialDecisions;
}

describe(`the official record beside the decisions (${dbTag})`, () => {
  it("shows the record's item, action and tally beside each decision, and says the disagreement", async () => {
    const { meeting } = await meetingWithRecord();
    const official = await officialOf(meeting.id);
    expect(official).toHaveLength(3);
    expect(official[0]).toMatchObject({ number: "1", title: VETO_ITEM, action: "Veto sustained", passed: "Fail" });
    expect(official[0]!.disagreement).toBeNull();
    expect(official[1]).toMatchObject({ number: "2", title: DENY_ITEM, matterFile: "RES 2026-41", tally: "9-3" });
    expect(official[1]!.disagreement).toBe(
      "The official record differs from the transcript on the tally: the record says 9-3, the transcript 8-4.",
    );
    // The consent agenda: no count said in either, the results agree.
    expect(official[2]).toMatchObject({ number: "3", action: "Adopted", disagreement: null });
  });

  it("counts the disagreements for the admin, on Content Management", async () => {
    const { city, source, meeting } = await meetingWithRecord();
    expect(await recordDisagreements(meeting.id)).toEqual({ decisions: 3, paired: 3, disagreements: 1 });
    const admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
    const query = new URLSearchParams({ cityId: city.id, sourceUrlId: source.id, meetingId: meeting.id });
    const result = await callLoader(contentLoader, `/admin/content-management?${query}`, {
      headers: { Cookie: admin.cookie },
    });
    expect((result.data as { record: unknown }).record).toEqual({ decisions: 3, paired: 3, disagreements: 1 });
  });

  it("pairs nothing it is unsure of: an agenda whose items the decisions do not name", async () => {
    const { meeting } = await meetingWithRecord([
      { id: 9201, number: "1", title: "Proclamation for Arbor Day", action: "Presented" },
      { id: 9202, number: "2", title: "Budget amendment for the branch library", passed: "Pass", tally: "7-5" },
    ]);
    // No moment is found for these items in the transcript, no number, matter or title words are shared enough.
    expect(await officialOf(meeting.id)).toEqual([null, null, null]);
    expect(await recordDisagreements(meeting.id)).toEqual({ decisions: 3, paired: 0, disagreements: 0 });
  });

  it("shows the decisions alone when no event is matched, and counts nothing", async () => {
    const { meeting } = await meetingWithRecord(null);
    expect(await officialOf(meeting.id)).toEqual([null, null, null]);
    expect(await recordDisagreements(meeting.id)).toBeNull();
  });

  it("leaves the API's decisions the transcript's claims (the record is not mixed in)", async () => {
    const { meeting } = await meetingWithRecord();
    const result = await callLoader(apiMeetingLoader, `/api/v1/meetings/${meeting.id}`, {
      params: { meetingId: meeting.id },
    });
    const body = JSON.parse(await result.response!.clone().text()) as {
      meeting: { decisions: Record<string, unknown>[] };
    };
    expect(body.meeting.decisions[1]).toMatchObject({ item: DENY_ITEM, ayes: 8, nays: 4 });
    expect(JSON.stringify(body)).not.toContain("9-3");
  });
});
