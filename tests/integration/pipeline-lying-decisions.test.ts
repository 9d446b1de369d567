import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import type { Analysis, NewsStory } from "~/lib/ai/schemas";
import { parseStoredAnalysis, parseStoredStory } from "~/lib/ai/stored";
import type { VerificationReport } from "~/lib/ai/verify";
import { analysisRevisions, cityVideos, storyRevisions } from "~/lib/db/schema";
import { analyzeVideo } from "~/lib/pipeline/analysis.server";
import { listRevisions } from "~/lib/pipeline/revisions.server";
import { writeVideoStory } from "~/lib/pipeline/stories.server";
import { RevisionMeta } from "~/components/pipeline/revision-meta";
import { dbTag, getTestDb, truncateAllTables } from "../setup";
import { GENUINE_DECISIONS } from "../support/decisions-meeting";
import { createMeeting } from "../support/factories";
import { useFakeModel } from "../support/fake-openai-server";
import { fakeModelPerFile } from "../support/fake-model-hooks";
import {
  DECISION_LIES,
  LYING_DECISIONS_HEADLINE,
  LYING_DECISIONS_TRANSCRIPT,
  lyingDecisionsReply,
  WITHHELD_BECAUSE,
} from "../support/lying-model";

/**
 * A model that lies about what a meeting decided (ADR 0060): invented
 * decisions, a failed veto override reported as carried, a tally moved to
 * another item, a motion nobody made, another vote between motion and result,
 * and a headline claiming the override. The real pipeline stores the genuine
 * decisions with the transcript's times, none of the lies, and says why in the
 * verification reports.
 */

const fakeModel = fakeModelPerFile();

beforeEach(async () => {
  await truncateAllTables();
  useFakeModel(fakeModel());
  fakeModel().otherwise(lyingDecisionsReply);
});

describe(`a model that lies about decisions ${dbTag}`, () => {
  it("stores only the genuine decisions, and the report says why each lie was withheld", async () => {
    const meeting = await createMeeting({ transcript: LYING_DECISIONS_TRANSCRIPT, title: "Riverton City Council" });
    expect(await analyzeVideo(meeting.id)).toMatchObject({ status: "written", provider: "openai-compatible" });

    const [row] = await getTestDb()
      .select()
      .from(analysisRevisions)
      .where(eq(analysisRevisions.cityVideoId, meeting.id));
    const analysis = parseStoredAnalysis(row!.analysis) as Analysis;
    const { federation, veto, raise } = GENUINE_DECISIONS;
    // The genuine decisions, placed by the transcript (the model said 00:00:30 for every motion).
    expect(analysis.decisions).toEqual([federation, veto, raise]);
    const [video] = await getTestDb().select().from(cityVideos).where(eq(cityVideos.id, meeting.id));
    expect((parseStoredAnalysis(video!.analysisResults) as Analysis).decisions).toEqual(analysis.decisions);

    const report = row!.verification as VerificationReport;
    expect(report).toMatchObject({ passed: false, withheldDecisions: Object.keys(DECISION_LIES).length });
    const lies = Object.entries(WITHHELD_BECAUSE);
    expect(
      report.decisions!.slice(0, lies.length).map((check) => [check.item, check.published, check.failure]),
    ).toEqual(lies.map(([lie, failure]) => [DECISION_LIES[lie as keyof typeof DECISION_LIES].item, false, failure]));
    for (const check of report.decisions!.filter((c) => !c.published)) expect(check.reason).toBeTruthy();
    const flipped = report.decisions!.find((check) => check.failure === "direction");
    expect(flipped).toMatchObject({ statedResult: "motion fails", resultSegment: { timestamp: "00:04:40" } });

    // The headline claiming the failed override is not the one stored; the story's report says so.
    expect(await writeVideoStory(meeting.id)).toMatchObject({ status: "written", provider: "openai-compatible" });
    const [storyRow] = await getTestDb()
      .select()
      .from(storyRevisions)
      .where(eq(storyRevisions.cityVideoId, meeting.id));
    const story = parseStoredStory(storyRow!.story) as NewsStory;
    expect(story.article.headline).not.toBe(LYING_DECISIONS_HEADLINE);
    expect(story.article.headline).not.toMatch(/overrides|12-0/);
    // The 6-6 the clerk's roll call counts is confirmed, never marked as a number the transcript lacks.
    expect(story.article.headline).toMatch(/sustains .*, 6-6$/);
    const storyReport = storyRow!.verification as VerificationReport;
    expect(storyReport).toMatchObject({
      passed: false,
      headline: { original: LYING_DECISIONS_HEADLINE, replacement: story.article.headline },
    });
    expect(storyReport.headline!.reason).toContain('"overrides" and the tally 12-0');

    // The revisions page shows the decision checks beside the quote counts, without JavaScript.
    const { analyses, stories } = await listRevisions(meeting.id);
    expect(analyses[0]!.verification).toMatchObject({ publishedDecisions: 3, replacedHeadline: null });
    expect(analyses[0]!.verification!.withheldDecisions.map((d) => d.item)).toEqual(
      Object.values(DECISION_LIES).map((d) => d.item),
    );
    expect(stories[0]!.verification!.replacedHeadline).toMatchObject({ original: LYING_DECISIONS_HEADLINE });
    const shown = renderToStaticMarkup(createElement(RevisionMeta, { revision: analyses[0]! }));
    expect(shown).toContain("3 decision(s) confirmed, 5 withheld");
    expect(shown).toContain("<details");
    expect(shown).toContain(
      `Withheld: ${DECISION_LIES.flipped.item.replace("'", "&#x27;")}. The result&#x27;s words say`,
    );
    const storyShown = renderToStaticMarkup(createElement(RevisionMeta, { revision: stories[0]! }));
    expect(storyShown).toContain("headline replaced");
  });
});
