import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { VERIFICATION_MARKS } from "~/lib/ai/marks";
import type { Analysis, NewsStory } from "~/lib/ai/schemas";
import { parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import { FIGURES_NOTE, type VerificationReport } from "~/lib/ai/verify";
import { analysisRevisions, storyRevisions } from "~/lib/db/schema";
import { analyzeVideo } from "~/lib/pipeline/analysis.server";
import { writeVideoStory } from "~/lib/pipeline/stories.server";
import { dbTag, getTestDb, truncateAllTables } from "../setup";
import { createMeeting } from "../support/factories";
import { useFakeModel } from "../support/fake-openai-server";
import { fakeModelPerFile } from "../support/fake-model-hooks";
import { INVENTED_NUMBERS, INVENTED_QUOTES, LYING_STORY, LYING_TRANSCRIPT, lyingReply } from "../support/lying-model";

/**
 * A model that lies in every field of the analysis and the story (ADR 0024):
 * the real pipeline stores none of its invented quotes or numbers unmarked,
 * takes times and speakers from the transcript, and keeps the genuine quotes.
 */

const fakeModel = fakeModelPerFile();

beforeEach(async () => {
  await truncateAllTables();
  useFakeModel(fakeModel());
  fakeModel().otherwise(lyingReply);
});

function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(allStrings);
  return [];
}

const QUOTE_MARK = VERIFICATION_MARKS.quote.text.replace(/[[\]]/g, "\\$&");
// A quotation marked as not found carries its numbers with it.
const MARKED_QUOTATION = new RegExp(`(["\u201c][^"\u201d]*["\u201d]|'[^']*')\\s*${QUOTE_MARK}`, "g");

/** Every occurrence of `lie` in the content's texts is followed by `mark` (closing quotes aside). */
function expectNeverUnmarked(content: unknown, lie: string, mark: string) {
  const numbers = mark === VERIFICATION_MARKS.number.text;
  for (const raw of allStrings(content)) {
    const text = numbers ? raw.replace(MARKED_QUOTATION, "") : raw;
    if (text.startsWith(FIGURES_NOTE)) continue; // the pass's own note listing them
    let at = text.indexOf(lie);
    while (at >= 0) {
      const after = text.slice(at + lie.length).replace(/^["'\u2019\u201d]?\s*/, "");
      expect(after.startsWith(mark), `"${lie}" unmarked in: ${text}`).toBe(true);
      at = text.indexOf(lie, at + 1);
    }
  }
}

async function storedAnalysisRevision(meetingId: string) {
  const [row] = await getTestDb().select().from(analysisRevisions).where(eq(analysisRevisions.cityVideoId, meetingId));
  return row!;
}

async function storedStoryRevision(meetingId: string) {
  const [row] = await getTestDb().select().from(storyRevisions).where(eq(storyRevisions.cityVideoId, meetingId));
  return row!;
}

describe(`a model that lies in every field ${dbTag}`, () => {
  it("stores no invented quote or number unmarked, with times and speakers from the transcript", async () => {
    const meeting = await createMeeting({ transcript: LYING_TRANSCRIPT, title: "Riverton City Council" });
    expect(await analyzeVideo(meeting.id)).toMatchObject({ status: "written", provider: "openai-compatible" });
    expect(await writeVideoStory(meeting.id)).toMatchObject({ status: "written", provider: "openai-compatible" });

    const analysisRow = await storedAnalysisRevision(meeting.id);
    const storyRow = await storedStoryRevision(meeting.id);
    const analysis = parseStoredAnalysis(analysisRow.analysis) as Analysis;
    const story = parseStoredStory(storyRow.story) as NewsStory;

    for (const content of [analysis, story]) {
      for (const lie of INVENTED_QUOTES) expectNeverUnmarked(content, lie, VERIFICATION_MARKS.quote.text);
      for (const lie of INVENTED_NUMBERS) expectNeverUnmarked(content, lie, VERIFICATION_MARKS.number.text);
    }

    // Genuine quotes kept, placed and attributed by the transcript, not the model.
    expect(analysis.highlights).toEqual([
      {
        timestamp: "00:06:20",
        point_of_interest: `Park warned of 'total gridlock' ${VERIFICATION_MARKS.quote.text} downtown.`,
        quotes: [{ text: "I share that concern.", speaker: "COUNCILMEMBER PARK" }],
      },
      {
        timestamp: "00:08:30",
        point_of_interest: "The playground money.",
        quotes: [{ text: "The renovation budget is $850,000 from the state grant.", speaker: "DIRECTOR NGUYEN" }],
      },
    ]);
    expect(story.article.body).toContain(`Park said "I share that concern."`);
    expect(story.sidebar_elements.quote_block).toMatchObject({
      quote: "I share that concern.",
      attribution: "COUNCILMEMBER PARK",
    });
    expect(story.sidebar_elements.quick_facts).toEqual(["Contract: $2.4 million"]);

    const analysisReport = analysisRow.verification as VerificationReport;
    expect(analysisReport).toMatchObject({
      kind: "analysis",
      passed: false,
      verifiedQuotes: 2,
      unverifiedQuotes: 6,
      removedQuotes: 2,
      markedQuotes: 4,
      markedNumbers: 5,
    });
    // Its decisions lie too (ADR 0060): the 5-0 vote reported failed, a 9-2 vote never taken.
    expect(analysis.decisions).toEqual([]);
    expect(analysisReport.decisions?.map((check) => [check.published, check.failure])).toEqual([
      [false, "direction"],
      [false, "motion-not-found"],
    ]);
    // A headline that claims no vote stays, its invented figures marked.
    expect(story.article.headline).toBe(
      `Council weighs $47.3 million ${VERIFICATION_MARKS.number.text} plan for 2031 ${VERIFICATION_MARKS.number.text}`,
    );
    expect(storyRow.verification).not.toHaveProperty("headline");
    const genuine = analysisReport.quotes.find((q) => q.text === "I share that concern.");
    expect(genuine).toMatchObject({
      verified: true,
      claimedSpeaker: "COUNCILMEMBER REYES",
      speakerMatches: false,
      segment: { timestamp: "00:06:20", speaker: "COUNCILMEMBER PARK" },
      matchedBy: [],
    });

    const storyReport = storyRow.verification as VerificationReport;
    expect(storyReport).toMatchObject({ kind: "story", passed: false, droppedFacts: 3 });
    expect(storyReport.quotes.find((q) => q.outcome === "replaced")?.text).toBe(
      LYING_STORY.sidebar_elements.quote_block.quote,
    );
    expect(storyReport.unsupportedNumbers.map((n) => n.value)).toEqual(
      expect.arrayContaining(["$47.3 million", "9-2", "2031", "March 4", "2019", "Two hundred"]),
    );
    // Each kept quote in the report is exactly as the content holds it, with its moment.
    for (const check of storyReport.quotes.filter((q) => q.verified)) {
      expect(allStrings(story).some((text) => text.includes(check.text))).toBe(true);
      expect(check.segment?.timestamp).toMatch(/^\d\d:\d\d:\d\d$/);
    }
  });
});
