/**
 * Only verified decisions speak (issue 27, docs/decisions/0060): the headline's verb and
 * tally come from the most consequential verified decision, in the direction its result
 * gives; without one the headline names the meeting's subjects, never "meets". The cases
 * are the ones the issue found, written for these tests with fictional items.
 */
import { describe, expect, it } from "vitest";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import type { Analysis, Decision } from "~/lib/ai/schemas";

const BUDGET = "Budget Committee Regular Meeting";
const COUNCIL = "Riverton City Council Regular Meeting";

function decision(item: string, motion: Decision["motion"], result: Decision["result"], tally?: string): Decision {
  const [ayes, nays] = tally ? tally.split("-").map(Number) : [null, null];
  return {
    item,
    motion,
    result,
    ayes: ayes ?? null,
    nays: nays ?? null,
    abstain: null,
    absent: null,
    how: tally ? "roll-call" : "voice",
    consent_items: [],
    motion_evidence: { text: "I move the item.", timestamp: "00:10:00" },
    result_evidence: { text: "The motion carries.", timestamp: "00:12:00" },
  };
}

const EMPTY: Analysis = {
  summary: "The committee took up its agenda.",
  highlights: [],
  action_items: [],
  entities: [],
  decisions: [],
};

function storyOf(decisions: Decision[], title = BUDGET, transcript = "", additionalContext: string | null = null) {
  const segments = transcript
    ? [{ position: 0, startSeconds: 0, endSeconds: null, speaker: null, text: transcript }]
    : [];
  return writeOfflineStory({ analysis: { ...EMPTY, decisions }, segments, title, additionalContext });
}
const headlineOf = (...args: Parameters<typeof storyOf>) => storyOf(...args).article.headline;

describe("headlines from verified decisions", () => {
  it("say a failed veto override sustains the veto, with its own tally", () => {
    const headline = headlineOf(
      [decision("mayor's veto of the 2025 budget amendments", "override-veto", "failed", "6-6")],
      COUNCIL,
    );
    expect(headline).toBe("Riverton City Council sustains mayor's veto of the 2025 budget amendments, 6-6");
    expect(headline).not.toMatch(/overrides|approves|carried/);
  });

  it("put each tally on its own item: the override leads with 9-4, the agreement keeps its 13-0", () => {
    const story = storyOf(
      [
        decision(
          "one-year extension of the letter of agreement with the police federation",
          "approve",
          "carried",
          "13-0",
        ),
        decision("mayor's veto of the budget", "override-veto", "carried", "9-4"),
      ],
      COUNCIL,
    );
    expect(story.article.headline).toBe("Riverton City Council overrides mayor's veto of the budget, 9-4");
    expect(story.sidebar_elements.quick_facts.slice(0, 2)).toEqual([
      "Approved: one-year extension of the letter of agreement with the police federation (13-0)",
      "Veto overridden: mayor's veto of the budget (9-4)",
    ]);
  });

  it("say a carried motion to deny denies, and a failed motion to approve rejects", () => {
    expect(headlineOf([decision("4% raise for appointed staff", "deny", "carried", "8-4")])).toBe(
      "Budget Committee denies 4% raise for appointed staff, 8-4",
    );
    expect(headlineOf([decision("parking meter contract", "approve", "failed", "3-5")])).toBe(
      "Budget Committee rejects parking meter contract, 3-5",
    );
  });

  it("never call a filing, a hearing set or a presentation received an approval", () => {
    expect(headlineOf([decision("revisiting the concept layout", "place-on-file", "carried", "4-2")])).toBe(
      "Budget Committee places revisiting the concept layout on file, 4-2",
    );
    expect(
      headlineOf([decision("public hearing on the sidewalk vending ordinance", "set-public-hearing", "carried")]),
    ).toBe("Budget Committee sets hearing on sidewalk vending ordinance");
    expect(headlineOf([decision("presentation on the transit plan", "receive-and-file", "carried")])).toBe(
      "Budget Committee receives transit plan",
    );
    expect(headlineOf([decision("snow removal contract", "postpone", "carried")])).toBe(
      "Budget Committee delays snow removal contract",
    );
  });

  it("lead with substance over procedure, and never say a tally only half known", () => {
    const headline = headlineOf([
      decision("minutes of the June 3 meeting", "approve", "carried", "5-0"),
      { ...decision("library branch hours extension", "approve", "carried"), ayes: 5 },
      decision("adjournment", "adjourn", "carried"),
    ]);
    expect(headline).toBe("Budget Committee approves library branch hours extension");
  });

  it("name the subjects, never 'meets', when no decision is verified", () => {
    const transcript =
      "Our next item is a presentation on the 2025 budget. Staff walked through the revenue forecast and the hiring plan.";
    const analysis = analyzeOffline({ transcript, segments: [] });
    const headline = writeOfflineStory({
      analysis: { ...analysis, decisions: [] },
      segments: [{ position: 0, startSeconds: 0, endSeconds: null, speaker: null, text: transcript }],
      title: BUDGET,
      additionalContext: null,
    }).article.headline;
    expect(headline).toBe("Budget Committee hears presentation on the 2025 budget");
    expect(headlineOf([])).not.toMatch(/\bmeets\b/);
    // Only procedure decided: still no "meets" and no "approves minutes".
    expect(headlineOf([decision("minutes of the June 3 meeting", "approve", "carried")])).not.toMatch(/meets|minutes/);
  });

  it("name a subject by its name, not by what is done to it nor by its number", () => {
    const subjectOf = (transcript: string) =>
      writeOfflineStory({
        analysis: { ...analyzeOffline({ transcript, segments: [] }), decisions: [] },
        segments: [{ position: 0, startSeconds: 0, endSeconds: null, speaker: null, text: transcript }],
        title: BUDGET,
        additionalContext: null,
      }).article.headline;
    expect(
      subjectOf(
        "Our next item is authorizing the creation of a one-year pilot program for delivery robots. Staff described the routes.",
      ),
    ).toBe("Budget Committee discusses one-year pilot program for delivery robots");
    expect(subjectOf("Our next item is item number 16. Staff described the routes.")).not.toMatch(/item number/);
  });

  it("carry no caption glitch and no capitals", () => {
    const transcript = "Chair Ortiz opened the meeting. The Hiawatha Academy bond was next.";
    expect(
      headlineOf([decision("traing reimbursement for firefighters", "approve", "carried")], BUDGET, transcript),
    ).not.toMatch(/traing|approves/);
    expect(headlineOf([decision("draf2025 legislative agenda", "adopt", "carried")], BUDGET, transcript)).not.toMatch(
      /draf/,
    );
    expect(
      headlineOf([decision("civilian bureauhief position in the police department", "approve", "carried", "7-2")]),
    ).not.toMatch(/bureauhief/);
    expect(headlineOf([decision("Hiawatha Academy bond issuance", "approve", "carried")], BUDGET, transcript)).toBe(
      "Budget Committee approves Hiawatha Academy bond issuance",
    );
    expect(headlineOf([decision("CITY HALL ROOF REPAIR CONTRACT", "approve", "carried")])).toBe(
      "Budget Committee approves city hall roof repair contract",
    );
  });
});

describe("headlines that read as English", () => {
  it("say what a recommendation's own verb does, in the direction of the result", () => {
    expect(headlineOf([decision("authorize the city manager to sign the boathouse lease", "approve", "carried")])).toBe(
      "Budget Committee authorizes the city manager to sign the boathouse lease",
    );
    expect(
      headlineOf([
        decision("recommendation to award a contract for the Elm Street repaving", "approve", "carried", "5-2"),
      ]),
    ).toBe("Budget Committee awards contract for the Elm Street repaving, 5-2");
    expect(
      headlineOf([
        decision("recommendation to award a contract for the Elm Street repaving", "approve", "failed", "2-5"),
      ]),
    ).toBe("Budget Committee rejects awarding a contract for the Elm Street repaving, 2-5");
    expect(
      headlineOf([decision("recommendation to enter into a lease for the ferry dock", "approve", "carried")]),
    ).toBe("Budget Committee enters into a lease for the ferry dock");
    // The story's sentence says the same verb: never "voted to approve the authorizing …".
    const story = storyOf([
      decision("authorize the city manager to sign the boathouse lease", "approve", "carried", "5-2"),
      decision("recommendation to award a contract for the Elm Street repaving", "approve", "failed", "2-5"),
    ]);
    expect(story.article.body).toContain(
      "Budget Committee voted 5-2 to authorize the city manager to sign the boathouse lease.",
    );
    expect(story.article.body).toContain("A motion to award a contract for the Elm Street repaving failed, 2-5.");
    expect(story.sidebar_elements.quick_facts).toContain(
      "Approved: authorizing the city manager to sign the boathouse lease (5-2)",
    );
  });

  it("name an item that only says what it concerns, and lower an article capitalized by its sentence", () => {
    expect(headlineOf([decision("related to the harbor dredging plan", "approve", "carried")])).toBe(
      "Budget Committee approves item related to the harbor dredging plan",
    );
    expect(headlineOf([decision("A gift of benches from the rotary club", "approve", "carried")])).toBe(
      "Budget Committee approves a gift of benches from the rotary club",
    );
  });

  it("never take speech for an item's name, and never say no vote was recorded when one was", () => {
    const headline = headlineOf([decision("today is from the parks department", "receive-and-file", "carried")]);
    expect(headline).not.toMatch(/today|no vote/);
    expect(headline).toBe("Budget Committee meeting: 1 vote recorded");
    expect(headlineOf([])).toBe("Budget Committee meeting: no vote recorded");
  });

  it("make the verb agree with a body named in the plural", () => {
    expect(headlineOf([decision("boathouse lease renewal", "approve", "carried", "5-0")], "")).toBe(
      "City officials approve boathouse lease renewal, 5-0",
    );
    expect(headlineOf([decision("a fee study for the marina", "receive-and-file", "carried")], "")).toBe(
      "City officials receive a fee study for the marina",
    );
    expect(headlineOf([decision("mayor's veto of the budget", "override-veto", "failed", "6-6")], "")).toBe(
      "City officials sustain mayor's veto of the budget, 6-6",
    );
  });
});

describe("the story's decisions", () => {
  it("say what each motion was, and list each decision once as a quick fact", () => {
    const story = storyOf([
      decision("4% raise for appointed staff", "deny", "carried", "8-4"),
      decision("mayor's veto of the budget", "override-veto", "failed", "6-6"),
      decision("minutes of the June 3 meeting", "approve", "carried"),
    ]);
    expect(story.article.body).toContain(
      "Decisions: Budget Committee voted 8-4 to deny the 4% raise for appointed staff. A motion to override the mayor's veto of the budget failed, 6-6; the veto stands.",
    );
    expect(story.article.body).not.toMatch(/minutes|The motion carried\./);
    expect(story.sidebar_elements.quick_facts.slice(0, 2)).toEqual([
      "Denied: 4% raise for appointed staff (8-4)",
      "Veto sustained (override failed): mayor's veto of the budget (6-6)",
    ]);
  });

  it("let an editor's context choose among equally weighty decisions", () => {
    const decisions = [
      decision("sidewalk snow removal contract", "approve", "carried"),
      decision("library branch hours extension", "approve", "carried"),
    ];
    expect(headlineOf(decisions)).toBe("Budget Committee approves sidewalk snow removal contract");
    expect(headlineOf(decisions, BUDGET, "", "Readers care most about the library hours.")).toBe(
      "Budget Committee approves library branch hours extension",
    );
  });
});

describe("seventh round: headlines with news", () => {
  it("say what became of an item after a tie: the carried motion leads, even on an item known by its number only", () => {
    const tie = decision("item number four", "approve", "failed", "6-6");
    const sent = {
      ...decision("item number four", "other", "carried", "7-5"),
      motion_evidence: { text: "I move to forward this without recommendation.", timestamp: "00:20:00" },
    };
    const consent = { ...decision("the consent agenda", "approve", "carried"), consent_items: ["items 1 through 3"] };
    const headline = headlineOf([consent, tie, sent]);
    expect(headline).toBe("Budget Committee sends item 4 to the full council without a recommendation, 7-5");
    // A named decision that outranks it still leads.
    expect(headlineOf([decision("sale of the Birch Street lots", "deny", "carried", "8-4"), tie, sent])).toBe(
      "Budget Committee denies sale of the Birch Street lots, 8-4",
    );
  });

  it("lead with the meeting's subject, not 'approves the consent agenda'", () => {
    const transcript =
      "Our next item is a presentation on the 2025 street repaving plan. Staff walked through the list of streets.";
    const consent = { ...decision("the consent agenda", "approve", "carried"), consent_items: ["items 1 through 3"] };
    const headline = headlineOf([consent], BUDGET, transcript);
    expect(headline).toMatch(/^Budget Committee hears presentation on the 2025 street repaving plan/);
    expect(headline).not.toMatch(/^Budget Committee approves the consent agenda$/);
    expect(headlineOf([consent])).toBe("Budget Committee approves the consent agenda");
  });

  it("never name an item by a pronoun: 'their current priorities' is no name", () => {
    expect(
      headlineOf([
        decision("Presentation of their current priorities and areas of focus", "receive-and-file", "carried"),
      ]),
    ).not.toMatch(/their/);
  });
});
