/**
 * A meeting's transcription as its admin page shows and steers it
 * (docs/decisions/0083-recordings-for-transcription.md): the latest
 * `transcription` job, its progress by chunk (from the checkpoint),
 * its cost in audio minutes, Cancel and Retry.
 *
 * Cancel cancels a waiting job in pg-boss and leaves a cancel mark in the
 * file storage that a running one reads before its next chunk (it stops
 * there; the chunks done stay in the checkpoint). Retry clears the mark and
 * queues the latest job's recording again: it resumes at the first chunk
 * not done.
 */
import { desc, eq, and } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "~/lib/db/client.server";
import { getBoss } from "~/lib/jobs/boss.server";
import { TranscriptionJobData } from "~/lib/jobs/queues";
import { getVideoTranscriptForAdmin } from "~/lib/sources/videos.server";
import { QUEUES } from "~/lib/jobs/queue-names";
import { listRecentJobs } from "~/lib/jobs/status.server";
import type { JobSummary } from "~/lib/jobs/status-types";
import { bossJobs, PENDING_STATES } from "~/lib/jobs/tables.server";
import { settings } from "~/lib/env/settings.server";
import { fileStorage } from "~/lib/storage/storage.server";
import { readTranscriptionConfig } from "./client.server";
import { cancelKey, readTranscriptionProgress, type TranscriptionProgressView } from "./transcribe.server";

export type TranscriptionPanel = {
  configured: boolean;
  job: JobSummary | null;
  /** From the media URL, an upload or the disk; null without a job. */
  source: { kind: "url"; url: string } | { kind: "upload"; fileName: string } | { kind: "file" } | null;
  progress: TranscriptionProgressView | null;
  cancelRequested: boolean;
  canCancel: boolean;
  canRetry: boolean;
  /** MEDIA_MAX_BYTES: the largest recording an upload may send. */
  maxUploadBytes: number;
};

async function latestJob(cityVideoId: string) {
  const [row] = await getDb()
    .select({ id: bossJobs.id, data: bossJobs.data })
    .from(bossJobs)
    .where(and(eq(bossJobs.name, QUEUES.transcription), eq(bossJobs.singletonKey, cityVideoId)))
    .orderBy(desc(bossJobs.createdOn))
    .limit(1);
  if (!row) return null;
  const data = TranscriptionJobData.safeParse(row.data);
  return data.success ? { id: row.id, data: data.data } : null;
}

export async function readTranscriptionPanel(cityVideoId: string): Promise<TranscriptionPanel> {
  const [job] = await listRecentJobs({ queue: QUEUES.transcription, cityVideoId, limit: 1 });
  const latest = await latestJob(cityVideoId);
  const pending = job ? PENDING_STATES.includes(job.state) : false;
  const cancelRequested = await fileStorage().exists(cancelKey(cityVideoId));
  return {
    configured: readTranscriptionConfig() !== null,
    job: job ?? null,
    source: latest ? sourceOf(latest.data) : null,
    progress: await readTranscriptionProgress(cityVideoId),
    cancelRequested,
    canCancel: pending && !cancelRequested,
    canRetry: latest !== null && !pending,
    maxUploadBytes: settings().MEDIA_MAX_BYTES,
  };
}

function sourceOf(data: z.infer<typeof TranscriptionJobData>): TranscriptionPanel["source"] {
  if (data.mediaUrl) return { kind: "url", url: data.mediaUrl };
  return data.fileName ? { kind: "upload", fileName: data.fileName } : { kind: "file" };
}

/** Whether a transcription of the meeting is waiting or running (a new recording would not be queued). */
export async function transcriptionPending(cityVideoId: string): Promise<boolean> {
  const [job] = await listRecentJobs({ queue: QUEUES.transcription, cityVideoId, limit: 1 });
  return job ? PENDING_STATES.includes(job.state) : false;
}

/** The meeting a recording page is about; null when there is none. */
export async function recordingMeeting(meetingId: string) {
  const video = await getVideoTranscriptForAdmin(meetingId);
  if (!video) return null;
  return { id: video.id, cityId: video.cityId, cityName: video.cityName, title: video.title ?? video.videoId };
}

/** Cancels the meeting's waiting or running transcription; false when there is none. */
export async function cancelTranscription(cityVideoId: string): Promise<boolean> {
  const [job] = await listRecentJobs({ queue: QUEUES.transcription, cityVideoId, limit: 1 });
  if (!job || !PENDING_STATES.includes(job.state)) return false;
  if (job.state === "active") {
    await fileStorage().put(cancelKey(cityVideoId), new TextEncoder().encode("cancel"), "text/plain");
  } else {
    await (await getBoss()).cancel(QUEUES.transcription, job.id);
  }
  return true;
}

/** Queues the latest transcription's recording again (it resumes from its checkpoint); null when there is none to retry. */
export async function retryTranscription(cityVideoId: string, requestedBy: string | null): Promise<string | null> {
  const latest = await latestJob(cityVideoId);
  if (!latest) return null;
  await fileStorage().delete(cancelKey(cityVideoId));
  const data = TranscriptionJobData.parse({ ...latest.data, requestedBy });
  return (await getBoss()).send(QUEUES.transcription, data, { singletonKey: cityVideoId });
}
