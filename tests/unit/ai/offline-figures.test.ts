import { describe, expect, it } from "vitest";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { cleanSentence, shorten } from "~/lib/ai/offline/rules";
import { writeOfflineStory } from "~/lib/ai/offline/story-writer";
import { verifyAnalysis, verifyStory } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";

/**
 * The offline analyzer copies; it must never make a figure the transcript
 * did not say, so its own output passes the verification pass untouched.
 */

const MEETING = [
  "[00:00:05] CHAIR WONSLEY: Item 25 is the ordinance on short-term rental licensing for the whole city.",
  "[00:00:20] DIRECTOR FRICK: As of this analysis the city had spent actual money out the door, we had spent $245.9 million on the recovery programs across every neighborhood and ward of the city this year.",
  "[00:00:45] DIRECTOR FRICK: Debt service in total is $130 million a year for principal and interest on our bonds.",
  "[00:01:05] COUNCIL MEMBER CHUGHTAI: Residents ask about the city expending $1,000,000 at a time when police officers are short.",
  "[00:01:30] CLERK: Council Member Chughtai. Nay. Vice Chair Palmisano. Aye. Chair Wonsley. Nay. Council Member Cashman. Aye.",
  "[00:01:45] CHAIR WONSLEY: We have two ayes and two nays. The motion fails.",
].join("\n");

describe("figures in the offline analysis", () => {
  it("keep their zeros and their scale", () => {
    expect(cleanSentence("expending $1,000,000 at a time")).toContain("$1,000,000");
    expect(shorten("we had spent $245.9 million on the programs", 4)).toBe("we had spent $245.9 million…");
  });

  it("are all found in the transcript by the verification pass", () => {
    const segments = parseTimestampedTranscript(MEETING);
    const analysis = analyzeOffline({ transcript: MEETING, segments, title: "Council meeting" });
    const checked = verifyAnalysis(analysis, segments, MEETING);
    expect(checked.report.unsupportedNumbers).toEqual([]);
    const money = analysis.entities.filter((entity) => entity.type === "money").map((entity) => entity.name);
    expect(money).toEqual(expect.arrayContaining(["$245.9 million", "$130 million", "$1,000,000"]));
    const story = writeOfflineStory({
      analysis: checked.analysis,
      segments,
      title: "Council meeting",
      additionalContext: null,
    });
    const storyCheck = verifyStory(story, { segments, transcript: MEETING, analysis: checked.analysis });
    expect(storyCheck.report.unsupportedNumbers).toEqual([]);
  });
});
