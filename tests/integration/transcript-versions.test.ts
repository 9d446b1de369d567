import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { captionStates, cityVideos, transcriptSegments } from "~/lib/db/schema";
import { saveTranscript, storeTranscript, type TranscriptKind } from "~/lib/transcripts/store.server";
import type { TranscriptSegment } from "~/lib/transcripts/parse";
import type { TranscriptVersionSummary } from "~/lib/transcripts/store.server";
import { action as recordingAction, loader as recordingLoader } from "~/routes/admin/meeting-recording";
import { callAction, callLoader, dbTag, getTestDb, TEST_ORIGIN, truncateAllTables } from "../setup";
import { createCity, createMeeting, createSignedInUser } from "../support/factories";

/**
 * Captions and speech-to-text side by side (issue 30, deliverable 7;
 * docs/decisions/0089-captions-and-speech-to-text.md): a meeting that has
 * both uses speech-to-text when it comes (captions never displace another
 * transcript in use), keeps the other, and an admin chooses on the
 * recording page which one it uses; a transcript stored before versions
 * were kept is kept when the other kind replaces it.
 */

const ENGINE = { engine: "speaches", model: "whisper-test" };

function segments(...lines: [number, string][]): TranscriptSegment[] {
  return lines.map(([start, text], position) => ({
    position,
    startSeconds: start,
    endSeconds: start + 4,
    speaker: null,
    text,
  }));
}

const CAPTIONS = segments([0, "call to order"], [5, "the budget passes"]);
const SPEECH = segments([0.4, "Call to order."], [5.2, "The budget passes."], [9, "Adjourned."]);

async function inUse(id: string) {
  const [video] = await getTestDb()
    .select({ transcript: cityVideos.transcript, engine: cityVideos.transcriptEngine })
    .from(cityVideos)
    .where(eq(cityVideos.id, id));
  const rows = await getTestDb()
    .select({ text: transcriptSegments.text })
    .from(transcriptSegments)
    .where(eq(transcriptSegments.cityVideoId, id))
    .orderBy(asc(transcriptSegments.position));
  return { ...video, segments: rows.map((row) => row.text) };
}

let meetingId: string;
let admin: { cookie: string };

beforeEach(async () => {
  await truncateAllTables();
  const city = await createCity({ name: "Riverton" });
  meetingId = (await createMeeting({ cityId: city.id, transcript: null })).id;
  admin = await createSignedInUser({ role: "admin", origin: TEST_ORIGIN });
});

const page = () => `/admin/content-management/meetings/${meetingId}/recording`;
const choose = (kind: TranscriptKind | "neither", cookie = admin.cookie) =>
  callAction(
    recordingAction,
    page(),
    { intent: "use-transcript", kind },
    {
      params: { meetingId },
      headers: { Cookie: cookie },
    },
  );
async function versions(): Promise<Pick<TranscriptVersionSummary, "kind" | "inUse" | "segmentCount">[]> {
  const loaded = await callLoader(recordingLoader, page(), {
    params: { meetingId },
    headers: { Cookie: admin.cookie },
  });
  return (loaded.data as { transcripts: TranscriptVersionSummary[] }).transcripts.map(
    ({ kind, inUse, segmentCount }) => ({ kind, inUse, segmentCount }),
  );
}

describe(`captions and speech-to-text side by side ${dbTag}`, () => {
  it("uses speech-to-text when it comes, keeps the captions, and switches at the admin's choice, engine and segments included", async () => {
    await saveTranscript(meetingId, "call to order\nthe budget passes", CAPTIONS, null, { kind: "captions" });
    await saveTranscript(meetingId, "Call to order. The budget passes. Adjourned.", SPEECH, ENGINE, { kind: "speech" });
    expect(await versions()).toEqual([
      { kind: "captions", inUse: false, segmentCount: 2 },
      { kind: "speech", inUse: true, segmentCount: 3 },
    ]);
    expect(await inUse(meetingId)).toMatchObject({ engine: "speaches", segments: SPEECH.map((s) => s.text) });

    expect((await choose("captions")).status).toBe(302);
    expect(await inUse(meetingId)).toEqual({
      transcript: "call to order\nthe budget passes",
      engine: null,
      segments: ["call to order", "the budget passes"],
    });
    expect(await versions()).toEqual([
      { kind: "captions", inUse: true, segmentCount: 2 },
      { kind: "speech", inUse: false, segmentCount: 3 },
    ]);

    expect((await choose("speech")).status).toBe(302);
    expect(await inUse(meetingId)).toMatchObject({ engine: "speaches", segments: SPEECH.map((s) => s.text) });
  });

  it("keeps captions stored before versions were kept when speech-to-text replaces them", async () => {
    // As a meeting captioned before this change: its transcript in city_videos only.
    await saveTranscript(meetingId, "call to order\nthe budget passes", CAPTIONS);
    await getTestDb()
      .insert(captionStates)
      .values({ cityVideoId: meetingId, status: "fetched", attempts: 1, lastAttemptAt: new Date() });
    await saveTranscript(meetingId, "Call to order. The budget passes. Adjourned.", SPEECH, ENGINE, { kind: "speech" });
    expect(await versions()).toEqual([
      { kind: "captions", inUse: false, segmentCount: 2 },
      { kind: "speech", inUse: true, segmentCount: 3 },
    ]);
    await choose("captions");
    expect((await inUse(meetingId)).segments).toEqual(["call to order", "the budget passes"]);
  });

  it("an admin's pasted transcript is used, both kept, neither in use; a kind not kept or unknown is refused", async () => {
    await saveTranscript(meetingId, "Call to order.", SPEECH.slice(0, 1), ENGINE, { kind: "speech" });
    await storeTranscript(meetingId, "[00:00:01] CLERK: Call to order, as corrected.");
    expect(await versions()).toEqual([{ kind: "speech", inUse: false, segmentCount: 1 }]);
    expect((await inUse(meetingId)).engine).toBeNull();
    const missing = await choose("captions");
    expect(missing.status).toBe(302);
    expect((await inUse(meetingId)).segments).toEqual(["Call to order, as corrected."]);
    expect((await choose("neither")).status).toBe(400);
  });

  it("captions fetched again never displace speech-to-text the admin chose, nor the admin's own text", async () => {
    await saveTranscript(meetingId, "call to order", CAPTIONS.slice(0, 1), null, { kind: "captions" });
    await saveTranscript(meetingId, "Call to order. The budget passes. Adjourned.", SPEECH, ENGINE, { kind: "speech" });
    await choose("captions");
    await choose("speech");
    await saveTranscript(meetingId, "call to order\nthe budget passes", CAPTIONS, null, { kind: "captions" });
    expect(await inUse(meetingId)).toMatchObject({ engine: "speaches", segments: SPEECH.map((s) => s.text) });
    expect(await versions()).toEqual([
      { kind: "captions", inUse: false, segmentCount: 2 },
      { kind: "speech", inUse: true, segmentCount: 3 },
    ]);

    await storeTranscript(meetingId, "[00:00:01] CLERK: Call to order, as corrected.");
    await saveTranscript(meetingId, "call to order", CAPTIONS.slice(0, 1), null, { kind: "captions" });
    expect((await inUse(meetingId)).segments).toEqual(["Call to order, as corrected."]);
    expect(await versions()).toEqual([
      { kind: "captions", inUse: false, segmentCount: 1 },
      { kind: "speech", inUse: false, segmentCount: 3 },
    ]);
  });

  it("lets only an admin choose", async () => {
    await saveTranscript(meetingId, "call to order", CAPTIONS.slice(0, 1), null, { kind: "captions" });
    await saveTranscript(meetingId, "Call to order.", SPEECH.slice(0, 1), ENGINE, { kind: "speech" });
    const member = await createSignedInUser({ role: "member", origin: TEST_ORIGIN });
    expect((await choose("captions", member.cookie)).status).toBe(403);
    expect((await inUse(meetingId)).engine).toBe("speaches");
  });
});
