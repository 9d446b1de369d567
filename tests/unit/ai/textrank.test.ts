import { describe, expect, it } from "vitest";
import { cosine, lightStem, pageRank, textRank, tfidfVectors } from "~/lib/ai/offline/textrank";
import { cleanSentence, displaySpeaker, isProcedural, verbatimPrefix } from "~/lib/ai/offline/rules";
import { findDueDate, responsibleParty, voteOutcome } from "~/lib/ai/offline/actions";
import { personFromSpeakerLabel } from "~/lib/ai/offline/entities";
import { normalizeClockTime } from "~/lib/ai/timestamps";

describe("TextRank", () => {
  it("builds normalized TF-IDF vectors and cosine similarities", () => {
    const [a, b, c] = tfidfVectors([
      ["budget", "road"],
      ["budget", "road"],
      ["park", "swing"],
    ]);
    expect(cosine(a!, b!)).toBeCloseTo(1);
    expect(cosine(a!, c!)).toBe(0);
  });

  it("runs PageRank with damping 0.85 to a distribution", () => {
    const ranks = pageRank([
      [{ to: 1, weight: 1 }],
      [
        { to: 0, weight: 1 },
        { to: 2, weight: 1 },
      ],
      [{ to: 1, weight: 1 }],
    ]);
    expect(ranks.reduce((sum, r) => sum + r, 0)).toBeCloseTo(1);
    expect(ranks[1]).toBeGreaterThan(ranks[0]!);
    expect(ranks[0]).toBeCloseTo(ranks[2]!);
  });

  it("ranks the sentence most similar to the others first", () => {
    const scores = textRank([["budget", "road"], ["budget", "road", "park"], ["park", "budget"], ["weather"]]);
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
  });

  it("stems lightly", () => {
    expect(lightStem("votes")).toBe(lightStem("vote"));
    expect(lightStem("approved")).toBe(lightStem("approve"));
    expect(lightStem("bring")).toBe("bring");
  });
});

describe("rules", () => {
  it("cleans fillers, stutters and leading discourse markers", () => {
    expect(cleanSentence("So, um, we we need to, you know, fix the road")).toBe("We need to fix the road.");
  });

  it("recognizes procedure", () => {
    for (const text of [
      "Thank you, Mayor.",
      "Second.",
      "All those in favor?",
      "Please call the roll.",
      "I call this meeting of the Riverton City Council to order.",
    ]) {
      expect(isProcedural(text)).toBe(true);
    }
    expect(isProcedural("The contract is $2.4 million and is funded by the transportation fund.")).toBe(false);
  });

  it("formats speakers and quotes", () => {
    expect(displaySpeaker("COUNCILMEMBER O'BRIEN")).toBe("Councilmember O'Brien");
    expect(displaySpeaker(null)).toBe("Unknown");
    const long =
      "We will, after much discussion, tonight and in the weeks ahead, bring the plan back to you with all of the options that residents asked for";
    expect(long.startsWith(verbatimPrefix(long, 12))).toBe(true);
  });

  it("reads votes, deadlines and responsible parties", () => {
    expect(voteOutcome("The motion carries 5-0.")).toBe("carried (5-0)");
    expect(voteOutcome("Item 7 was approved 4 to 1.")).toBe("carried (4-1)");
    expect(voteOutcome("The plan was adopted in 2011.")).toBeNull();
    expect(findDueDate("Report back by June 15th, please.")).toBe("June 15th");
    expect(findDueDate("Bring it back within 60 days.")).toBe("within 60 days");
    expect(findDueDate("Staff may bring it back.")).toBeNull();
    expect(responsibleParty("Direct the Public Works Department to report back.")).toBe("Public Works Department");
    expect(responsibleParty("Ask the City Attorney to draft it.")).toBe("City Attorney");
  });

  it("reads people from speaker labels", () => {
    expect(personFromSpeakerLabel("COUNCILMEMBER ANA REYES")).toEqual({ name: "Ana Reyes", title: "Councilmember" });
    expect(personFromSpeakerLabel("SPEAKER 2")).toBeNull();
    expect(personFromSpeakerLabel("CLERK")).toBeNull();
  });
});

describe("timestamps", () => {
  it("always writes hh:mm:ss", () => {
    expect(normalizeClockTime("7:02")).toBe("00:07:02");
    expect(normalizeClockTime("[1:02:03]")).toBe("01:02:03");
    expect(normalizeClockTime("soon")).toBeNull();
  });
});
