import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "~/lib/api/openapi";
import { analysisRevisions, cityVideos, meetingDecisions } from "~/lib/db/schema";
import { appUrl } from "~/lib/env/env.server";
import { storeRevision } from "~/lib/pipeline/revision-store.server";
import { restoreRevision } from "~/lib/pipeline/revisions.server";
import { buildTimeline } from "~/lib/issues/timeline.server";
import type { MeetingView } from "~/lib/meetings/view";
import { loader as apiMeetingLoader } from "~/routes/api/meeting";
import { loader as cityFeedLoader } from "~/routes/feeds/city-feed";
import { loader as meetingLoader } from "~/routes/meeting/meeting";
import { loader as storyLoader } from "~/routes/meeting/meeting-story";
import { callLoader, dbTag, getTestDb } from "../setup";
import {
  CONSENT_ITEMS,
  DECISIONS,
  DECISIONS_MADE,
  DECISIONS_TRANSCRIPT,
  DENY_ITEM,
  VETO_ITEM,
} from "../support/decision-content";
import { createCity, createMeeting } from "../support/factories";
import { schemaProblems } from "../support/json-schema";
import { elementsNamed, parseXml } from "../support/xml";

/**
 * Decisions stored as rows (docs/decisions/0060-decisions-on-the-record.md):
 * written with the analysis in one transaction, rewritten by a new analysis
 * or a restore, and read the same by the meeting page, the story's quick
 * facts, the API and the city feed.
 */

const analysisOf = (decisions: unknown[]) => ({ ...(DECISIONS_MADE.analysis as object), decisions });

async function decisionMeeting(options: { transcript?: string; cityId?: string } = {}) {
  return createMeeting({
    analysis: true,
    story: true,
    transcript: options.transcript ?? DECISIONS_TRANSCRIPT,
    cityId: options.cityId,
    made: DECISIONS_MADE,
  });
}

async function rowsOf(meetingId: string) {
  return getTestDb()
    .select()
    .from(meetingDecisions)
    .where(eq(meetingDecisions.cityVideoId, meetingId))
    .orderBy(asc(meetingDecisions.position));
}

/** A meeting the read-only cases share, made before them (this also opens the file's database). */
let shared: { id: string };
beforeAll(async () => {
  shared = await decisionMeeting();
});

describe(`meeting_decisions ${dbTag}`, () => {
  it("holds the stored analysis's decisions in order, with their evidence and seconds", async () => {
    const meeting = shared;
    const rows = await rowsOf(meeting.id);
    expect(rows.map((row) => [row.position, row.item, row.motion, row.result, row.ayes, row.nays, row.how])).toEqual([
      [0, VETO_ITEM, "override-veto", "failed", 6, 6, "roll-call"],
      [1, DENY_ITEM, "deny", "carried", 8, 4, null],
      [2, "Consent agenda", "approve", "carried", null, null, "unanimous-consent"],
    ]);
    expect(rows[0]).toMatchObject({
      motionText: DECISIONS[0]!.motion_evidence.text,
      motionSecond: 80,
      resultText: DECISIONS[0]!.result_evidence.text,
      resultSecond: 135,
      abstain: null,
      absent: null,
    });
    expect(rows[2]!.consentItems).toEqual(CONSENT_ITEMS);
  });

  it('stores "00:00:00" (an untimed transcript) as no second', async () => {
    const untimed = DECISIONS.map((decision) => ({
      ...decision,
      motion_evidence: { ...decision.motion_evidence, timestamp: "00:00:00" },
      result_evidence: { ...decision.result_evidence, timestamp: "00:00:00" },
    }));
    const meeting = await createMeeting({
      analysis: true,
      made: { provider: "offline", analysis: analysisOf(untimed) },
    });
    const rows = await rowsOf(meeting.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.motionSecond === null && row.resultSecond === null)).toBe(true);
  });

  it("are replaced by a new analysis and brought back by restoring the old one", async () => {
    const meeting = await decisionMeeting();
    const [first] = await getTestDb()
      .select({ id: analysisRevisions.id })
      .from(analysisRevisions)
      .where(eq(analysisRevisions.cityVideoId, meeting.id));
    await storeRevision(
      "analysis",
      meeting.id,
      { provider: "offline", model: null, content: analysisOf([DECISIONS[1]]), verification: null },
      { requestedBy: null },
    );
    expect((await rowsOf(meeting.id)).map((row) => row.item)).toEqual([DENY_ITEM]);
    await storeRevision(
      "analysis",
      meeting.id,
      { provider: "offline", model: null, content: { summary: "Plain", highlights: [] }, verification: null },
      { requestedBy: null },
    );
    expect(await rowsOf(meeting.id)).toEqual([]);
    await restoreRevision("analysis", first!.id, null);
    expect((await rowsOf(meeting.id)).map((row) => row.item)).toEqual([VETO_ITEM, DENY_ITEM, "Consent agenda"]);
  });

  it("are written in the analysis's transaction: when they cannot be stored, neither is the analysis", async () => {
    const meeting = await decisionMeeting();
    const before = await getTestDb()
      .select({ analysis: cityVideos.analysisResults })
      .from(cityVideos)
      .where(eq(cityVideos.id, meeting.id));
    // A tally no integer column holds: the decisions' insert fails inside the transaction.
    const broken = analysisOf([{ ...DECISIONS[1], ayes: 2 ** 40 }]);
    await expect(
      storeRevision(
        "analysis",
        meeting.id,
        { provider: "offline", model: null, content: broken, verification: null },
        { requestedBy: null },
      ),
    ).rejects.toThrow();
    const after = await getTestDb()
      .select({ analysis: cityVideos.analysisResults })
      .from(cityVideos)
      .where(eq(cityVideos.id, meeting.id));
    expect(after).toEqual(before);
    expect(
      await getTestDb().select().from(analysisRevisions).where(eq(analysisRevisions.cityVideoId, meeting.id)),
    ).toHaveLength(1);
    expect((await rowsOf(meeting.id)).map((row) => row.item)).toEqual([VETO_ITEM, DENY_ITEM, "Consent agenda"]);
  });

  it("go with their meeting when it is deleted", async () => {
    const meeting = await decisionMeeting();
    await getTestDb().delete(cityVideos).where(eq(cityVideos.id, meeting.id));
    expect(await rowsOf(meeting.id)).toEqual([]);
  });
});

describe(`decisions on the meeting pages ${dbTag}`, () => {
  it("the meeting page reads them in plain words, with the motion's and the result's moments", async () => {
    const meeting = shared;
    const result = await callLoader(meetingLoader, `/meeting/${meeting.id}`, { params: { meetingId: meeting.id } });
    const { decisions } = (result.data as { meeting: MeetingView }).meeting;
    expect(
      decisions.map((decision) => [decision.item, decision.motionLabel, decision.resultLabel, decision.tally]),
    ).toEqual([
      [VETO_ITEM, "Override the veto", "Failed: veto sustained", "6-6"],
      [DENY_ITEM, "Deny", "Carried: denied", "8-4"],
      ["Consent agenda", "Approve", "Carried: approved", null],
    ]);
    expect(decisions[0]!.motionMoment).toEqual({ seconds: 80, label: "00:01:20" });
    expect(decisions[0]!.resultMoment).toEqual({ seconds: 135, label: "00:02:15" });
    expect(decisions[2]!.how).toBe("unanimous consent");
    expect(decisions[2]!.consentItems).toEqual(CONSENT_ITEMS);
  });

  it("an untimed transcript's decisions link to no moment", async () => {
    const meeting = await decisionMeeting({ transcript: DECISIONS_TRANSCRIPT.replace(/^\[\d\d:\d\d:\d\d\] /gm, "") });
    const result = await callLoader(meetingLoader, `/meeting/${meeting.id}`, { params: { meetingId: meeting.id } });
    const { decisions } = (result.data as { meeting: MeetingView }).meeting;
    expect(decisions).toHaveLength(3);
    expect(decisions.every((decision) => decision.motionMoment === null && decision.resultMoment === null)).toBe(true);
  });

  it("the story's quick facts list them, one line each", async () => {
    const meeting = shared;
    const result = await callLoader(storyLoader, `/meeting-story/${meeting.id}`, {
      params: { meetingId: meeting.id },
    });
    const { decisions } = (result.data as { meeting: MeetingView }).meeting;
    expect(decisions.map((decision) => decision.line)).toEqual([
      `${VETO_ITEM}: Override the veto. Failed: veto sustained, 6-6 (roll call)`,
      `${DENY_ITEM}: Deny. Carried: denied, 8-4`,
      "Consent agenda: Approve. Carried: approved (unanimous consent; 2 items)",
    ]);
  });

  it("a meeting without decisions has none", async () => {
    const meeting = await createMeeting({ analysis: true, story: true });
    const result = await callLoader(meetingLoader, `/meeting/${meeting.id}`, { params: { meetingId: meeting.id } });
    expect((result.data as { meeting: MeetingView }).meeting.decisions).toEqual([]);
  });
});

describe(`decisions in the API and the feed ${dbTag}`, () => {
  it("the meeting's JSON carries them as documented, with links to their moments", async () => {
    const city = await createCity({ status: "Live" });
    const meeting = await decisionMeeting({ cityId: city.id });
    const result = await callLoader(apiMeetingLoader, `/api/v1/meetings/${meeting.id}`, {
      params: { meetingId: meeting.id },
    });
    expect(result.status).toBe(200);
    const body = JSON.parse(await result.response!.clone().text()) as {
      meeting: { decisions: Record<string, unknown>[] };
    };
    const { decisions } = body.meeting;
    expect(decisions).toHaveLength(3);
    expect(decisions[0]).toEqual({
      item: VETO_ITEM,
      motion: "override-veto",
      result: "failed",
      resultLabel: "Failed: veto sustained",
      ayes: 6,
      nays: 6,
      abstain: null,
      absent: null,
      how: "roll-call",
      consentItems: [],
      motionEvidence: { text: DECISIONS[0]!.motion_evidence.text, seconds: 80 },
      resultEvidence: { text: DECISIONS[0]!.result_evidence.text, seconds: 135 },
      links: {
        motion: `${appUrl()}/city/${city.locationKey}/meeting/${meeting.id}?t=80`,
        result: `${appUrl()}/city/${city.locationKey}/meeting/${meeting.id}?t=135`,
      },
    });
    const document = openApiDocument(appUrl());
    const schema = (
      document.paths["/meetings/{meetingId}"]!.get.responses["200"] as {
        content: Record<string, { schema: Record<string, unknown> }>;
      }
    ).content["application/json"]!.schema;
    const problems = (value: unknown) => schemaProblems(document as unknown as Record<string, unknown>, schema, value);
    expect(problems(body)).toEqual([]);
    // The check sees a decision that is not as documented.
    const wrong = structuredClone(body);
    wrong.meeting.decisions[1]!.result = "approved";
    expect(problems(wrong)).not.toEqual([]);
  });

  it("the city feed's entry lists them in its content, escaped", async () => {
    const city = await createCity({ status: "Live" });
    const nasty = analysisOf([{ ...DECISIONS[1], item: `Raise <b>for</b> "staff" & O'Neil` }]);
    const meeting = await createMeeting({
      cityId: city.id,
      analysis: true,
      story: true,
      transcript: DECISIONS_TRANSCRIPT,
      made: { ...DECISIONS_MADE, analysis: nasty },
    });
    const result = await callLoader(cityFeedLoader, `/city/${city.locationKey}/feed.atom`, {
      params: { locationKey: city.locationKey },
    });
    const xml = await result.response!.clone().text();
    expect(xml).toContain("Raise &lt;b&gt;for&lt;/b&gt; &quot;staff&quot; &amp; O&apos;Neil");
    const [entry] = elementsNamed(parseXml(xml), "entry");
    const [content] = elementsNamed(entry!, "content");
    expect(content!.attributes.type).toBe("text");
    expect(content!.text).toContain(`Decisions:\n- Raise <b>for</b> "staff" & O'Neil: Deny. Carried: denied, 8-4`);
    expect(meeting.id).toBeTruthy();
  });
});

describe(`decisions on issue timelines ${dbTag}`, () => {
  it("a timeline's meeting lists what it decided, one line each, from the rows", async () => {
    const city = await createCity({ status: "Live" });
    const meeting = await decisionMeeting({ cityId: city.id });
    const timeline = await buildTimeline({ query: "veto", cityIds: [city.id], bodies: [] });
    const item = timeline.items.find((candidate) => candidate.id === meeting.id);
    expect(item?.decisions).toEqual([
      `${VETO_ITEM}: Override the veto. Failed: veto sustained, 6-6 (roll call)`,
      `${DENY_ITEM}: Deny. Carried: denied, 8-4`,
      "Consent agenda: Approve. Carried: approved (unanimous consent; 2 items)",
    ]);
  });
});
