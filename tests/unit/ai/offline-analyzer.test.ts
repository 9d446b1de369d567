import { describe, expect, it } from "vitest";
import { analyzeOffline, readTranscriptSentences, summarize } from "~/lib/ai/offline/analyzer.server";
import { createOfflineProvider } from "~/lib/ai/offline-provider.server";
import { analysisSchema } from "~/lib/ai/schemas";
import { ensureSegments } from "~/lib/ai/segments";
import { normalizeForMatch, verifyAnalysis } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { syntheticTranscript } from "../../../bench/synthetic";
import { LABELED_MEETING, SEGMENT_TIMES, UNLABELLED_MEETING } from "./fixtures";

const labeledSegments = parseTimestampedTranscript(LABELED_MEETING);
const labeled = analyzeOffline({ transcript: LABELED_MEETING, segments: labeledSegments });
const unlabeled = analyzeOffline({ transcript: UNLABELLED_MEETING, segments: [] });

function entityNames(type: string, analysis = labeled): string[] {
  return analysis.entities.filter((e) => e.type === type).map((e) => e.name);
}

describe("offline analyzer on a labeled, timestamped transcript", () => {
  it("produces a valid analysis", () => {
    expect(analysisSchema.safeParse(labeled).success).toBe(true);
  });

  it("summarizes in a few clean sentences without procedure or fillers", () => {
    const sentences = labeled.summary.split(/(?<=[.?!])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(5);
    expect(labeled.summary).not.toMatch(/\b(?:um|uh|you know)\b/i);
    expect(labeled.summary).not.toMatch(/all those in favor|roll call|^second/i);
  });

  it("finds 3 to 6 highlights at real segment times with their speakers and verbatim quotes", () => {
    expect(labeled.highlights.length).toBeGreaterThanOrEqual(3);
    expect(labeled.highlights.length).toBeLessThanOrEqual(6);
    for (const highlight of labeled.highlights) {
      expect(SEGMENT_TIMES).toContain(highlight.timestamp);
      expect(highlight.quotes.length).toBeGreaterThanOrEqual(1);
      expect(highlight.quotes.length).toBeLessThanOrEqual(2);
      const segment = labeledSegments.find((s) => highlight.timestamp === SEGMENT_TIMES[s.position]);
      for (const quote of highlight.quotes) {
        expect(segment?.text).toContain(quote.text);
        expect(quote.speaker.toUpperCase()).toBe(segment?.speaker);
      }
    }
    const times = labeled.highlights.map((h) => h.timestamp);
    expect([...times].sort()).toEqual(times);
  });

  it("has quotes that all pass verification", () => {
    const { report } = verifyAnalysis(labeled, labeledSegments);
    expect(report.unverifiedQuotes).toBe(0);
    expect(report.quotes.every((q) => q.speakerMatches !== false)).toBe(true);
  });

  it("turns the motion and its vote into an action item for staff with the deadline", () => {
    const motion = labeled.action_items.find((a) => a.description.includes("report back on the detour plan"));
    expect(motion).toBeDefined();
    expect(motion!.description).toMatch(
      /^Motion by Councilmember Reyes on recommendation to approve a contract with Harbor Paving/,
    );
    expect(motion!.description).toContain("Result: carried (5-0)");
    expect(motion!.responsible_party).toBe("City staff");
    expect(motion!.due_date).toBe("March 15");
  });

  it("finds directions to bring something back, with their dates, but not the question that asked for it", () => {
    const bringBack = labeled.action_items.filter((a) => /bring back a revised design/.test(a.description));
    expect(bringBack.map((a) => a.due_date)).toEqual(["April 2"]);
  });

  it("finds people with their titles, from speaker labels and the text", () => {
    const people = labeled.entities.filter((e) => e.type === "person");
    const byName = Object.fromEntries(people.map((p) => [p.name, p.context]));
    expect(byName.Reyes).toMatch(/^Councilmember/);
    expect(byName.Lopez).toMatch(/^Mayor/);
    expect(byName.Okafor).toMatch(/^City Manager/);
    expect(byName.Nguyen).toMatch(/^Director/);
    expect(Object.keys(byName)).not.toContain("Clerk");
  });

  it("finds organizations, places, money and dates", () => {
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

describe("offline analyzer on ASR text without labels or timestamps", () => {
  it("uses 00:00:00 and Unknown, and still quotes verbatim", () => {
    expect(unlabeled.highlights.length).toBeGreaterThanOrEqual(3);
    for (const highlight of unlabeled.highlights) {
      expect(highlight.timestamp).toBe("00:00:00");
      for (const quote of highlight.quotes) {
        expect(quote.speaker).toBe("Unknown");
        expect(UNLABELLED_MEETING).toContain(quote.text);
      }
    }
    expect(verifyAnalysis(unlabeled, [], UNLABELLED_MEETING).report.unverifiedQuotes).toBe(0);
  });

  it("still finds the motion, the vote, money and titled people", () => {
    const motion = unlabeled.action_items.find((a) => a.description.includes("report back on the detour plan"));
    expect(motion?.description).toMatch(/^Motion on /);
    expect(motion?.description).toContain("Result: carried (5-0)");
    expect(entityNames("money", unlabeled)).toEqual(expect.arrayContaining(["$2.4 million", "$850,000"]));
    expect(entityNames("person", unlabeled)).toEqual(expect.arrayContaining(["Reyes", "Lopez", "Park"]));
  });
});

describe("offline analyzer: summary variants and speed", () => {
  const sentences = readTranscriptSentences(ensureSegments([], LABELED_MEETING));

  it("plain TextRank keeps raw sentences; the analyzer cleans them", () => {
    const plain = summarize(sentences, { useRules: false, sentences: 3 });
    expect(plain.length).toBeGreaterThan(0);
    const tuned = summarize(sentences, { useRules: true });
    // The vote's outcome is the one sentence the analyzer words itself ("The motion to approve carried 5-0.").
    const extracted = tuned
      .split(/(?<=[.?!])\s+/)
      .filter((sentence) => !/^The (?:motion|recommendation)\b.* (?:carried|failed)\b/.test(sentence));
    for (const sentence of extracted) {
      const found = sentences.some((s) => normalizeForMatch(s.text).includes(normalizeForMatch(sentence)));
      expect(found).toBe(true);
    }
  });

  it("analyses a whole 120 KB transcript (its speed is measured in npm run bench, not here)", () => {
    const analysis = analyzeOffline({ transcript: syntheticTranscript(120_000), segments: [] });
    expect(analysis.highlights.length).toBe(6);
  });
});

describe("offline provider", () => {
  it("returns the analysis with provider and model; all its quotes pass the verification pass", async () => {
    const result = await createOfflineProvider().analyzeTranscript({
      transcript: LABELED_MEETING,
      segments: [],
      title: null,
      description: null,
    });
    expect(result.provider).toBe("offline");
    expect(result.model).toBe("extractive-textrank-v1");
    const { report } = verifyAnalysis(result.analysis, [], LABELED_MEETING);
    expect(report.unverifiedQuotes).toBe(0);
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
