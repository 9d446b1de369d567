import { describe, expect, it } from "vitest";
import { DECISIONS_MEETING_KEY } from "#demo/decisions";
import { demoLegislativeRecords } from "#demo/legislative";
import { SEED_VIDEOS } from "#demo/meetings";

/** The demo's official records (demo/legislative.ts) agree with the demo meetings, but for the one deliberate disagreement. */

const TODAY = "2026-11-28";
const records = demoLegislativeRecords(TODAY);
const items = records.flatMap((record) =>
  record.events.flatMap((event) => event.items.map((item) => ({ event, ...item }))),
);

describe("the demo's official records", () => {
  it("count each voted item's votes as its tally says", () => {
    const voted = items.filter((item) => item.votes.length > 0);
    expect(voted.length).toBeGreaterThan(50);
    const miscounted = voted.filter(({ item, votes }) => {
      const ayes = votes.filter((vote) => vote.VoteValueName === "Aye").length;
      const nays = votes.filter((vote) => vote.VoteValueName === "Nay").length;
      return item.EventItemTally !== `${ayes}-${nays}`;
    });
    // The special meeting's appeal: the record's 5-0 is its own votes' count (the disagreement is with the transcript).
    expect(miscounted).toEqual([]);
  });

  it("give each composed meeting's items the tally and result of their last vote, numbered as the chair says them", () => {
    for (const video of SEED_VIDEOS.filter((candidate) => candidate.meeting)) {
      const event = records
        .flatMap((record) => record.events)
        .find(
          (candidate) =>
            candidate.event.EventBodyName === video.meeting!.bodyName &&
            candidate.event.EventDate === `${video.key.slice(-10)}T00:00:00`,
        );
      if (!event) continue; // a body outside the record (a school board, a county)
      for (const composed of video.meeting!.items) {
        const item = event.items.find((candidate) => candidate.item.EventItemAgendaNumber === String(composed.number));
        const vote = composed.votes.at(-1);
        expect(item?.item.EventItemTally ?? null, `${video.key} item ${composed.number}`).toBe(vote?.tally ?? null);
        expect(item?.item.EventItemPassedFlagName ?? null).toBe(vote ? (vote.passed ? "Pass" : "Fail") : null);
      }
    }
  });

  it("record the special meeting's appeal 5-0 where the transcript says four to one", () => {
    const video = SEED_VIDEOS.find((candidate) => candidate.key === DECISIONS_MEETING_KEY)!;
    expect(video.transcript).toContain("carries, four to one");
    const appeal = items.find((item) => /car wash/.test(String(item.item.EventItemTitle)));
    expect(appeal?.item).toMatchObject({ EventItemTally: "5-0", EventItemPassedFlagName: "Pass" });
  });

  it("follow two matters across two bodies, and list upcoming meetings after the seeding day", () => {
    const matters = records.flatMap((record) => record.matters);
    expect(matters).toHaveLength(2);
    for (const matter of matters)
      expect(new Set(matter.histories.map((history) => history.MatterHistoryActionBodyName)).size).toBeGreaterThan(1);
    const upcoming = records.flatMap((record) =>
      record.events.filter((event) => String(event.event.EventDate) > `${TODAY}T00:00:00`),
    );
    expect(upcoming.length).toBeGreaterThanOrEqual(2 * 4);
  });
});
