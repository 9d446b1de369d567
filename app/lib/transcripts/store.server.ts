/**
 * Storing a video's transcript: the text in city_videos.transcript and its
 * timed segments in transcript_segments, replaced together in one
 * transaction. The analysis and story are left as they are (re-analyzing
 * is an explicit step).
 *
 * Captions and speech-to-text are also kept side by side in
 * transcript_versions (docs/decisions/0089-captions-and-speech-to-text.md):
 * speech-to-text, asked for, is used when saved; captions are used only
 * where no other transcript is (they never displace speech-to-text an
 * admin chose, nor an admin's own text); the other stays, and an admin may
 * use it instead (chooseTranscriptVersion). A transcript stored before versions were
 * kept is kept as one the first time the other kind replaces it.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { captionStates, cityVideos, transcriptSegments, transcriptVersions } from "~/lib/db/schema";
import { formatTranscriptText } from "./format";
import { parseTranscript, type TranscriptFormat, type TranscriptSegment } from "./parse";
import { isUuid } from "~/lib/uuid";

const SEGMENT_ROWS_PER_INSERT = 1000;

export class TranscriptInputError extends Error {
  override readonly name = "TranscriptInputError";
}

/** Which speech-to-text engine and model made a transcript; null for captions and uploaded or pasted text. */
export type TranscriptMaker = { engine: string; model: string } | null;

export type StoredTranscript = { format: TranscriptFormat; transcript: string; segmentCount: number };

/** Where a kept transcript came from: the video's captions, or speech-to-text of its recording. */
export type TranscriptKind = "captions" | "speech";

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * Replaces the transcript, its segments and who made it; false when the
 * video does not exist. With a kind (captions, speech-to-text), it is kept
 * as that kind's version too, in use; without (an admin's upload or paste),
 * the kept versions stay, none in use.
 */
export async function saveTranscript(
  cityVideoId: string,
  transcript: string,
  segments: readonly TranscriptSegment[],
  madeBy: TranscriptMaker = null,
  { kind = null }: { kind?: TranscriptKind | null } = {},
): Promise<boolean> {
  if (!isUuid(cityVideoId)) return false;
  return getDb().transaction(async (tx) => {
    if (kind) {
      const use = await keepVersions(tx, cityVideoId, kind, transcript, segments, madeBy);
      if (use === null) return false;
      if (!use) return true;
    } else
      await tx.update(transcriptVersions).set({ inUse: false }).where(eq(transcriptVersions.cityVideoId, cityVideoId));
    return replaceTranscript(tx, cityVideoId, transcript, segments, madeBy);
  });
}

async function replaceTranscript(
  tx: Tx,
  cityVideoId: string,
  transcript: string,
  segments: readonly Pick<TranscriptSegment, "startSeconds" | "endSeconds" | "speaker" | "text">[],
  madeBy: TranscriptMaker,
): Promise<boolean> {
  const updated = await tx
    .update(cityVideos)
    .set({ transcript, transcriptEngine: madeBy?.engine ?? null, transcriptModel: madeBy?.model ?? null })
    .where(eq(cityVideos.id, cityVideoId))
    .returning({ id: cityVideos.id });
  if (updated.length === 0) return false;
  await tx.delete(transcriptSegments).where(eq(transcriptSegments.cityVideoId, cityVideoId));
  const rows = segments.map((segment, position) => ({
    cityVideoId,
    position,
    startSeconds: segment.startSeconds,
    endSeconds: segment.endSeconds,
    speaker: segment.speaker,
    text: segment.text,
  }));
  for (let i = 0; i < rows.length; i += SEGMENT_ROWS_PER_INSERT) {
    await tx.insert(transcriptSegments).values(rows.slice(i, i + SEGMENT_ROWS_PER_INSERT));
  }
  return true;
}

const plainSegments = (
  segments: readonly Pick<TranscriptSegment, "startSeconds" | "endSeconds" | "speaker" | "text">[],
) => segments.map(({ startSeconds, endSeconds, speaker, text }) => ({ startSeconds, endSeconds, speaker, text }));

/**
 * Keeps `kind`'s new transcript as its version, in use, the other kind's
 * not. A transcript in use that no version holds (stored before versions
 * were kept) is kept first as what it was: speech-to-text when an engine
 * made it, captions when the video's captions were fetched; an admin's
 * own text is neither.
 */
async function keepVersions(
  tx: Tx,
  cityVideoId: string,
  kind: TranscriptKind,
  transcript: string,
  segments: readonly TranscriptSegment[],
  madeBy: TranscriptMaker,
) {
  const [video] = await tx
    .select({
      transcript: cityVideos.transcript,
      engine: cityVideos.transcriptEngine,
      model: cityVideos.transcriptModel,
    })
    .from(cityVideos)
    .where(eq(cityVideos.id, cityVideoId));
  if (!video) return null;
  const kept = await tx
    .select({ kind: transcriptVersions.kind, inUse: transcriptVersions.inUse })
    .from(transcriptVersions)
    .where(eq(transcriptVersions.cityVideoId, cityVideoId));
  let legacyKind: TranscriptKind | null = null;
  // Versions kept but none in use: the transcript is an admin's own text, not a kind to keep.
  if (video.transcript && kept.length === 0) {
    const [captions] = await tx
      .select({ status: captionStates.status })
      .from(captionStates)
      .where(eq(captionStates.cityVideoId, cityVideoId));
    const was: TranscriptKind | null = video.engine ? "speech" : captions?.status === "fetched" ? "captions" : null;
    legacyKind = was;
    if (was && was !== kind && !kept.some((version) => version.kind === was)) {
      const current = await tx
        .select({
          startSeconds: transcriptSegments.startSeconds,
          endSeconds: transcriptSegments.endSeconds,
          speaker: transcriptSegments.speaker,
          text: transcriptSegments.text,
        })
        .from(transcriptSegments)
        .where(eq(transcriptSegments.cityVideoId, cityVideoId))
        .orderBy(asc(transcriptSegments.position));
      await tx.insert(transcriptVersions).values({
        cityVideoId,
        kind: was,
        transcript: video.transcript,
        segments: current,
        engine: video.engine,
        model: video.model,
        inUse: false,
      });
    }
  }
  // Speech-to-text is asked for (an admin's recording, or a meeting without captions): it is used. Captions,
  // fetched again on their own schedule, never displace another transcript in use (speech-to-text an admin
  // chose, or their own text): they are used only where nothing else is.
  const inUse = kept.find((version) => version.inUse)?.kind ?? legacyKind;
  const use = kind === "speech" || !video.transcript || inUse === "captions";
  const version = {
    transcript,
    segments: plainSegments(segments),
    engine: madeBy?.engine ?? null,
    model: madeBy?.model ?? null,
    inUse: use,
    savedAt: new Date(),
  };
  await tx
    .insert(transcriptVersions)
    .values({ cityVideoId, kind, ...version })
    .onConflictDoUpdate({ target: [transcriptVersions.cityVideoId, transcriptVersions.kind], set: version });
  if (use)
    await tx
      .update(transcriptVersions)
      .set({ inUse: false })
      .where(and(eq(transcriptVersions.cityVideoId, cityVideoId), ne(transcriptVersions.kind, kind)));
  return use;
}

export type TranscriptVersionSummary = {
  kind: TranscriptKind;
  inUse: boolean;
  segmentCount: number;
  engine: string | null;
  model: string | null;
  savedAt: string;
};

/** The meeting's kept transcripts, captions first. */
export async function listTranscriptVersions(cityVideoId: string): Promise<TranscriptVersionSummary[]> {
  if (!isUuid(cityVideoId)) return [];
  const rows = await getDb()
    .select({
      kind: transcriptVersions.kind,
      inUse: transcriptVersions.inUse,
      segments: transcriptVersions.segments,
      engine: transcriptVersions.engine,
      model: transcriptVersions.model,
      savedAt: transcriptVersions.savedAt,
    })
    .from(transcriptVersions)
    .where(eq(transcriptVersions.cityVideoId, cityVideoId))
    .orderBy(asc(transcriptVersions.kind));
  return rows.map((row) => ({
    kind: row.kind as TranscriptKind,
    inUse: row.inUse,
    segmentCount: row.segments.length,
    engine: row.engine,
    model: row.model,
    savedAt: row.savedAt.toISOString(),
  }));
}

/**
 * Makes the kept `kind` transcript the one the meeting uses (its text,
 * segments and engine), the other kept; false when there is none of that
 * kind. The analysis stays until the meeting is re-analyzed.
 */
export async function chooseTranscriptVersion(cityVideoId: string, kind: TranscriptKind): Promise<boolean> {
  if (!isUuid(cityVideoId)) return false;
  return getDb().transaction(async (tx) => {
    const [version] = await tx
      .select()
      .from(transcriptVersions)
      .where(and(eq(transcriptVersions.cityVideoId, cityVideoId), eq(transcriptVersions.kind, kind)));
    if (!version) return false;
    await tx
      .update(transcriptVersions)
      .set({ inUse: sql`${transcriptVersions.kind} = ${kind}` })
      .where(eq(transcriptVersions.cityVideoId, cityVideoId));
    const madeBy = version.engine ? { engine: version.engine, model: version.model ?? "" } : null;
    return replaceTranscript(tx, cityVideoId, version.transcript, version.segments, madeBy);
  });
}

/**
 * Stores an uploaded or pasted transcript: WebVTT, SRT, `[hh:mm:ss]
 * SPEAKER: text` lines or plain text (detected). Throws TranscriptInputError
 * for empty text or an unknown video.
 */
export async function storeTranscript(cityVideoId: string, text: string): Promise<StoredTranscript> {
  const { format, segments } = parseTranscript(text);
  if (segments.length === 0) throw new TranscriptInputError("The transcript is empty.");
  const transcript = formatTranscriptText(segments);
  if (!(await saveTranscript(cityVideoId, transcript, segments))) throw new TranscriptInputError("Video not found");
  return { format, transcript, segmentCount: segments.length };
}
