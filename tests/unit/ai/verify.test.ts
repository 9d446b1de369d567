import { describe, expect, it } from "vitest";
import { findDigitNumbers, findSpelledNumberValues, numberValuesIn } from "~/lib/ai/numbers";
import { normalizeForMatch, UNVERIFIED_QUOTE_MARK, verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { LABELLED_MEETING, modelAnalysis, modelStory, UNLABELLED_MEETING } from "./fixtures";

const segments = parseTimestampedTranscript(LABELLED_MEETING);

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
    expect(analysis.highlights[0]!.timestamp).toBe("00:07:02"); // "7:02" rewritten as hh:mm:ss
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

  it("accepts numbers from the editor's context", () => {
    const story = modelStory({ body: "The city has 45,000 residents." });
    expect(
      verifyStory(story, { ...sources, additionalContext: "Riverton has about 45,000 residents." }).report
        .unsupportedNumbers,
    ).toEqual([]);
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

  it("leaves short quoted words alone", () => {
    const story = modelStory({ body: "Residents called the plan \u201cgood\u201d and the vote was 5-0." });
    expect(verifyStory(story, sources).report.quotes.map((q) => q.location)).toEqual(["sidebar_elements.quote_block"]);
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
