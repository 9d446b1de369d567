import { beforeAll, describe, expect, it } from "vitest";
import { DECISIONS_MEETING_KEY } from "#demo/decisions";
import { seedVideo } from "#demo/meetings";
import { seedDemoData } from "#demo/seed.server";
import { cityVideos } from "~/lib/db/schema";
import type { MeetingView } from "~/lib/meetings/view";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { eq } from "drizzle-orm";
import { callLoader, dbTag, getTestDb } from "../setup";

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
});
