import { describe, expect, it } from "vitest";
import { distinctiveWords, itemMoments, spokenNumbers } from "~/lib/legistar/agenda";
import { matchEvents, statedDay, titleSimilarity } from "~/lib/legistar/matching";

/** The rules of docs/decisions/0069 that need no database: a title's day, closeness, and transcript moments. */

describe("a video's stated day", () => {
  it.each([
    ["City Council - November 17, 2026", "2026-11-17"],
    ["Council Meeting Nov. 3rd 2026", "2026-11-03"],
    ["Sept 9, 2026 Planning Commission", "2026-09-09"],
    ["Regular Meeting 11/17/2026", "2026-11-17"],
    ["Regular Meeting 11-17-26", "2026-11-17"],
    ["2026-11-17 City Council", "2026-11-17"],
    ["City Council", null],
    ["Budget 2027 workshop", null],
    ["Meeting of 02/30/2026", null],
  ])("%s → %s", (title, day) => {
    expect(statedDay(title)).toBe(day);
  });
});

describe("matching", () => {
  const event = { legistarId: 1, bodyName: "City Council", date: "2026-11-17", comment: null };
  const video = (id: string, title: string) => ({ id, title, publishedAt: null, sourceTitles: [] });

  it("sets the city's name, dates and filler aside when comparing titles", () => {
    const cityWords = new Set(["maple", "falls"]);
    expect(titleSimilarity(event, "Maple Falls City Council Regular Meeting - November 17, 2026", cityWords)).toBe(1);
    expect(titleSimilarity(event, "City Council Study Session", cityWords)).toBe(0.5);
  });

  it("gives a video two events would take to neither", () => {
    const links = matchEvents({
      events: [event, { ...event, legistarId: 2, bodyName: "Planning Commission" }],
      videos: [video("v", "Joint meeting of the City Council and the Planning Commission, 11/17/2026")],
      cityName: "Maple Falls",
      timeZone: "America/Chicago",
    });
    expect(links.size).toBe(0);
  });
});

describe("an agenda item's moment in the transcript", () => {
  const segment = (startSeconds: number, text: string) => ({ startSeconds, text });

  it("reads spoken numbers", () => {
    expect(spokenNumbers("Next is item seven point two.")).toBe("next is item 7.2");
    expect(distinctiveWords("A resolution awarding the Elm Street paving contract")).toEqual([
      "awarding",
      "elm",
      "street",
      "paving",
      "contract",
    ]);
  });

  it("takes an announcement by number, not a longer number or a bare mention", () => {
    const items = [{ number: "7.1", title: "Library hours", videoIndex: null }];
    expect(itemMoments(items, [segment(10, "Item 7.10 is the budget."), segment(20, "We discussed 7.1.")])).toEqual([
      null,
    ]);
    expect(itemMoments(items, [segment(10, "Item 7.10 is the budget."), segment(30, "Now item 7.1.")])).toEqual([
      { seconds: 30, source: "transcript" },
    ]);
  });

  it("wants an announcement word with the title's words, and keeps the agenda's order", () => {
    const items = [
      { number: "1", title: "Awarding the Elm Street paving contract", videoIndex: null },
      { number: "2", title: "Library hours", videoIndex: 100 },
      { number: "3", title: "Awarding the Elm Street paving contract", videoIndex: null },
    ];
    const moments = itemMoments(items, [
      segment(50, "I like the Elm Street paving contract awarding."),
      segment(60, "The next item: awarding the Elm Street paving contract."),
      segment(150, "Moving on to awarding the Elm Street paving contract again."),
    ]);
    expect(moments).toEqual([
      { seconds: 60, source: "transcript" },
      { seconds: 100, source: "record" },
      { seconds: 150, source: "transcript" },
    ]);
  });
});
