/**
 * The app's side of the demo data: the `demo_data` marker in app_meta, which
 * the migration sets to "pending" only in a database it created empty. The
 * data and the code that inserts it live outside the app, in demo/, and are
 * passed in as `insert`. See docs/decisions/0014.
 */
import { eq } from "drizzle-orm";
import { getDb, type Database } from "./client.server";
import { appMeta } from "./schema";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type InsertDemoData = (tx: Transaction) => Promise<void>;

const DEMO_DATA_KEY = "demo_data";

/**
 * At start-up: runs `insert` in a database that was created empty, once.
 * `skip` (SEED_DEMO_DATA=false) records that it was declined instead.
 * Returns whether it inserted. Never touches a database that held data.
 */
export async function loadDemoDataIfPending(insert: InsertDemoData, { skip }: { skip: boolean }): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    // FOR UPDATE: of two servers starting on one new database, one loads.
    const [state] = await tx
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, DEMO_DATA_KEY))
      .for("update");
    if (state?.value !== "pending") return false;
    if (!skip) await insert(tx);
    await recordDemoData(tx, skip ? "skipped" : "loaded");
    return !skip;
  });
}

/** Runs `insert` whatever the database holds (`npm run db:seed`), and records it. */
export async function loadDemoData(insert: InsertDemoData): Promise<void> {
  await getDb().transaction(async (tx) => {
    await insert(tx);
    await recordDemoData(tx, "loaded");
  });
}

async function recordDemoData(tx: Transaction, value: "loaded" | "skipped"): Promise<void> {
  await tx
    .insert(appMeta)
    .values({ key: DEMO_DATA_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
