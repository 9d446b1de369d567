import { lt, sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { rateLimits } from "~/lib/db/schema";

export type RateLimit = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window kept in the database, so
 * the limit holds across processes and restarts.
 */
export async function hitRateLimit(key: string, { limit, windowSeconds }: RateLimit): Promise<RateLimitResult> {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const retryAfterSeconds = Math.max(1, Math.ceil(((row?.resetAt.getTime() ?? Date.now()) - Date.now()) / 1000));
  return { allowed: (row?.count ?? 0) <= limit, retryAfterSeconds };
}

export async function pruneExpiredRateLimits(): Promise<void> {
  await getDb()
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`));
}
