import { describe, expect, it } from "vitest";
import { findDigitNumbers, findSpelledNumberValues, numberValuesIn } from "~/lib/ai/numbers";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import { normalizeForMatch, UNVERIFIED_QUOTE_MARK, verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import { speakersMatch } from "~/lib/ai/verify-match";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { LABELED_MEETING, modelAnalysis, modelStory, UNLABELLED_MEETING } from "./fixtures";

const segments = parseTimestampedTranscript(LABELED_MEETING);

function analysisWithQuote(text: string, speaker = "COUNCILMEMBER REYES") {
  return modelAnalysis({
    highlights: [{ timestamp: "7:02", point_of_interest: "A moment", quotes: [{ text, speaker }] }],
  });
}

describe("normalizeForMatch", () => {
  it("ignores case, punctuation, curly quotes, whitespace and hesitations", () => {
    expect(normalizeForMatch("  “Don’t”  PUSH, um, traffic…\n past ")).toBe("dont push traffic past");
    expect(normalizeForMatch("Don't push traffic past")).toBe("dont push traffic past");
  });
});

describe("quote verification in an analysis", () => {
  it("links a found quote to its segment's time, speaker and position", () => {
    const { report, analysis } = verifyAnalysis(
      analysisWithQuote("I share that concern.", "COUNCILMEMBER PARK"),
      segments,
    );
    expect(report.quotes[0]).toMatchObject({
      verified: true,
      segment: { position: 5, timestamp: "00:06:20", speaker: "COUNCILMEMBER PARK" },
      speakerMatches: true,
    });
    // The quote's segment sets the moment, not the model's "7:02" (ADR 0024).
    expect(analysis.highlights[0]!.timestamp).toBe("00:06:20");
  });

  it("accepts a quote differing only in case, punctuation and whitespace", () => {
    const quote =
      "i SUPPORT this   but residents on elm avenue have told me the detour plan will push traffic past lincoln elementary school";
    const { report } = verifyAnalysis(analysisWithQuote(quote), segments);
    expect(report.quotes[0]?.verified).toBe(true);
    expect(report.quotes[0]?.segment?.timestamp).toBe("00:04:45");
  });

  it("accepts a quote shortened with an ellipsis when the parts are close and in order", () => {
    const { report } = verifyAnalysis(
      analysisWithQuote("The contract is $2.4 million … finish by September 30, 2025."),
      segments,
    );
    expect(report.quotes[0]?.verified).toBe(true);
  });

  it("catches an invented quote and drops it from the cleaned analysis", () => {
    const { report, analysis } = verifyAnalysis(analysisWithQuote("We will cancel the Oak Street project."), segments);
    expect(report.quotes[0]).toMatchObject({ verified: false, segment: null });
    expect(report.unverifiedQuotes).toBe(1);
    expect(report.passed).toBe(false);
    expect(analysis.highlights[0]!.quotes).toEqual([]);
  });

  it("does not match inside words", () => {
    const { report } = verifyAnalysis(analysisWithQuote("art"), segments);
    expect(report.quotes[0]?.verified).toBe(false);
  });

  it("takes the speaker from the transcript when the model's contradicts it", () => {
    const { report, analysis } = verifyAnalysis(analysisWithQuote("I share that concern.", "Mayor Lopez"), segments);
    expect(report.quotes[0]?.speakerMatches).toBe(false);
    expect(analysis.highlights[0]!.quotes[0]!.speaker).toBe("COUNCILMEMBER PARK");
  });

  it("checks against the raw transcript when there are no segments", () => {
    const { report } = verifyAnalysis(
      analysisWithQuote("the renovation budget is $850,000 from the state grant", "Unknown"),
      [],
      UNLABELLED_MEETING,
    );
    expect(report.quotes[0]).toMatchObject({
      verified: true,
      segment: { position: 0, timestamp: null, speaker: null },
      speakerMatches: null,
    });
  });

  it("lists numbers in the analysis that the transcript does not contain", () => {
    const { report } = verifyAnalysis(
      modelAnalysis({ summary: "The council approved a $2.4 million contract and 17 new parking spaces." }),
      segments,
    );
    expect(report.unsupportedNumbers.map((n) => n.value)).toEqual(["17"]);
  });
});

describe("story verification", () => {
  const sources = { segments, analysis: modelAnalysis() };

  it("passes a story whose quotes and numbers are all in the sources", () => {
    const { report } = verifyStory(modelStory(), sources);
    expect(report).toMatchObject({ kind: "story", unverifiedQuotes: 0, unsupportedNumbers: [], passed: true });
    expect(report.quotes).toHaveLength(2); // the sidebar quote and one quoted passage of the body
  });

  it("flags an invented number with where it was found", () => {
    const story = modelStory({
      body: "The contract of $2.4 million passed 5-0, with 12 percent set aside for the detour.",
    });
    const { report, story: cleaned } = verifyStory(story, sources);
    expect(report.unsupportedNumbers).toEqual([
      expect.objectContaining({ value: "12 percent", location: "article.body" }),
    ]);
    expect(cleaned.metadata.uncertainty_notes.at(-1)).toContain("12 percent");
  });

  it("accepts numbers spelled out in the transcript and money written differently", () => {
    const story = modelStory({ body: "The last project ran 3 months late. The contract is worth 2,400,000 dollars." });
    expect(verifyStory(story, sources).report.unsupportedNumbers).toEqual([]);
  });

  it("does not take numbers from the analysis: only the transcript is a source (ADR 0024)", () => {
    const analysis = modelAnalysis({ summary: "The city has 45,000 residents." });
    const story = modelStory({ body: "The city has 45,000 residents." });
    expect(verifyStory(story, { segments, analysis }).report.unsupportedNumbers.map((n) => n.value)).toEqual([
      "45,000",
    ]);
  });

  it("marks an invented quoted passage in the body instead of presenting it as verbatim", () => {
    const story = modelStory({
      body: "Mayor Lopez said, \u201cThis road will be the finest in the state.\u201d The vote was 5-0.",
    });
    const { report, story: cleaned } = verifyStory(story, sources);
    expect(report.quotes.find((q) => q.location === "article.body")?.verified).toBe(false);
    expect(cleaned.article.body).toContain(
      `\u201cThis road will be the finest in the state.\u201d ${UNVERIFIED_QUOTE_MARK}`,
    );
  });

  it("checks quoted words of any length (ADR 0024)", () => {
    const story = modelStory({ body: "Residents called the plan \u201csplendid\u201d and the vote was 5-0." });
    const { report, story: cleaned } = verifyStory(story, sources);
    expect(report.quotes.find((q) => q.text === "splendid")).toMatchObject({ verified: false, outcome: "marked" });
    expect(cleaned.article.body).toContain(`\u201csplendid\u201d ${UNVERIFIED_QUOTE_MARK}`);
  });
});

describe("numbers", () => {
  it("reads digits, money with scales and percentages", () => {
    expect(findDigitNumbers("$2.5 million, 1,200 homes, 12% and 3 percent").map((n) => n.values)).toEqual([
      ["2.5", "2500000"],
      ["1200"],
      ["12"],
      ["3"],
    ]);
  });

  it("reads spelled-out numbers", () => {
    expect(findSpelledNumberValues("twenty five people and three million dollars")).toEqual(["25", "3000000"]);
    expect(numberValuesIn("three months late").has("3")).toBe(true);
  });
});

// ---------------------------------------------------------------------------
// ADR 0024: every field, any quote, time and speaker from the transcript, numbers as claims.

describe("quoted spans in every field", () => {
  it("marks invented quotes in the summary, points of interest, action items and entities", () => {
    const { analysis, report } = verifyAnalysis(
      modelAnalysis({
        summary: "Reyes called it 'a disaster' and Park said \u201cno more delays\u201d.",
        highlights: [
          {
            timestamp: "00:07:02",
            point_of_interest: "Reyes promised \u201cfree parking\u201d.",
            quotes: [{ text: "I share that concern.", speaker: "MAYOR LOPEZ" }],
          },
        ],
        action_items: [
          { description: "Fix what Park called \u2018the mess\u2019", responsible_party: "Staff", due_date: null },
        ],
        entities: [{ name: "Harbor Paving Company", type: "organization", context: "Called \u201cthe best\u201d" }],
      }),
      segments,
    );
    const mark = UNVERIFIED_QUOTE_MARK;
    expect(analysis.summary).toBe(
      `Reyes called it 'a disaster' ${mark} and Park said \u201cno more delays\u201d ${mark}.`,
    );
    expect(analysis.highlights[0]!.point_of_interest).toContain(`\u201cfree parking\u201d ${mark}`);
    expect(analysis.action_items[0]!.description).toContain(`\u2018the mess\u2019 ${mark}`);
    expect(analysis.entities[0]!.context).toContain(`\u201cthe best\u201d ${mark}`);
    expect(report.markedQuotes).toBe(5);
    expect(report.quotes.filter((q) => q.verified).map((q) => q.text)).toEqual(["I share that concern."]);
  });

  it("keeps a genuine two-word quote and does not take apostrophes for quotes", () => {
    const { analysis, report } = verifyAnalysis(
      modelAnalysis({ summary: "Park said \u201cSecond.\u201d The council's plan dates from the '90s; 'I share' it." }),
      segments,
    );
    expect(report.quotes.map((q) => [q.text, q.verified])).toEqual([
      ["Second.", true],
      ["I share", true],
      ["I move that we approve the contract and direct staff to report back on the detour plan by March 15.", true],
    ]);
    expect(analysis.summary).not.toContain(UNVERIFIED_QUOTE_MARK);
  });
});

describe("time and speaker from the transcript", () => {
  it("sets a highlight's time to its first found quote's segment, even when the model's time is valid", () => {
    const { analysis } = verifyAnalysis(
      modelAnalysis({
        highlights: [
          {
            timestamp: "00:01:30",
            point_of_interest: "Concern",
            quotes: [
              { text: "We will build a stadium.", speaker: "MAYOR LOPEZ" },
              { text: "I share that concern.", speaker: "COUNCILMEMBER REYES" },
            ],
          },
        ],
      }),
      segments,
    );
    expect(analysis.highlights[0]).toMatchObject({
      timestamp: "00:06:20",
      quotes: [{ text: "I share that concern.", speaker: "COUNCILMEMBER PARK" }],
    });
  });

  it("takes the sidebar quote's attribution from the segment label", () => {
    const story = modelStory();
    story.sidebar_elements.quote_block.attribution = "Mayor Lopez";
    const { story: cleaned } = verifyStory(story, { segments, analysis: modelAnalysis() });
    expect(cleaned.sidebar_elements.quote_block.attribution).toBe("COUNCILMEMBER REYES");
  });

  it("does not count two people sharing a name word as one", () => {
    expect(speakersMatch("Council Member Jenkins", "COUNCIL MEMBER JENKINS-COLE")).toBe(false);
    expect(speakersMatch("Lisa Goodman", "Council Member Lisa Bender")).toBe(false);
    expect(speakersMatch("Councilmember Reyes", "COUNCILMEMBER ANA REYES")).toBe(true);
    expect(speakersMatch("Ana Reyes", "COUNCILMEMBER ANA REYES")).toBe(true);
    expect(speakersMatch("Ana Maria Reyes", "ANA REYES")).toBe(true);
    expect(speakersMatch("Mayor Lopez", "Unknown")).toBeNull();
  });
});

describe("normalizations that do not change meaning", () => {
  const transcript = parseTimestampedTranscript(
    "[00:00:10] CHAIR OSMAN: We do not have the votes. We're asking for two options and 9.3 million dollars.\n[00:00:20] CLERK: The motion passes nine to two.",
  );

  it("reports an exact match with no normalization", () => {
    const { report } = verifyAnalysis(analysisWithQuote("We do not have the votes."), transcript);
    expect(report.quotes[0]).toMatchObject({ verified: true, matchedBy: [] });
  });

  it("matches contractions, number words and curly quotes, and says so", () => {
    const { report } = verifyAnalysis(
      modelAnalysis({
        summary:
          "Osman: \u201cwe don\u2019t have the votes\u201d and \u201cWe are asking for 2 options and nine point three million dollars\u201d.",
        highlights: [],
      }),
      transcript,
    );
    expect(report.quotes.map((q) => [q.verified, q.matchedBy])).toEqual([
      [true, ["contraction"]],
      [true, ["contraction", "number-words"]],
    ]);
    expect(report.normalizations).toEqual({ contraction: 2, "number-words": 1 });
  });

  it("does not treat a possessive as a contraction", () => {
    const { report } = verifyAnalysis(analysisWithQuote("We is asking"), transcript);
    expect(report.quotes[0]?.verified).toBe(false);
  });
});

describe("numbers as claims", () => {
  const transcript = parseTimestampedTranscript(
    "[00:00:10] CHAIR: Item 9 has 2 parts. The budget is forty seven point three million dollars, up 12 percent.\n[00:00:20] CLERK: The motion carries seven zero. We meet again on March 4, 2025.",
  );
  const numbersIn = (summary: string) =>
    verifyAnalysis(
      modelAnalysis({ summary, highlights: [], action_items: [], entities: [] }),
      transcript,
    ).report.unsupportedNumbers.map((n) => n.value);

  it("needs a tally as a tally, not its digits anywhere", () => {
    expect(numbersIn("It passed 9-2.")).toEqual(["9-2"]);
    expect(numbersIn("It passed 9\u20132.")).toEqual(["9\u20132"]);
    expect(numbersIn("It passed 7-0, or seven to zero.")).toEqual([]);
  });

  it("needs sums with their scale, percentages and dates as said", () => {
    expect(numbersIn("A $47.3 million budget, $47,300,000 in all.")).toEqual([]);
    expect(numbersIn("A $47 million budget.")).toEqual(["$47 million"]);
    expect(numbersIn("Up 12%, not 2 percent.")).toEqual(["2 percent"]);
    expect(numbersIn("Next meeting March 4, 2025; done by 2031.")).toEqual(["2031"]);
    expect(numbersIn("Next meeting March 5, 2025.")).toEqual(["March 5"]);
    expect(numbersIn("Two hundred residents came.")).toEqual(["Two hundred"]);
  });

  it("marks unsupported numbers in free text and drops quick facts with one", () => {
    const story = modelStory({ body: "The council voted 9-2 on a $47.3 million budget." });
    story.sidebar_elements.quick_facts = ["Budget: $47.3 million", "Vote: 9-2", "Done by 2031"];
    const { story: cleaned, report } = verifyStory(story, { segments: transcript, analysis: null });
    expect(cleaned.article.body).toBe(
      `The council voted 9-2 ${VERIFICATION_MARKS.number.text} on a $47.3 million budget.`,
    );
    expect(cleaned.sidebar_elements.quick_facts).toEqual(["Budget: $47.3 million"]);
    expect(report.droppedFacts).toBe(2);
    expect(report.unsupportedNumbers.map((n) => [n.value, n.outcome])).toEqual(
      expect.arrayContaining([
        ["9-2", "marked"],
        ["9-2", "dropped"],
        ["2031", "dropped"],
      ]),
    );
  });
});
