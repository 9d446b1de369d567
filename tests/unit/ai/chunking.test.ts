import { describe, expect, it } from "vitest";
import { chunkSegments, combineAnalyses, estimateTokens, renderSegment, splitText } from "~/lib/ai/chunking";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { Decision } from "~/lib/ai/schemas";
import { GENUINE_DECISIONS } from "../../support/decisions-meeting";
import { modelAnalysis } from "./fixtures";

function segment(position: number, text: string, startSeconds: number | null = position * 10): TranscriptSegment {
  return { position, startSeconds, endSeconds: null, speaker: "MAYOR LOPEZ", text };
}

describe("chunking", () => {
  it("estimates tokens as characters / 4", () => {
    expect(estimateTokens("x".repeat(400))).toBe(100);
  });

  it("renders segments with time and speaker", () => {
    expect(renderSegment(segment(0, "Hello.", 3725))).toBe("[01:02:05] MAYOR LOPEZ: Hello.");
    expect(renderSegment({ ...segment(0, "Hello.", null), speaker: null })).toBe("Hello.");
  });

  it("keeps a transcript that fits in one chunk", () => {
    const segments = [segment(0, "Short."), segment(1, "Also short.")];
    expect(chunkSegments(segments, 60_000)).toEqual([segments]);
  });

  it("cuts on segment boundaries within the budget and loses nothing", () => {
    const segments = Array.from({ length: 50 }, (_, i) =>
      segment(i, `Sentence number ${i} of the meeting, said slowly and clearly.`),
    );
    const chunks = chunkSegments(segments, 300); // 1,200 characters
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.map(renderSegment).join("\n").length).toBeLessThanOrEqual(1_200);
    expect(chunks.flat()).toEqual(segments);
  });

  it("splits one very long segment at sentence ends", () => {
    const text = Array.from({ length: 100 }, (_, i) => `This is sentence ${i}.`).join(" ");
    const chunks = chunkSegments([segment(0, text, null)], 200);
    expect(chunks.length).toBeGreaterThan(1);
    expect(
      chunks
        .flat()
        .map((s) => s.text)
        .join(" "),
    ).toBe(text);
    expect(chunks.flat().every((s) => s.text.endsWith("."))).toBe(true);
  });

  it("splits text without sentence ends at spaces", () => {
    const pieces = splitText("word ".repeat(100).trim(), 50);
    expect(pieces.every((p) => p.length <= 50)).toBe(true);
    expect(pieces.join(" ")).toBe("word ".repeat(100).trim());
  });

  it("combines partial analyses, removing duplicates", () => {
    const first = modelAnalysis();
    const second = modelAnalysis({
      entities: [
        { name: "harbor paving company", type: "organization", context: "" },
        { name: "Oak Street", type: "place", context: "Road" },
      ],
    });
    const combined = combineAnalyses([first, second], "Whole meeting.");
    expect(combined.summary).toBe("Whole meeting.");
    expect(combined.highlights).toHaveLength(1);
    expect(combined.action_items).toHaveLength(1);
    expect(combined.entities.map((e) => e.name)).toEqual(["Harbor Paving Company", "Oak Street"]);
  });

  it("keeps every decision of every part: the same result words at two votes are two decisions", () => {
    const { federation, raise } = GENUINE_DECISIONS;
    const sameWords = (d: Decision): Decision => ({
      ...d,
      result_evidence: { ...d.result_evidence, text: "The motion carries." },
    });
    const first = modelAnalysis({ decisions: [sameWords(federation)] });
    const second = modelAnalysis({ decisions: [sameWords(raise), sameWords(raise)] });
    const combined = combineAnalyses([first, second], "Whole meeting.");
    expect(combined.decisions.map((d) => d.item)).toEqual([federation.item, raise.item]);
  });
});
