/**
 * The pipeline's worker as its own process (PostgreSQL only):
 *   DATABASE_URL=postgres://... npm run worker
 * Run the web server with WORKER=off next to it, or not: any number of
 * workers may share the queues. PGlite is an embedded, single-process
 * database, so with PGlite the worker runs inside the web server instead.
 * Stops on SIGTERM/SIGINT, letting running jobs finish for a while.
 */
import { settingsOrExit } from "../app/lib/env/settings.server";

const { DATABASE_URL, WORKER_STOP_TIMEOUT_MS: STOP_TIMEOUT_MS } = settingsOrExit();

if (!DATABASE_URL) {
  console.error(
    "npm run worker needs PostgreSQL (DATABASE_URL). With the embedded PGlite database only one process can open it: " +
      "the worker runs inside the web server (npm start / npm run dev) unless WORKER=off.",
  );
  process.exit(2);
}

// Loaded once the settings allow a start: the job handlers import most of the app.
const [{ closeDatabase }, { prepareDatabaseOrExit }, { startWorker, stopWorker }] = await Promise.all([
  import("../app/lib/db/client.server"),
  import("../app/lib/db/startup.server"),
  import("../app/lib/jobs/worker.server"),
]);

await prepareDatabaseOrExit();
await startWorker();
console.log(`Worker ${process.pid} is processing jobs (transcript-fetch, analysis, story). Ctrl-C to stop.`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: letting running jobs finish (up to ${STOP_TIMEOUT_MS / 1000} s).`);
  const forceExit = setTimeout(() => process.exit(1), STOP_TIMEOUT_MS + 5_000);
  forceExit.unref();
  try {
    await stopWorker({ timeoutMs: STOP_TIMEOUT_MS });
  } finally {
    await closeDatabase();
  }
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
