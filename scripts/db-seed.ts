/**
 * `npm run db:seed`: migrates, then loads the demo data if the database has
 * no city yet. `npm run db:seed -- --reset` empties every app table first
 * and loads the demo data again.
 */
import { closeDatabase } from "../app/lib/db/client.server";
import { prepareDatabaseOrExit } from "../app/lib/db/startup.server";
import { countDemoRows, resetDatabase, seedDemoData, seedIfEmpty } from "../demo/seed.server";

const reset = process.argv.slice(2).includes("--reset");
const started = performance.now();

try {
  await prepareDatabaseOrExit();
  let seeded: boolean;
  if (reset) {
    await resetDatabase();
    await seedDemoData();
    seeded = true;
  } else {
    seeded = await seedIfEmpty();
  }
  const counts = await countDemoRows();
  const summary = Object.entries(counts)
    .map(([name, count]) => `${count} ${name}`)
    .join(", ");
  const took = Math.round(performance.now() - started);
  console.log(
    seeded
      ? `Demo data ${reset ? "reloaded" : "loaded"} in ${took} ms: ${summary}.`
      : `Database already has data; nothing loaded (use --reset to reload): ${summary}.`,
  );
} catch (error) {
  console.error("Seeding failed:", error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
