import { describe, expect, it } from "vitest";
import { lcsLength, rouge, rougeTokens } from "../../../bench/rouge";

describe("ROUGE used by the benchmark", () => {
  it("tokenizes on non-alphanumerics, lower case", () => {
    expect(rougeTokens("The Council's $2.5M plan!")).toEqual(["the", "council", "s", "2", "5m", "plan"]);
  });

  it("scores identical texts 1 and disjoint texts 0", () => {
    expect(rouge("the cat sat", "the cat sat")).toEqual({ rouge1: 1, rouge2: 1, rougeL: 1 });
    expect(rouge("a b c", "x y z")).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
  });

  it("matches a worked example", () => {
    // candidate "the cat was found under the bed", reference "the cat was under the bed"
    const scores = rouge("the cat was found under the bed", "the cat was under the bed");
    expect(scores.rouge1).toBeCloseTo((2 * (6 / 7) * 1) / (6 / 7 + 1));
    expect(scores.rouge2).toBeCloseTo((2 * (4 / 6) * (4 / 5)) / (4 / 6 + 4 / 5));
    expect(lcsLength(rougeTokens("the cat was found under the bed"), rougeTokens("the cat was under the bed"))).toBe(6);
  });
});
