import { describe, expect, it } from "vitest";
import { analyseOffline, readTranscriptSentences, summarise } from "~/lib/ai/offline/analyser.server";
import { createOfflineProvider } from "~/lib/ai/offline-provider.server";
import { analysisSchema } from "~/lib/ai/schemas";
import { ensureSegments } from "~/lib/ai/segments";
import { normaliseForMatch, verifyAnalysis } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { syntheticTranscript } from "../../../bench/synthetic";
import { LABELLED_MEETING, SEGMENT_TIMES, UNLABELLED_MEETING } from "./fixtures";

const labelledSegments = parseTimestampedTranscript(LABELLED_MEETING);
const labelled = analyseOffline({ transcript: LABELLED_MEETING, segments: labelledSegments });
const unlabelled = analyseOffline({ transcript: UNLABELLED_MEETING, segments: [] });

function entityNames(type: string, analysis = labelled): string[] {
  return analysis.entities.filter((e) => e.type === type).map((e) => e.name);
}

describe("offline analyser on a labelled, timestamped transcript", () => {
  it("produces a valid analysis", () => {
    expect(analysisSchema.safeParse(labelled).success).toBe(true);
  });

  it("summarises in a few clean sentences without procedure or fillers", () => {
    const sentences = labelled.summary.split(/(?<=[.?!])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(5);
    expect(labelled.summary).not.toMatch(/\b(?:um|uh|you know)\b/i);
    expect(labelled.summary).not.toMatch(/all those in favor|roll call|^second/i);
  });

  it("finds 3 to 6 highlights at real segment times with their speakers and verbatim quotes", () => {
    expect(labelled.highlights.length).toBeGreaterThanOrEqual(3);
    expect(labelled.highlights.length).toBeLessThanOrEqual(6);
    for (const highlight of labelled.highlights) {
      expect(SEGMENT_TIMES).toContain(highlight.timestamp);
      expect(highlight.quotes.length).toBeGreaterThanOrEqual(1);
      expect(highlight.quotes.length).toBeLessThanOrEqual(2);
      const segment = labelledSegments.find((s) => highlight.timestamp === SEGMENT_TIMES[s.position]);
      for (const quote of highlight.quotes) {
        expect(segment?.text).toContain(quote.text);
        expect(quote.speaker.toUpperCase()).toBe(segment?.speaker);
      }
    }
    const times = labelled.highlights.map((h) => h.timestamp);
    expect([...times].sort()).toEqual(times);
  });

  it("has quotes that all pass verification", () => {
    const { report } = verifyAnalysis(labelled, labelledSegments);
    expect(report.unverifiedQuotes).toBe(0);
    expect(report.quotes.every((q) => q.speakerMatches !== false)).toBe(true);
  });

  it("turns the motion and its vote into an action item for staff with the deadline", () => {
    const motion = labelled.action_items.find((a) => a.description.includes("report back on the detour plan"));
    expect(motion).toBeDefined();
    expect(motion!.description).toMatch(/^Motion by Councilmember Reyes: /);
    expect(motion!.description).toContain("Result: motion carries (5-0)");
    expect(motion!.responsible_party).toBe("City staff");
    expect(motion!.due_date).toBe("March 15");
  });

  it("finds directions to bring something back, with their dates", () => {
    const bringBack = labelled.action_items.filter((a) => /bring back a revised design/.test(a.description));
    expect(bringBack.map((a) => a.due_date)).toEqual(expect.arrayContaining(["next meeting", "April 2"]));
  });

  it("finds people with their titles, from speaker labels and the text", () => {
    const people = labelled.entities.filter((e) => e.type === "person");
    const byName = Object.fromEntries(people.map((p) => [p.name, p.context]));
    expect(byName.Reyes).toMatch(/^Councilmember/);
    expect(byName.Lopez).toMatch(/^Mayor/);
    expect(byName.Okafor).toMatch(/^City Manager/);
    expect(byName.Nguyen).toMatch(/^Director/);
    expect(Object.keys(byName)).not.toContain("Clerk");
  });

  it("finds organisations, places, money and dates", () => {
    expect(entityNames("organization")).toEqual(
      expect.arrayContaining(["Harbor Paving Company", "Public Works Department", "Parks and Recreation Department"]),
    );
    expect(entityNames("place")).toEqual(
      expect.arrayContaining(["Oak Street", "Elm Avenue", "Riverside Park", "Riverton"]),
    );
    expect(entityNames("money")).toEqual(expect.arrayContaining(["$2.4 million", "$850,000", "$300,000"]));
    expect(entityNames("date")).toEqual(expect.arrayContaining(["September 30, 2025"]));
  });
});

describe("offline analyser on ASR text without labels or timestamps", () => {
  it("uses 00:00:00 and Unknown, and still quotes verbatim", () => {
    expect(unlabelled.highlights.length).toBeGreaterThanOrEqual(3);
    for (const highlight of unlabelled.highlights) {
      expect(highlight.timestamp).toBe("00:00:00");
      for (const quote of highlight.quotes) {
        expect(quote.speaker).toBe("Unknown");
        expect(UNLABELLED_MEETING).toContain(quote.text);
      }
    }
    expect(verifyAnalysis(unlabelled, [], UNLABELLED_MEETING).report.unverifiedQuotes).toBe(0);
  });

  it("still finds the motion, the vote, money and titled people", () => {
    const motion = unlabelled.action_items.find((a) => a.description.includes("report back on the detour plan"));
    expect(motion?.description).toMatch(/^Motion: /);
    expect(motion?.description).toContain("motion carries (5-0)");
    expect(entityNames("money", unlabelled)).toEqual(expect.arrayContaining(["$2.4 million", "$850,000"]));
    expect(entityNames("person", unlabelled)).toEqual(expect.arrayContaining(["Reyes", "Lopez", "Park"]));
  });
});

describe("offline analyser: summary variants and speed", () => {
  const sentences = readTranscriptSentences(ensureSegments([], LABELLED_MEETING));

  it("plain TextRank keeps raw sentences; the analyser cleans them", () => {
    const plain = summarise(sentences, { useRules: false, sentences: 3 });
    expect(plain.length).toBeGreaterThan(0);
    const tuned = summarise(sentences, { useRules: true });
    for (const sentence of tuned.split(/(?<=[.?!])\s+/)) {
      const found = sentences.some((s) => normaliseForMatch(s.text).includes(normaliseForMatch(sentence)));
      expect(found).toBe(true);
    }
  });

  it("analyses a whole 120 KB transcript (its speed is measured in npm run bench, not here)", () => {
    const analysis = analyseOffline({ transcript: syntheticTranscript(120_000), segments: [] });
    expect(analysis.highlights.length).toBe(6);
  });
});

describe("offline provider", () => {
  it("returns the analysis with provider, model and a verification report", async () => {
    const result = await createOfflineProvider().analyzeTranscript({
      transcript: LABELLED_MEETING,
      segments: [],
      title: null,
      description: null,
    });
    expect(result.provider).toBe("offline");
    expect(result.model).toBe("extractive-textrank-v1");
    expect(result.verification.kind).toBe("analysis");
    expect(result.verification.unverifiedQuotes).toBe(0);
    expect(result.analysis.highlights[0]?.timestamp).toMatch(/^\d\d:\d\d:\d\d$/);
  });

  it("refuses an empty transcript with the product's message", async () => {
    await expect(
      createOfflineProvider().analyzeTranscript({ transcript: "", segments: [], title: null, description: null }),
    ).rejects.toMatchObject({
      code: "input",
      message: "Video must have a transcript to run analysis",
    });
  });
});
