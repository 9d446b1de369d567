/**
 * A process that keeps the embedded database in PGLITE_DATA_DIR open, the way
 * a running server does, for tests/integration/db-lock.test.ts: prints
 * "ready" once open, and closes when its stdin ends (so it never outlives
 * the test that started it).
 */
import { closeDatabase } from "../../app/lib/db/client.server";
import { prepareDatabaseOrExit } from "../../app/lib/db/startup.server";

await prepareDatabaseOrExit();
process.stdout.write("ready\n");
process.stdin.resume();
process.stdin.on("end", () => {
  void closeDatabase().then(() => process.exit(0));
});
