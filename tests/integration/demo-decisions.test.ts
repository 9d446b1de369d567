import { beforeAll, describe, expect, it } from "vitest";
import { DECISIONS_MEETING_KEY } from "#demo/decisions";
import { seedVideo } from "#demo/meetings";
import { seedDemoData } from "#demo/seed.server";
import { cityVideos } from "~/lib/db/schema";
import type { MeetingView } from "~/lib/meetings/view";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { eq } from "drizzle-orm";
import { callLoader, dbTag, getTestDb } from "../setup";
import { sql } from "drizzle-orm";
import { queryRows } from "~/lib/db/rows.server";
import type { OfficialDecisionView } from "~/lib/legistar/pairing";
import { recordDisagreements } from "~/lib/legistar/record-decisions.server";

/**
 * A fresh start shows decisions (issue 27): the demo's special meeting holds
 * a veto override that failed on a roll call and a motion to deny that
 * carried, stored as rows by the seed like any analysis.
 */
beforeAll(async () => {
  await seedDemoData();
});

describe(`the demo's decisions ${dbTag}`, () => {
  it("the seeded meeting page lists the sustained veto and the denial with their moments", async () => {
    const video = seedVideo(DECISIONS_MEETING_KEY);
    const [row] = await getTestDb()
      .select({ id: cityVideos.id })
      .from(cityVideos)
      .where(eq(cityVideos.videoId, video.videoId));
    const result = await callLoader(meetingLoader, `/meeting/${row!.id}`, { params: { meetingId: row!.id } });
    const { decisions } = (result.data as { meeting: MeetingView }).meeting;
    expect(
      decisions.map((decision) => [decision.motionLabel, decision.resultLabel, decision.tally, decision.how]),
    ).toEqual([
      ["Override the veto", "Failed: veto sustained", "2-2", "roll call"],
      ["Deny", "Carried: denied", "4-1", "voice vote"],
    ]);
    for (const decision of decisions) {
      for (const moment of [decision.motionMoment, decision.resultMoment]) {
        expect(moment).not.toBeNull();
        expect(video.transcript).toContain(`[${moment!.label}] `);
      }
    }
  });

  it("its official record sits beside them, with the one deliberate disagreement (ADR 0075)", async () => {
    const video = seedVideo(DECISIONS_MEETING_KEY);
    const [row] = await getTestDb()
      .select({ id: cityVideos.id })
      .from(cityVideos)
      .where(eq(cityVideos.videoId, video.videoId));
    const result = await callLoader(meetingLoader, `/meeting/${row!.id}`, { params: { meetingId: row!.id } });
    const { officialDecisions } = result.data as { officialDecisions: (OfficialDecisionView | null)[] };
    expect(officialDecisions.map((official) => [official?.number, official?.passed, official?.tally])).toEqual([
      ["1", "Fail", "2-2"],
      ["2", "Pass", "5-0"],
    ]);
    expect(officialDecisions[0]!.disagreement).toBeNull();
    expect(officialDecisions[1]!.disagreement).toBe(
      "The official record differs from the transcript on the tally: the record says 5-0, the transcript 4-1.",
    );
    expect(await recordDisagreements(row!.id)).toEqual({ decisions: 2, paired: 2, disagreements: 1 });
  });

  it("every demo meeting of a council or planning commission is an event of its city's record, matched to it", async () => {
    const [counts] = await queryRows<{ events: number; matched: number; upcoming: number; votes: number }>(sql`
      select (select count(*)::int from legistar_events) as events,
        (select count(*)::int from legistar_event_videos) as matched,
        (select count(*)::int from legistar_events e where not exists (
          select 1 from legistar_event_videos l where l.city_id = e.city_id and l.event_legistar_id = e.legistar_id)
          and e.date > current_date) as upcoming,
        (select count(*)::int from legistar_votes) as votes`);
    expect(counts!.events).toBe(counts!.matched + counts!.upcoming);
    expect(counts!.upcoming).toBeGreaterThan(0);
    expect(counts!.votes).toBeGreaterThan(0);
  });
});
