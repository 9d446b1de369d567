/**
 * A worker process for tests that need one to die for real (kill -9): it
 * opens the database the environment names (DATABASE_URL, or PGlite in
 * PGLITE_DATA_DIR), as the web server does, and runs the pipeline's worker
 * until SIGTERM. scripts/worker.ts is the same on PostgreSQL; on PGlite the
 * worker runs inside the web server, which is too heavy to start here.
 */
import { closeDatabase, migrateDatabase } from "../../app/lib/db/client.server";
import { startWorker, stopWorker } from "../../app/lib/jobs/worker.server";

await migrateDatabase();
await startWorker();
console.log(`Worker ${process.pid} is processing jobs.`);

process.on("SIGTERM", () => {
  void stopWorker({ timeoutMs: 1000 })
    .finally(() => closeDatabase())
    .finally(() => process.exit(0));
});
