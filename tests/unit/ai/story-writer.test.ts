import { describe, expect, it } from "vitest";
import { analyzeOffline } from "~/lib/ai/offline/analyzer.server";
import { findNextMeetingDate, primaryTopic, writeOfflineStory } from "~/lib/ai/offline/story-writer";
import { createOfflineProvider } from "~/lib/ai/offline-provider.server";
import { storySchema, type Decision } from "~/lib/ai/schemas";
import { verifyStory } from "~/lib/ai/verify";
import { parseTimestampedTranscript } from "~/lib/transcripts/parse";
import { LABELED_MEETING, modelAnalysis, UNLABELLED_MEETING } from "./fixtures";

const segments = parseTimestampedTranscript(LABELED_MEETING);
// The decision the verification pass would keep: the stored analysis holds verified decisions only (0060).
const CONTRACT_VOTE: Decision = {
  item: "contract with Harbor Paving Company for the Oak Street resurfacing project",
  motion: "approve",
  result: "carried",
  ayes: 5,
  nays: 0,
  abstain: null,
  absent: null,
  how: "voice",
  consent_items: [],
  motion_evidence: { text: "I move that we approve the contract", timestamp: "00:07:02" },
  result_evidence: { text: "The motion carries 5-0.", timestamp: "00:07:15" },
};
const analysis = { ...analyzeOffline({ transcript: LABELED_MEETING, segments }), decisions: [CONTRACT_VOTE] };
const story = writeOfflineStory({
  analysis,
  segments,
  title: "Riverton City Council regular meeting",
  additionalContext: null,
});

describe("offline story writer", () => {
  it("writes a valid story with a headline on the main topic", () => {
    expect(storySchema.safeParse(story).success).toBe(true);
    expect(story.article.headline).toBe("Riverton City Council approves contract with Harbor Paving Company, 5-0");
    expect(story.article.primary_focus).toBe("Oak Street resurfacing project");
    expect(story.article.word_count).toBe(story.article.body.split(/\s+/).filter(Boolean).length);
  });

  it("leads with the summary and quotes highlights verbatim with their speakers", () => {
    expect(story.article.body.startsWith(analysis.summary)).toBe(true);
    expect(story.article.body).toContain("Councilmember Reyes said: \u201cI move that we approve the contract");
    expect(story.sidebar_elements.quote_block.attribution).not.toBe("Unidentified speaker");
  });

  it("passes its own verification: every quote and number comes from the sources", () => {
    const { report } = verifyStory(story, { segments, analysis, title: "Riverton City Council regular meeting" });
    expect(report.unverifiedQuotes).toBe(0);
    expect(report.unsupportedNumbers).toEqual([]);
  });

  it("lists the verified decisions, money and deadlines as quick facts", () => {
    const facts = story.sidebar_elements.quick_facts.join("\n");
    expect(story.sidebar_elements.quick_facts[0]).toBe(
      "Approved: contract with Harbor Paving Company for the Oak Street resurfacing project (5-0)",
    );
    expect(facts).toContain("$2.4 million");
    expect(facts).toContain("Due March 15");
  });

  it("fills the metadata: next meeting, sources, offline note", () => {
    expect(story.metadata.next_meeting_date).toBe("April 2");
    expect(story.metadata.follow_up_needed).toBe(true);
    expect(story.metadata.sources_used).toEqual(["Meeting transcript", "Meeting analysis"]);
    expect(story.metadata.uncertainty_notes[0]).toMatch(/offline without a language model/);
  });

  it("notes unidentified speakers and never prints the editor's context", () => {
    const asr = analyzeOffline({ transcript: UNLABELLED_MEETING, segments: [] });
    const asrStory = writeOfflineStory({
      analysis: asr,
      segments: [],
      title: null,
      additionalContext: "Riverton has 45,000 residents.",
    });
    expect(asrStory.metadata.uncertainty_notes.join(" ")).toMatch(/does not identify every speaker/);
    expect(JSON.stringify(asrStory)).not.toMatch(/45,000|Editor's/);
    expect(asrStory.metadata.sources_used).toEqual(["Meeting transcript", "Meeting analysis"]);
  });

  it("finds the main topic from entities when the summary names no project", () => {
    const plain = modelAnalysis({ summary: "The council talked about Harbor Paving Company." });
    expect(primaryTopic(plain, null)).toBe("Harbor Paving Company");
    expect(primaryTopic(modelAnalysis({ summary: "Nothing specific.", entities: [] }), "Budget workshop")).toBe(
      "Budget workshop",
    );
  });

  it("finds the next meeting date in the transcript", () => {
    expect(findNextMeetingDate(segments)).toBe("April 2");
    expect(findNextMeetingDate([])).toBeNull();
  });
});

describe("offline provider: stories", () => {
  it("returns a story that passes the verification pass", async () => {
    const result = await createOfflineProvider().writeStory({
      analysis,
      segments,
      title: null,
      additionalContext: null,
    });
    expect(result.provider).toBe("offline");
    expect(verifyStory(result.story, { segments, analysis }).report).toMatchObject({ kind: "story", passed: true });
  });

  it("requires analysis results", async () => {
    await expect(
      createOfflineProvider().writeStory({ analysis: null as never, segments, title: null, additionalContext: null }),
    ).rejects.toMatchObject({ code: "input", message: "Analysis results are required to generate a story" });
  });
});
