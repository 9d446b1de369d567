/**
 * `npm run db:health`: runs the health check that /healthz and every start
 * run (docs/decisions/0051-health-that-notices-the-disk.md) and says what
 * it found; exits 1 when it fails.
 *   npm run db:health -- --accept-empty   a main table emptied on purpose
 *                                         outside the app: stop reporting it
 */
import { closeDatabase } from "../app/lib/db/client.server";
import { acceptEmptyTables, checkDatabaseHealth } from "../app/lib/db/health.server";
import { prepareDatabaseOrExit } from "../app/lib/db/startup.server";

const accept = process.argv.slice(2).includes("--accept-empty");

async function main(): Promise<number> {
  await prepareDatabaseOrExit();
  if (accept) {
    const accepted = await acceptEmptyTables();
    console.log(
      accepted.length > 0
        ? `Recorded as empty on purpose: ${accepted.join(", ")}.`
        : "No empty main table was reported: nothing to accept.",
    );
  }
  try {
    await checkDatabaseHealth();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  console.log("The database is healthy: every main table readable, nothing lost, writes reach the disk.");
  return 0;
}

const code = await main();
await closeDatabase();
process.exit(code);
