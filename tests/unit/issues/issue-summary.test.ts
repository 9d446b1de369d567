import { describe, expect, it } from "vitest";
import { renderIssueFeed } from "~/lib/issues/feed";
import { coverageShare, importanceLevel } from "~/lib/issues/importance";
import {
  citeTimelineOnly,
  queryStems,
  sentencesOf,
  writeOfflineIssueSummary,
  type IssueSummaryDraft,
  type SummaryMeeting,
} from "~/lib/issues/summary";
import { parseHidden, toggleHidden } from "~/lib/issues/timeline.server";
import { elementsNamed, parseXml } from "../../support/xml";

const meeting = (ref: string, overrides: Partial<SummaryMeeting> = {}): SummaryMeeting => ({
  ref,
  id: `00000000-0000-4000-8000-00000000000${ref.slice(1)}`,
  title: `Meeting ${ref}`,
  date: `2026-0${ref.slice(1)}-01`,
  body: "city",
  sourceTitle: "Riverton City Council",
  cityName: "Riverton",
  analysisSummary: null,
  matchingPoints: [],
  actionItems: [],
  passages: [],
  ...overrides,
});

describe("importance", () => {
  it("uses the matching segments' share of the meeting's time when timed", () => {
    const coverage = { matchingSegments: 2, totalSegments: 100, matchingSeconds: 720, totalSeconds: 3600 };
    expect(coverageShare(coverage)).toBeCloseTo(0.2);
    expect(importanceLevel(coverage)).toBe("high");
  });

  it("falls back to the share of segments without times", () => {
    expect(
      importanceLevel({ matchingSegments: 5, totalSegments: 100, matchingSeconds: null, totalSeconds: null }),
    ).toBe("medium");
    expect(importanceLevel({ matchingSegments: 1, totalSegments: 100, matchingSeconds: 0, totalSeconds: 3600 })).toBe(
      "low",
    );
    expect(importanceLevel({ matchingSegments: 0, totalSegments: 0, matchingSeconds: null, totalSeconds: null })).toBe(
      "low",
    );
  });

  it("marks the boundaries: 10% high, 3% medium", () => {
    const at = (share: number) =>
      importanceLevel({ matchingSegments: 0, totalSegments: 0, matchingSeconds: share * 1000, totalSeconds: 1000 });
    expect(at(0.1)).toBe("high");
    expect(at(0.0999)).toBe("medium");
    expect(at(0.03)).toBe("medium");
    expect(at(0.0299)).toBe("low");
  });
});

describe("citeTimelineOnly", () => {
  const meetings = [meeting("M1", { body: "school", sourceTitle: "Riverton School Board" }), meeting("M2")];

  it("drops every claim that cites a meeting outside the timeline, and counts them", () => {
    const draft: IssueSummaryDraft = {
      title: "Riverside rezoning",
      current_status: { text: "Approved.", meetings: ["M1", "M9"] },
      key_developments: [
        { meeting: "M2", summary: "First reading." },
        { meeting: "M7", summary: "An invented hearing." },
        { meeting: "m1", summary: "Final vote." },
      ],
      next_steps: [
        { meeting: "M1", text: "Publish the ordinance." },
        { meeting: "X", text: "Something nobody said." },
      ],
      confidence_score: 1.7,
    };
    const summary = citeTimelineOnly(draft, meetings);
    expect(summary.current_status).toBeNull();
    expect(summary.key_developments.map((d) => d.summary)).toEqual(["First reading.", "Final vote."]); // newest first (M2 is newer)
    expect(summary.next_steps).toEqual([{ text: "Publish the ordinance.", meeting_id: meetings[0]!.id }]);
    expect(summary.dropped_claims).toBe(3); // the status (it also cites M9), M7, X
    expect(summary.confidence_score).toBe(1);
    const allowed = new Set(meetings.map((m) => m.id));
    for (const id of [
      ...summary.key_developments.map((d) => d.meeting_id),
      ...summary.next_steps.map((s) => s.meeting_id),
      ...summary.sources.map((s) => s.meeting_id),
    ])
      expect(allowed.has(id)).toBe(true);
  });

  it("takes a development's date, body and entity from the cited meeting, never from the model", () => {
    const summary = citeTimelineOnly(
      {
        title: "t",
        current_status: { text: "Pending.", meetings: ["M2"] },
        key_developments: [{ meeting: "M1", summary: "Board vote." }],
        next_steps: [],
        confidence_score: 0.5,
      },
      meetings,
    );
    expect(summary.key_developments[0]).toMatchObject({
      date: "2026-01-01",
      body: "school",
      entity: "Riverton School Board",
      meeting_id: meetings[0]!.id,
    });
    expect(summary.current_status).toEqual({ text: "Pending.", meeting_ids: [meetings[1]!.id] });
    expect(new Set(summary.sources.map((s) => s.meeting_id))).toEqual(new Set([meetings[0]!.id, meetings[1]!.id]));
  });
});

describe("the offline writer", () => {
  it("builds developments from the sentences that name the issue, citing only the given meetings", () => {
    const meetings = [
      meeting("M1", {
        analysisSummary:
          "The council met. It approved the riverside rezoning on a 4-1 vote after $3.5 million in study.",
        actionItems: ["Publish the riverside rezoning ordinance.", "Buy chairs."],
      }),
      meeting("M2", { passages: ["MAYOR LEE: Next is the riverside rezoning. Staff?"] }),
    ];
    const draft = writeOfflineIssueSummary({ title: "Riverside rezoning", query: "riverside rezoning", meetings });
    expect(draft.key_developments).toEqual([
      { meeting: "M1", summary: "It approved the riverside rezoning on a 4-1 vote after $3.5 million in study." },
      { meeting: "M2", summary: "Next is the riverside rezoning." },
    ]);
    expect(draft.next_steps).toEqual([{ meeting: "M1", text: "Publish the riverside rezoning ordinance." }]);
    expect(draft.current_status.meetings).toEqual(["M1"]);
    const summary = citeTimelineOnly(draft, meetings);
    expect(summary.dropped_claims).toBe(0);
  });

  it("reads the query's words without operators and short words", () => {
    expect(queryStems('"Creek apartments" or creek -parking')).toEqual(["creek", "apart"]);
    expect(sentencesOf("A $2.4 million loan. Then a vote.")).toEqual(["A $2.4 million loan.", "Then a vote."]);
  });
});

describe("chips", () => {
  it("parses ?hide= and toggles one body at a time", () => {
    expect(parseHidden("school,nonsense,county")).toEqual(["school", "county"]);
    expect(parseHidden(null)).toEqual([]);
    expect(toggleHidden([], "school")).toBe("?hide=school");
    expect(toggleHidden(["county", "school"], "city")).toBe("?hide=city,school,county");
    expect(toggleHidden(["school"], "school")).toBe("");
  });
});

describe("the Atom feed", () => {
  it("is well-formed and escapes everything", () => {
    const hostile = `</title><script>alert("x")</script> & 'quotes' \u0001`;
    const xml = renderIssueFeed({
      title: hostile,
      subtitle: "s",
      pageUrl: "http://localhost/city/a/issues/b",
      feedUrl: "http://localhost/city/a/issues/b/feed.atom",
      updated: "2026-01-01T00:00:00Z",
      entries: [
        {
          id: "1",
          title: hostile,
          url: "http://localhost/city/a/meeting/1?t=5&x=<y>",
          published: "2026-01-01T00:00:00Z",
          body: "school",
          sourceTitle: hostile,
          passages: [hostile],
        },
      ],
    });
    const feed = parseXml(xml);
    expect(feed.name).toBe("feed");
    expect(feed.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    const entries = elementsNamed(feed, "entry");
    expect(entries).toHaveLength(1);
    expect(xml).not.toContain("<script>");
    expect(elementsNamed(entries[0]!, "title")[0]!.text).toBe(`</title><script>alert("x")</script> & 'quotes' `);
  });
});
