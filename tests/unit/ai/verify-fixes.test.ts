import { describe, expect, it } from "vitest";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import { verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { modelAnalysis, modelStory } from "./fixtures";

/**
 * Issue 27, deliverable 6: the verification pass places repeated quotes,
 * speakers and times only where the transcript puts them, marks quotes cut
 * before a negation, and reads tallies as said. Synthetic meetings written
 * for these tests (fictional people).
 */

// The same sentence said three times, by three people, minutes apart.
const REPEATED = parseTimestampedTranscript(
  [
    "[00:01:00] CHAIR OSMAN: We need more time on this item.",
    "[00:02:00] CLERK: Item one is the library lease.",
    "[00:10:00] COUNCILMEMBER REYES: We need more time on this item.",
    "[00:11:00] CLERK: Item two is the bridge contract.",
    "[00:20:00] COUNCILMEMBER PARK: We need more time on this item.",
    "[00:21:00] CHAIR OSMAN: Thank you.",
  ].join("\n"),
);

function highlight(timestamp: string, text: string, speaker: string, point = "A moment") {
  return modelAnalysis({ highlights: [{ timestamp, point_of_interest: point, quotes: [{ text, speaker }] }] });
}

describe("a repeated sentence goes to the occurrence nearest the claimed time", () => {
  it.each([
    ["00:10:00", "00:10:00", "COUNCILMEMBER REYES"],
    ["00:19:40", "00:20:00", "COUNCILMEMBER PARK"],
    ["00:01:00", "00:01:00", "CHAIR OSMAN"],
    ["00:11:30", "00:10:00", "COUNCILMEMBER REYES"],
  ])("claimed at %s: placed at %s, said by %s", (claimed, placed, speaker) => {
    const { analysis, report } = verifyAnalysis(
      highlight(claimed, "We need more time on this item.", "Unknown"),
      REPEATED,
    );
    expect(report.quotes[0]).toMatchObject({ verified: true, segment: { timestamp: placed, speaker } });
    expect(analysis.highlights[0]).toMatchObject({
      timestamp: placed,
      quotes: [{ text: "We need more time on this item.", speaker }],
    });
  });

  it("keeps the claimed occurrence when the model names it, and the report says the speaker matches", () => {
    const { report } = verifyAnalysis(
      highlight("00:20:00", "We need more time on this item.", "Councilmember Park"),
      REPEATED,
    );
    expect(report.quotes[0]).toMatchObject({ segment: { timestamp: "00:20:00" }, speakerMatches: true });
  });

  it("places a repeated sidebar quote at the time its context gives", () => {
    const story = modelStory();
    story.sidebar_elements.quote_block = {
      quote: "We need more time on this item.",
      attribution: "Councilmember Park",
      context: "Said during the meeting at 00:20:00.",
    };
    const { story: cleaned, report } = verifyStory(story, { segments: REPEATED, analysis: null });
    expect(cleaned.sidebar_elements.quote_block.attribution).toBe("COUNCILMEMBER PARK");
    expect(report.quotes.find((q) => q.location.startsWith("sidebar"))?.segment?.timestamp).toBe("00:20:00");
  });

  it("places it at the occurrence starting in the claimed second, though an earlier caption segment still runs", () => {
    // Caption segments overlap: the first runs to 01:58, past the second's start at 01:55.6.
    const captions: TranscriptSegment[] = [
      {
        position: 0,
        startSeconds: 100,
        endSeconds: 118,
        speaker: "CHAIR OSMAN",
        text: "Thank you for the presentation.",
      },
      {
        position: 1,
        startSeconds: 115.6,
        endSeconds: 120,
        speaker: "COUNCILMEMBER PARK",
        text: "Thank you for the presentation.",
      },
    ];
    const { analysis } = verifyAnalysis(highlight("00:01:55", "Thank you for the presentation.", "Unknown"), captions);
    expect(analysis.highlights[0]!.quotes[0]!.speaker).toBe("COUNCILMEMBER PARK");
  });

  it("without a claimed time, keeps the first occurrence", () => {
    const { report } = verifyAnalysis(
      modelAnalysis({ summary: 'Members said "We need more time on this item."', highlights: [] }),
      REPEATED,
    );
    expect(report.quotes[0]?.segment).toMatchObject({ timestamp: "00:01:00", speaker: "CHAIR OSMAN" });
  });
});

// Caption-like segments: times, no speaker labels.
const UNLABELED: TranscriptSegment[] = [
  { position: 0, startSeconds: 30, endSeconds: 40, speaker: null, text: "Good afternoon and welcome." },
  { position: 1, startSeconds: 40, endSeconds: 50, speaker: "CHAIR OSMAN", text: "Item one is the library lease." },
  { position: 2, startSeconds: 50, endSeconds: 60, speaker: null, text: "I move approval of the lease." },
];

describe("a speaker name on a segment the transcript does not label is dropped", () => {
  it("shows the quote as said by an unknown speaker, even when the model names someone", () => {
    const { analysis, report } = verifyAnalysis(
      highlight("00:00:50", "I move approval of the lease.", "Council Member Wonsley"),
      UNLABELED,
    );
    expect(analysis.highlights[0]!.quotes).toEqual([{ text: "I move approval of the lease.", speaker: "Unknown" }]);
    expect(report.quotes[0]).toMatchObject({ verified: true, speakerMatches: null });
    expect(report.droppedSpeakers).toBe(1);
  });

  it("keeps a label the transcript gives", () => {
    const { analysis, report } = verifyAnalysis(
      highlight("00:00:40", "Item one is the library lease.", "Chair Osman"),
      UNLABELED,
    );
    expect(analysis.highlights[0]!.quotes[0]!.speaker).toBe("CHAIR OSMAN");
    expect(report.droppedSpeakers).toBe(0);
  });

  it("attributes a sidebar quote from an unlabeled segment to an unidentified speaker", () => {
    const story = modelStory();
    story.sidebar_elements.quote_block = {
      quote: "I move approval of the lease.",
      attribution: "Council Member Wonsley",
      context: "The motion.",
    };
    const { story: cleaned } = verifyStory(story, { segments: UNLABELED, analysis: null });
    expect(cleaned.sidebar_elements.quote_block.attribution).toBe("Unidentified speaker");
  });
});

const PLAIN = "MAYOR LOPEZ: The next item is the riverwalk lighting contract.\n\nI move that we approve it.";

describe("an untimed transcript shows no times", () => {
  it("gives a highlight no time, whatever the model claims, with or without a found quote", () => {
    const { analysis, report } = verifyAnalysis(
      modelAnalysis({
        highlights: [
          {
            timestamp: "00:12:41",
            point_of_interest: "The item opens (00:12:41).",
            quotes: [{ text: "The next item is the riverwalk lighting contract.", speaker: "MAYOR LOPEZ" }],
          },
          { timestamp: "00:13:05", point_of_interest: "The motion at 00:13:05, before 6:30 p.m.", quotes: [] },
        ],
      }),
      [],
      PLAIN,
    );
    expect(analysis.highlights.map((h) => h.timestamp)).toEqual(["00:00:00", "00:00:00"]);
    expect(analysis.highlights.map((h) => h.point_of_interest)).toEqual([
      "The item opens.",
      "The motion, before 6:30 p.m.",
    ]);
    expect(report.droppedTimes).toBe(4);
  });

  it("leaves no time in the story's fields", () => {
    const story = modelStory({ body: "At 00:12:41 the mayor opened the item [12:41]. The vote came at 1:02:15." });
    story.sidebar_elements.quote_block = {
      quote: "I move that we approve it.",
      attribution: "Mayor Lopez",
      context: "Said during the meeting at 00:13:05.",
    };
    const { story: cleaned } = verifyStory(story, { segments: [], transcript: PLAIN, analysis: null });
    expect(cleaned.article.body).toBe("The mayor opened the item. The vote came.");
    expect(cleaned.sidebar_elements.quote_block.context).toBe("Said during the meeting.");
    expect(JSON.stringify(cleaned)).not.toMatch(/\d:\d\d/);
  });

  it("keeps the times of a timed transcript", () => {
    const story = modelStory({ body: "The vote came at 00:07:15." });
    const { story: cleaned } = verifyStory(story, {
      segments: parseTimestampedTranscript("[00:07:15] MAYOR LOPEZ: The motion carries."),
      analysis: null,
    });
    expect(cleaned.article.body).toBe("The vote came at 00:07:15.");
  });
});

const NEGATED = parseTimestampedTranscript(
  [
    "[00:03:00] CHAIR OSMAN: We will not raise the parking fee this year.",
    "[00:04:00] COUNCILMEMBER REYES: I can't support the second phase. We will never close the branch library.",
    "[00:05:00] COUNCILMEMBER PARK: We are no longer funding the shuttle. This is not only a budget item.",
    "[00:06:00] CHAIR OSMAN: We will decide whether or not to fund it.",
  ].join("\n"),
);

describe("a quote cut before a negation is not verbatim in meaning", () => {
  it.each([
    ["We will", "not"],
    ["I can", "n't"],
    ["We will … close the branch library", "never"],
    ["We are", "no longer"],
  ])("%s (the transcript goes on with %s) is marked in free text", (quote) => {
    const { analysis, report } = verifyAnalysis(
      modelAnalysis({ summary: `Members said "${quote}".`, highlights: [] }),
      NEGATED,
    );
    expect(report.quotes[0]).toMatchObject({ verified: false, cutBeforeNegation: true, outcome: "marked" });
    expect(analysis.summary).toBe(`Members said "${quote}" ${VERIFICATION_MARKS.cut.text}.`);
    expect(report.cutQuotes).toBe(1);
    expect(report.markedQuotes).toBe(0);
  });

  it("removes such a quote from a highlight and says so under a story", () => {
    const { analysis } = verifyAnalysis(highlight("00:03:00", "We will", "CHAIR OSMAN"), NEGATED);
    expect(analysis.highlights[0]!.quotes).toEqual([]);
    const { story } = verifyStory(modelStory({ body: "Osman said \u201cwe will\u201d." }), {
      segments: NEGATED,
      analysis: null,
    });
    expect(story.metadata.uncertainty_notes).toContain(
      "1 quoted passage stops before a negation the speaker went on with and is marked.",
    );
  });

  it("keeps quotes that hold their negation, or stop before words that do not negate", () => {
    const { report } = verifyAnalysis(
      modelAnalysis({
        summary:
          'Osman: "We will not raise the parking fee". Park: "This is" and "We are no longer funding the shuttle." Osman: "We will decide whether or"',
        highlights: [],
      }),
      NEGATED,
    );
    expect(report.quotes.map((q) => [q.text, q.verified])).toEqual([
      ["We will not raise the parking fee", true],
      ["This is", true],
      ["We are no longer funding the shuttle.", true],
      ["We will decide whether or", true],
    ]);
  });
});

describe("tallies in the verification pass", () => {
  const CLOCK = parseTimestampedTranscript(
    "[00:00:10] CHAIR: We will recess until 6:05 p.m.\n[00:40:00] CLERK: THAT'S 11 EYES, ZERO NAYS. THE MOTION CARRIES.",
  );
  const marked = (summary: string) =>
    verifyAnalysis(
      modelAnalysis({ summary, highlights: [], action_items: [], entities: [] }),
      CLOCK,
    ).report.unsupportedNumbers.map((n) => n.value);

  it("does not take a clock time for a tally", () => {
    expect(marked("The motion failed 6-5.")).toEqual(["6-5"]);
  });

  it('supports an 11-0 said as "11 eyes, zero nays"', () => {
    expect(marked("The motion carried 11-0.")).toEqual([]);
  });
});
