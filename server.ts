import compression from "compression";
import express from "express";
import morgan from "morgan";
import type { ServerBuild } from "react-router";
import { stopAnalytics } from "./app/lib/analytics/recorder.server";
import { closeDatabase } from "./app/lib/db/client.server";
import { seedDemoDataIfPending } from "./demo/seed.server";
import { prepareDatabaseOrExit } from "./app/lib/db/startup.server";
import { startWorker, stopWorker } from "./app/lib/jobs/worker.server";
import { startHandOffInbox, stopHandOffInbox } from "./app/lib/jobs/hand-off.server";
import { configureHttp, createHttpServer, reactRouterHandlers } from "./app/lib/http/stack.server";
import { healthHandler } from "./app/lib/http/health.server";
import { reportMemoryOnSignal } from "./app/lib/http/memory-report.server";
import { scheduleRetention } from "./app/lib/privacy/retention.server";
import * as env from "./app/lib/env/env.server";
import { settingsOrExit } from "./app/lib/env/settings.server";

const config = settingsOrExit();
const isProduction = env.isProduction();

await prepareDatabaseOrExit();
if (await seedDemoDataIfPending({ skip: !config.SEED_DEMO_DATA }))
  console.log("Demo data loaded into the new database.");
const app = express();
configureHttp(app, { development: !isProduction });
app.use(compression());

app.get("/healthz", healthHandler());

// The built app itself in production, so that React Router prepares its routes once rather than on every request.
let build: ServerBuild | (() => Promise<ServerBuild>);
if (isProduction) {
  // Fingerprinted assets never change; everything else is revalidated hourly.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
  const buildPath = new URL("./build/server/index.js", import.meta.url).href;
  build = (await import(buildPath)) as ServerBuild;
} else {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteDevServer.middlewares);
  build = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
}

// `npm run bench -- --only render` compares a page with the same HTML served as a file, through the same stack.
if (config.BENCH_STATIC_DIR) app.use("/bench-static", express.static(config.BENCH_STATIC_DIR));
// `npm run bench -- --only soak` asks for the memory after each round.
if (config.BENCH_MEMORY_REPORT) reportMemoryOnSignal();

if (config.LOG_REQUESTS) app.use(morgan(isProduction ? "combined" : "dev"));
app.use(reactRouterHandlers({ build, mode: isProduction ? "production" : "development" }));

// Background jobs (transcripts, analyses, stories) run in this process
// unless WORKER=off, e.g. when `npm run worker` runs them on PostgreSQL.
const runWorker = config.WORKER === "on";
let backgroundWork: Promise<void> = Promise.resolve();

async function startBackgroundWork(): Promise<void> {
  // Technical records (expired sessions, codes, mail copies, old jobs) kept at most LOG_RETENTION_DAYS.
  scheduleRetention();
  if (!runWorker) {
    console.log(
      config.DATABASE_URL
        ? "Background jobs: WORKER=off; run `npm run worker` to process them."
        : "Background jobs: WORKER=off on PGlite: queued jobs will not run (a separate worker needs PostgreSQL).",
    );
    return;
  }
  await startWorker();
  console.log("Background jobs: the worker runs in this process (WORKER=off to turn it off).");
  // The embedded database is this process's alone: `npm run analyze` and `npm run ingest` hand their work here.
  if (await startHandOffInbox())
    console.log("npm run analyze and npm run ingest hand their work to this server while it runs.");
}

const server = createHttpServer(app);
// A failed listen (port in use, no permission): stop, rather than run unreachable.
server.once("error", (error) => {
  console.error(`Gavel could not listen on port ${config.PORT}: ${error.message}`);
  void shutdown("Listening failed", 1);
});
// Listen first: pages and /healthz answer before any queued job runs
// (issue 26: a backlog kept the port closed for a minute); the background
// work starts once the port is open.
server.listen(config.PORT, config.HOST, () => {
  console.log(`Gavel is listening on http://localhost:${config.PORT}`);
  backgroundWork = startBackgroundWork().catch((error: unknown) => {
    console.error("Starting the background jobs failed:", error);
    void shutdown("Background jobs failed to start", 1);
  });
});

/**
 * SIGTERM: stop accepting; requests in flight and running jobs get
 * SHUTDOWN_TIMEOUT_MS to finish; then the connections still open are
 * closed, the jobs still running handed back to the queue, the last
 * analytics counts written, the database closed. The process exits within the deadline plus a few seconds whatever
 * hangs.
 */
let shuttingDown = false;
async function shutdown(reason: string, exitCode = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  const graceMs = config.SHUTDOWN_TIMEOUT_MS;
  console.log(`${reason}: finishing open requests and jobs (up to ${graceMs / 1000} s), then closing the database.`);
  setTimeout(() => {
    console.error("Shutdown did not finish in time: exiting.");
    process.exit(1);
  }, graceMs + 5_000).unref();
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cutOff = setTimeout(() => server.closeAllConnections(), graceMs).unref();
  // A worker still starting finishes starting first, so that stopping it stops everything it started.
  const jobsDone = runWorker
    ? backgroundWork
        .then(() => {
          stopHandOffInbox();
          return stopWorker({ timeoutMs: graceMs });
        })
        .catch((error) => console.error("Stopping the worker failed:", error))
    : Promise.resolve();
  await Promise.all([requestsDone, jobsDone]);
  clearTimeout(cutOff);
  await stopAnalytics().catch((error) => console.error("Writing the last analytics counts failed:", error));
  await closeDatabase().catch((error) => console.error("Closing the database failed:", error));
  process.exit(exitCode);
}
process.on("SIGTERM", () => void shutdown("SIGTERM received"));
process.on("SIGINT", () => void shutdown("SIGINT received"));
