import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analysisRevisions } from "~/lib/db/schema";
import type { MeetingView } from "~/lib/meetings/view";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { loader as storyLoader } from "~/routes/meeting/meeting-story";
import {
  ANALYSIS_QUOTE,
  ANALYSIS_QUOTE_TIME,
  CHECKED_CONTENT,
  CONTEXT_MARKER,
  STORY_QUOTE,
  STORY_QUOTE_TIME,
} from "../support/checked-content";
import { createMeeting, SAMPLE_TRANSCRIPT } from "../support/factories";
import { callLoader, dbTag, getTestDb } from "../setup";

/** What the public meeting pages load of how their content was made and checked (ADR 0025). */

type PageData = { meeting: MeetingView };

async function load(kind: "meeting" | "story", meetingId: string) {
  const result =
    kind === "meeting"
      ? await callLoader(meetingLoader, `/meeting/${meetingId}`, { params: { meetingId } })
      : await callLoader(storyLoader, `/meeting-story/${meetingId}`, { params: { meetingId } });
  expect(result.status).toBe(200);
  return result.data as PageData;
}

const checkedMeeting = () => createMeeting({ analysis: true, story: true, made: CHECKED_CONTENT });

describe(`provenance on the meeting pages ${dbTag}`, () => {
  it("says who wrote the analysis, when, what was checked, and where its quotes are", async () => {
    const { meeting } = await load("meeting", (await checkedMeeting()).id);
    expect(meeting.analysisProvenance).toEqual({
      madeBy: "Written by the offline analyzer on Nov 23, 2026",
      checks: [
        "2 quotes checked against the transcript, 0 removed",
        "1 quote could not be found in the transcript and is marked",
        "1 figure could not be found in the transcript and is marked",
      ],
      moments: [{ text: ANALYSIS_QUOTE, ...ANALYSIS_QUOTE_TIME }],
    });
  });

  it("names the model of a story and links its quote to the moment", async () => {
    const created = await createMeeting({
      analysis: true,
      story: true,
      made: { ...CHECKED_CONTENT, provider: "openai-compatible", model: "gpt-4o-mini" },
    });
    const { meeting } = await load("story", created.id);
    expect(meeting.storyProvenance).toEqual({
      madeBy: "Written by gpt-4o-mini on Nov 23, 2026",
      checks: ["1 quote checked against the transcript, 0 removed"],
      moments: [{ text: STORY_QUOTE, ...STORY_QUOTE_TIME }],
    });
  });

  it("reads the newest revision, and says when content was not checked or its source is unknown", async () => {
    const created = await checkedMeeting();
    await getTestDb()
      .insert(analysisRevisions)
      .values({
        cityVideoId: created.id,
        analysis: {},
        provider: "openai-compatible",
        model: "newer-model",
        createdAt: new Date("2026-11-24T09:00:00Z"),
      });
    expect((await load("meeting", created.id)).meeting.analysisProvenance).toMatchObject({
      madeBy: "Written by newer-model on Nov 24, 2026",
      checks: ["Not checked against the transcript"],
      moments: [],
    });

    await getTestDb().delete(analysisRevisions).where(eq(analysisRevisions.cityVideoId, created.id));
    expect((await load("meeting", created.id)).meeting.analysisProvenance).toEqual({
      madeBy: "Source unknown",
      checks: ["Not checked against the transcript"],
      moments: [],
    });
  });

  it("links no quote to a moment when the transcript has no times", async () => {
    const untimed = SAMPLE_TRANSCRIPT.replace(/^\[\d\d:\d\d:\d\d\] /gm, "");
    const created = await createMeeting({ transcript: untimed, analysis: true, made: CHECKED_CONTENT });
    const { meeting } = await load("meeting", created.id);
    expect(meeting.analysisProvenance?.checks[0]).toBe("2 quotes checked against the transcript, 0 removed");
    expect(meeting.analysisProvenance?.moments).toEqual([]);
  });

  it("sends no editor's context to the browser", async () => {
    const created = await checkedMeeting();
    for (const kind of ["meeting", "story"] as const) {
      const data = await load(kind, created.id);
      expect(JSON.stringify(data)).not.toContain(CONTEXT_MARKER);
      expect(JSON.stringify(data)).not.toMatch(/additional_?context/i);
    }
  });
});
