import { describe, expect, it } from "vitest";
import { numberClaims, numberText, sourceStates } from "~/lib/ai/numbers";

function states(source: string, claimText: string): boolean {
  const [claim] = numberClaims(claimText);
  return sourceStates(numberText(source), claim!);
}

describe("years said in words", () => {
  it.each([
    ["the plan runs to twenty thirty one", "By 2031"],
    ["adopted in twenty twenty four", "In 2024"],
    ["back in nineteen ninety", "Since 1990"],
    ["the twenty twenty plan", "The 2020 plan"],
    ["in two thousand five", "In 2005"],
  ])("%s states %s", (source, claim) => {
    expect(states(source, claim)).toBe(true);
  });

  it("does not make a year of numbers said apart", () => {
    expect(states("twenty, thirty one", "In 2031")).toBe(false);
    expect(states("twenty thirty one", "In 2030")).toBe(false);
  });

  it("still reads counts said in words", () => {
    expect(states("twenty five residents spoke", "25 residents")).toBe(true);
  });
});

describe("dates as models write them", () => {
  it("needs the month and day the transcript states", () => {
    expect(states("The next regular meeting is July 29th.", "2025-07-29")).toBe(true);
    expect(states("The next regular meeting is July 28.", "2025-07-29")).toBe(false);
  });

  it("is not read as a tally", () => {
    expect(numberClaims("Next: 2025-07-29")).toHaveLength(1);
  });
});

describe("roll-call counts", () => {
  it("state the tally they add up to", () => {
    expect(states("We have two ayes and two nays.", "Failed 2-2")).toBe(true);
    expect(states("Seven ayes, zero nays.", "Carried 7-0")).toBe(true);
    expect(states("We have two ayes and three nays.", "Failed 2-2")).toBe(false);
  });
});

describe("clock times are never tallies (issue 27)", () => {
  it("does not read 6:05 p.m. as a 6-5 vote", () => {
    expect(states("We reconvene at 6:05 p.m. tonight.", "Carried 6-5")).toBe(false);
    expect(states("RECESS UNTIL 2:00 P.M.", "Failed 2-0")).toBe(false);
    expect(states("[00:12:41] The motion carries.", "Passed 12-41")).toBe(false);
  });

  it("still reads a tally said beside a clock time", () => {
    expect(states("At 6:05 p.m. the motion carried six to five.", "Carried 6-5")).toBe(true);
    expect(states("At 6:05 p.m. the vote was 6-5.", "Carried 6-5")).toBe(true);
  });
});

describe('"ayes" heard as "eyes" (issue 27)', () => {
  it('counts "11 eyes, zero nays" as 11-0', () => {
    expect(states("THAT'S 11 EYES, ZERO NAYS. THE MOTION CARRIES.", "Carried 11-0")).toBe(true);
    expect(states("Eleven eyes and zero nays.", "Carried 11-0")).toBe(true);
    expect(states("11 eyes, zero nays.", "Carried 11-1")).toBe(false);
  });
});
