/**
 * The offline analyzer read as a resident would: a summary of what was
 * decided and discussed (not the chair running the meeting), highlights that
 * are not procedure, one vote per named item, headlines that name the main
 * item in whole words, and one person per misheard name.
 * Short examples written for these tests (fictional people and items).
 */
import { describe, expect, it } from "vitest";
import { extractActionItems, isVoteItem } from "~/lib/ai/offline/actions";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { mergeVariants } from "~/lib/ai/offline/entities";
import { fitHeadline, writeOfflineStory } from "~/lib/ai/offline/story-writer";

const sentencesOf = (text: string) =>
  text.split(/(?<=[.?!])\s+/).map((sentence) => ({ text: sentence, speaker: null, entities: [] }));
const segmentsOf = (text: string) => [{ position: 0, startSeconds: 0, endSeconds: null, speaker: null, text }];

const TITLE = "Regular Meeting of the Housing Committee";
const MEETING = [
  "Welcome to the regular meeting of the Housing Committee for March 3, 2026.",
  "Our next item is a public hearing for the sale of the Alder Street lot to Brightwater Homes.",
  "I'm going to proceed to open the public hearing and ask if there is anyone here to speak on this item?",
  "The sale brings $410,000 to the housing fund and builds twenty-four homes for families earning less than half the median income.",
  "Neighbors said the lot floods every spring and asked for a drainage study before construction starts.",
  "The developer agreed to pay for the drainage study and to keep the community garden on the corner.",
  "I believe I closed the public hearing, but now I will make a motion to approve this item.",
  "All those in favor say aye. The ayes have it.",
  "The ayes have it and the motion carries.",
  "We had a lot of discussion about garden funding.",
  "The aye's have it.",
  "Our next item is the appointment of Rosa Delgado to the tenant advisory board.",
  "I will make a motion to approve this item, I will ask the clerk to call the roll.",
  "Motion carries seven zero.",
].join(" ");

const analysis = analyzeOffline({ transcript: MEETING, segments: [], title: TITLE });

describe("summary and highlights", () => {
  it("skip the welcome, the chair's procedure and bare motions", () => {
    expect(analysis.summary).not.toMatch(/Welcome|I believe I closed|make a motion|anyone here to speak|have it/);
    expect(analysis.summary).toMatch(/Alder Street|\$410,000|drainage study/);
  });

  it("never make procedure a point of interest", () => {
    for (const highlight of analysis.highlights)
      expect(highlight.point_of_interest).not.toMatch(/open the public hearing|make a motion|call the roll/);
  });
});

describe("votes as action items", () => {
  it("name their item, once per item, with the body that met as responsible party", () => {
    const votes = analysis.action_items.filter(isVoteItem);
    expect(votes.map((v) => v.description)).toEqual([
      "Motion on public hearing for the sale of the Alder Street lot to Brightwater Homes: Approve this item. Result: carried.",
      "Motion on appointment of Rosa Delgado to the tenant advisory board: Approve this item, I will ask the clerk to call the roll. Result: carried (7-0).",
    ]);
    expect(votes.every((v) => v.responsible_party === "Housing Committee")).toBe(true);
    expect(analysis.action_items.map((a) => a.description).join(" ")).not.toMatch(/Vote on|garden funding/);
  });

  it("leave out a vote that names nothing and follows no other vote", () => {
    expect(extractActionItems(sentencesOf("We talked about the weather a lot. The ayes have it."))).toEqual([]);
  });
});

describe("headlines", () => {
  it("name the item discussed longest when nothing was decided", () => {
    const meeting = [
      "Our next item is a presentation on the winter shelter capacity report.",
      "The shelters held 412 people on the coldest night, and 38 were turned away for lack of beds.",
      "Staff proposed opening the Lindale gym as an overflow site on nights below zero.",
      "Members asked how many outreach workers would staff the overflow site and who would pay for them.",
      "Our next item is a brief update on the parking study.",
      "The study is on schedule.",
    ].join(" ");
    const offline = analyzeOffline({ transcript: meeting, segments: [], title: TITLE });
    const story = writeOfflineStory({
      analysis: offline,
      segments: segmentsOf(meeting),
      title: TITLE,
      additionalContext: null,
    });
    expect(story.article.headline).toBe("Housing Committee hears presentation on the winter shelter capacity report");
  });

  it("fit in about 90 characters, cut at a word end and never on a dangling word", () => {
    const headline = fitHeadline(
      "Public Health and Safety Committee approves",
      "legislative directive requesting an overview of the data analysis used to assign violence interrupters to blocks",
    );
    expect(headline.length).toBeLessThanOrEqual(90);
    expect(headline).toBe("Public Health and Safety Committee approves legislative directive requesting an overview");
  });

  it("keep an item a little over the room whole rather than cut a compound name", () => {
    expect(
      fitHeadline(
        "Lake Wendell City Council approves",
        "Wendell Community Center heating and cooling replacement",
        ", 5-0",
      ),
    ).toBe("Lake Wendell City Council approves Wendell Community Center heating and cooling replacement, 5-0");
    expect(
      fitHeadline(
        "Port Halvern City Council approves",
        "design contract for the Gull Rock footbridge replacement",
        ", 5-0",
      ),
    ).toBe("Port Halvern City Council approves design contract for the Gull Rock footbridge replacement, 5-0");
  });
});

describe("entities", () => {
  it("merge a misheard variant into the name said more often", () => {
    const people = [
      { name: "Rainville", type: "person", context: "Council Member" },
      { name: "Rainvil", type: "person", context: "Council Member" },
      { name: "Park", type: "person", context: "Director" },
      { name: "Parks", type: "person", context: "Named in the meeting" },
    ];
    expect(mergeVariants(people).map((p) => p.name)).toEqual(["Rainville", "Park", "Parks"]);
  });
});
