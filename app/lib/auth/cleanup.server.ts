import { sql } from "drizzle-orm";
import { getDb } from "~/lib/db/client.server";
import { verificationCodes } from "~/lib/db/schema";
import { pruneExpiredRateLimits } from "./rate-limit.server";
import { deleteExpiredSessions } from "./session.server";

/** Deletes expired sessions, rate-limit windows and codes (kept a day for the record); run by the retention clean-up (app/lib/privacy/retention.server.ts). */
export async function pruneExpiredAuthRows(): Promise<void> {
  await deleteExpiredSessions();
  await pruneExpiredRateLimits();
  await getDb()
    .delete(verificationCodes)
    .where(sql`${verificationCodes.expiresAt} < now() - interval '1 day'`);
}
