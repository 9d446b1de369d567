/**
 * Headlines of the offline story read as a resident would read them: what the
 * body did to the item, said once, in a complete noun phrase. Short examples
 * written for these tests (fictional places and items), in the shape of
 * true-cased captions (lower-case names, letters lost at cue joins).
 */
import { describe, expect, it } from "vitest";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { isCutOff, isFirstPersonAside } from "~/lib/ai/offline/rules";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import type { Decision } from "~/lib/ai/schemas";

const TITLE = "Regular Meeting of the Licensing Committee";
const segmentsOf = (text: string) => [{ position: 0, startSeconds: 0, endSeconds: null, speaker: null, text }];

/** A decision as the verification pass keeps it; the stored analysis holds only these (0060). */
function decision(item: string, motion: Decision["motion"], evidence = "I move approval of this item."): Decision {
  return {
    item,
    motion,
    result: "carried",
    ayes: null,
    nays: null,
    abstain: null,
    absent: null,
    how: "voice",
    consent_items: [],
    motion_evidence: { text: evidence, timestamp: "00:00:00" },
    result_evidence: { text: "The motion carries.", timestamp: "00:00:00" },
  };
}

function headlineOf(sentences: string[], decisions: Decision[] = []): string {
  const transcript = sentences.join(" ");
  const analysis = { ...analyzeOffline({ transcript, segments: [], title: TITLE }), decisions };
  return writeOfflineStory({ analysis, segments: segmentsOf(transcript), title: TITLE, additionalContext: null })
    .article.headline;
}

describe("offline headlines", () => {
  it("send an item on without a recommendation, even when the caption lost a letter", () => {
    const motion = "I will move this itemithout recommendation to the full council.";
    const headline = headlineOf(
      [
        "Our next item is a hearing regarding a license revocation for copper kettle diner to outstanding taxes owed to the city.",
        "The owner said the taxes will be paid by the end of the month.",
        motion,
        "All those in favor say aye. The ayes have it.",
      ],
      [decision("license revocation for copper kettle diner to outstanding taxes owed to the city", "other", motion)],
    );
    expect(headline).toBe(
      "Licensing Committee sends license revocation for copper kettle diner to the full council without a recommendation",
    );
    expect(headline).not.toMatch(/approves/);
  });

  it("name the presentation heard instead of saying the committee met", () => {
    const headline = headlineOf([
      "Good morning, colleagues.",
      "We have one presentation today related to the winter parking plan, as prepared by public works.",
      "Crews plowed every residential street within forty hours after the last storm.",
      "Members asked about sidewalk clearing near schools.",
    ]);
    expect(headline).toBe("Licensing Committee hears presentation on the winter parking plan");
  });

  it("never repeat the verb when the item starts with one", () => {
    expect(
      headlineOf(
        [
          "Our next item is postponing the sidewalk cafe ordinance.",
          "I move approval of this item.",
          "The motion carries.",
        ],
        [
          decision(
            "postponing the sidewalk cafe ordinance postponed at the last meeting to allow more outreach",
            "approve",
          ),
        ],
      ),
    ).toBe("Licensing Committee postpones the sidewalk cafe ordinance");
    expect(
      headlineOf(
        ["Our next item is a resolution approving the appointment of election judges.", "The motion carries."],
        [decision("a resolution approving the appointment of election judges for the March primary", "approve")],
      ),
    ).toBe("Licensing Committee approves appointment of election judges for the March primary");
    expect(
      headlineOf(["The motion carries."], [decision("approval of the sidewalk cafe license fee", "approve")]),
    ).toBe("Licensing Committee approves sidewalk cafe license fee");
  });

  it("refer an item to staff rather than delay referring it", () => {
    expect(
      headlineOf(
        ["I move approval of the consent agenda including the postponement of item 9.", "The motion carries."],
        [
          decision(
            "referring to staff the food truck permit ordinance and item 9 is postponing the kiosk rules",
            "approve",
          ),
        ],
      ),
    ).toBe("Licensing Committee refers the food truck permit ordinance to staff");
  });

  it("approve the license a public hearing was about", () => {
    const headline = headlineOf(
      ["Our next item is a public hearing at Rosie's for on sale wine and strong beer.", "The motion carries."],
      [decision("public hearing at Rosie's for on sale wine and strong beer, limited entertainment", "approve")],
    );
    expect(headline).toBe("Licensing Committee approves on sale wine and strong beer license for Rosie's");
    expect(headline).not.toMatch(/approves public hearing/);
  });

  it("cut a long item before a clause, never on a dangling word", () => {
    const headline = headlineOf(
      ["The motion carries."],
      [
        decision(
          "several appropriation resolutions related to the federal recovery grant for neighborhood libraries and senior centers",
          "approve",
        ),
      ],
    );
    // Cut where a phrase ends within the item's twelve words, then fitted whole: no "for neighborhood".
    expect(headline).toBe(
      "Licensing Committee approves several appropriation resolutions related to the federal recovery grant",
    );
  });
});

describe("whole-meeting summaries", () => {
  const MEETING = [
    "I'm Dana Reyes, chair of this committee.",
    "The Birch Avenue resurfacing contract with Lakeside Paving is funded by the street capital program of.",
    "Our first item is a contract with Lakeside Paving for the resurfacing of Birch Avenue between Third and Ninth Street.",
    "Public works recommends approval of the contract for $1.2 million, funded by the street capital program.",
    "Residents of Birch Avenue asked that the work avoid the school drop-off hours, as you know.",
    "Our next item is the annual report on tree planting in the north district.",
    "Forestry staff planted 1,400 trees last year and plan to plant 1,800 trees along residential streets next year.",
    "I get it that people want more shade on their block.",
  ].join(" ");
  const summary = analyzeOffline({ transcript: MEETING, segments: [], title: TITLE }).summary;

  it("leave out first-person asides and the chair introducing herself", () => {
    const withAside = MEETING.replace(
      "Our first item",
      "I think we need to lock arms on the Birch Avenue resurfacing contract with Lakeside Paving. Our first item",
    );
    const asideSummary = analyzeOffline({ transcript: withAside, segments: [], title: TITLE }).summary;
    expect(asideSummary).not.toMatch(/lock arms|I get it|chair of this committee/);
    expect(asideSummary).toMatch(/Lakeside Paving|Birch Avenue/);
    expect(isFirstPersonAside("Yes, I think we need to lock arms and go to the state legislature.")).toBe(true);
    expect(isFirstPersonAside("Public works recommends approval of the contract.")).toBe(false);
  });

  it("never keep a sentence cut off mid-clause", () => {
    expect(isCutOff("I really want the city of.")).toBe(true);
    expect(isCutOff("Negotiations began back in June, as you know.")).toBe(true);
    expect(isCutOff("Negotiations began back in June.")).toBe(false);
    expect(summary).not.toMatch(/program of\.|, as\./);
    for (const sentence of summary.split(/(?<=[.?!])\s+/))
      expect(sentence).not.toMatch(/\b(?:of|the|to|and|as|for)\.$/);
  });
});
