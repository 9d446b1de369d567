/**
 * A worker container's health check (compose.yaml): exits 0 when a worker
 * on this host (the container's hostname) reported alive to the database
 * within its last three heartbeats, 1 otherwise. Reads, never migrates.
 *   DATABASE_URL=postgres://... node --import tsx scripts/worker-alive.ts
 */
import os from "node:os";
import { closeDatabase } from "../app/lib/db/client.server";
import { workerOnHostAlive } from "../app/lib/jobs/liveness.server";

let alive = false;
try {
  alive = await workerOnHostAlive(os.hostname());
  if (!alive) console.error(`No worker on ${os.hostname()} has reported alive lately.`);
} catch (error) {
  console.error("The worker's health could not be read:", error instanceof Error ? error.message : error);
} finally {
  await closeDatabase().catch(() => undefined);
}
process.exit(alive ? 0 : 1);
