import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { verificationCodes } from "~/lib/db/schema";
import { pruneExpiredRateLimits } from "./rate-limit.server";
import { deleteExpiredSessions } from "./session.server";

/** Deletes expired sessions, rate-limit windows and codes (kept a day for the record). */
export async function pruneExpiredAuthRows(): Promise<void> {
  await deleteExpiredSessions();
  await pruneExpiredRateLimits();
  await getDb()
    .delete(verificationCodes)
    .where(sql`${verificationCodes.expiresAt} < now() - interval '1 day'`);
}

/** Runs the clean-up now and then hourly, without keeping the process alive. */
export function scheduleAuthCleanup(): void {
  const run = () => pruneExpiredAuthRows().catch((error) => console.error("Auth clean-up failed:", error));
  void run();
  setInterval(run, 60 * 60 * 1000).unref();
}
