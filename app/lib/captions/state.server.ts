/**
 * Each video's caption state (table caption_states): what the last attempt
 * gave, the attempts since the last success (or the admin's Retry
 * captions), and when the next one is due
 * (docs/decisions/0049-captions-from-a-data-center.md).
 *
 *   await recordCaptionsFetched(meetingId, "player");
 *   const { nextRetryAt } = await recordCaptionFailure(meetingId, { code: "bot-check", message, retryAfterMs: null });
 */
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { captionStates } from "~/lib/db/schema";
import { settings } from "~/lib/env/settings.server";
import type { Queryable } from "~/lib/pipeline/video.server";
import { isUuid } from "~/lib/uuid";
import { retryDelayMs } from "./backoff";
import {
  isCaptionFailureReason,
  isTransientReason,
  type CaptionClientName,
  type CaptionFailureReason,
  type CaptionStateView,
} from "./reasons";

type Row = typeof captionStates.$inferSelect;

function toView(row: Row): CaptionStateView {
  return {
    status: row.status === "fetched" ? "fetched" : "failed",
    reason: isCaptionFailureReason(row.reason) ? row.reason : null,
    message: row.message,
    attempts: row.attempts,
    retryLimit: settings().CAPTIONS_RETRY_LIMIT,
    nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt.toISOString(),
    client: row.client === "player" || row.client === "transcript-panel" ? row.client : null,
  };
}

/** The caption states of these videos, by id (videos never tried are absent). */
export async function readCaptionStates(cityVideoIds: readonly string[]): Promise<Record<string, CaptionStateView>> {
  const ids = [...new Set(cityVideoIds.filter(isUuid))];
  if (ids.length === 0) return {};
  const rows = await getDb().select().from(captionStates).where(inArray(captionStates.cityVideoId, ids));
  return Object.fromEntries(rows.map((row) => [row.cityVideoId, toView(row)]));
}

export async function readCaptionState(cityVideoId: string): Promise<CaptionStateView | null> {
  return (await readCaptionStates([cityVideoId]))[cityVideoId] ?? null;
}

async function previousAttempts(cityVideoId: string): Promise<number> {
  const [row] = await getDb()
    .select({ status: captionStates.status, attempts: captionStates.attempts })
    .from(captionStates)
    .where(eq(captionStates.cityVideoId, cityVideoId));
  return row?.status === "failed" ? row.attempts : 0;
}

async function save(cityVideoId: string, values: Omit<typeof captionStates.$inferInsert, "cityVideoId">) {
  await getDb()
    .insert(captionStates)
    .values({ cityVideoId, ...values })
    .onConflictDoUpdate({ target: captionStates.cityVideoId, set: values });
}

/** The captions are stored: the attempts it took stay shown. */
export async function recordCaptionsFetched(cityVideoId: string, client: CaptionClientName): Promise<void> {
  const attempts = (await previousAttempts(cityVideoId)) + 1;
  await save(cityVideoId, {
    status: "fetched",
    reason: null,
    message: null,
    attempts,
    nextRetryAt: null,
    lastAttemptAt: new Date(),
    client,
  });
}

export type CaptionFailureInput = { code: CaptionFailureReason; message: string; retryAfterMs: number | null };

/**
 * A failed attempt: counted, and for a transient reason under the limit the
 * next attempt planned with back-off and jitter (never before the site's
 * Retry-After). Answers the attempts and the next attempt's time (null:
 * none, for a permanent reason or after the last attempt).
 */
export async function recordCaptionFailure(
  cityVideoId: string,
  failure: CaptionFailureInput,
  random: () => number = Math.random,
): Promise<{ attempts: number; nextRetryAt: Date | null }> {
  const config = settings();
  const attempts = (await previousAttempts(cityVideoId)) + 1;
  const now = Date.now();
  const retry = isTransientReason(failure.code) && attempts < config.CAPTIONS_RETRY_LIMIT;
  const nextRetryAt = retry
    ? new Date(
        now +
          retryDelayMs({
            attempts,
            baseMs: config.CAPTIONS_RETRY_DELAY_SECONDS * 1000,
            retryAfterMs: failure.retryAfterMs,
            random,
          }),
      )
    : null;
  await save(cityVideoId, {
    status: "failed",
    reason: failure.code,
    message: failure.message.slice(0, 1000),
    attempts,
    nextRetryAt,
    lastAttemptAt: new Date(now),
    client: null,
  });
  return { attempts, nextRetryAt };
}

/** The admin's Retry captions: the count starts again and nothing is planned until the new attempt. */
export async function resetCaptionAttempts(cityVideoId: string, db: Queryable = getDb()): Promise<void> {
  await db
    .update(captionStates)
    .set({ attempts: 0, nextRetryAt: null })
    .where(eq(captionStates.cityVideoId, cityVideoId));
}

/** A planned attempt moved (the breaker's pause): the state says when it now comes. */
export async function moveNextRetry(cityVideoId: string, at: Date): Promise<void> {
  await getDb()
    .update(captionStates)
    .set({ nextRetryAt: at })
    .where(and(eq(captionStates.cityVideoId, cityVideoId), eq(captionStates.status, "failed")));
}
