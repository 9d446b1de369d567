import { sql } from "drizzle-orm";
import { getDb } from "./client.server";
import { appMeta } from "./schema";

/**
 * Whether the database really serves the app, for /healthz and at start-up:
 * reads a row from each main table (a damaged page or a missing relation
 * fails here, where `select 1` would pass) and writes a heartbeat (a
 * read-only database or a full disk fails here). Throws when it does not.
 */
export async function checkDatabaseHealth(): Promise<void> {
  const db = getDb();
  await db.execute(sql`
    select
      (select 1 from cities limit 1) as cities,
      (select 1 from city_videos limit 1) as videos,
      (select 1 from transcript_segments limit 1) as segments,
      (select 1 from story_revisions limit 1) as stories,
      (select 1 from users limit 1) as users,
      (select 1 from sessions limit 1) as sessions
  `);
  const now = new Date();
  await db
    .insert(appMeta)
    .values({ key: "health_check", value: now.toISOString(), updatedAt: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: now.toISOString(), updatedAt: now } });
}
