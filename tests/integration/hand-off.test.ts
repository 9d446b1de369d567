import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { inboxOf } from "~/lib/jobs/hand-off.server";
import { runCommand } from "../support/embedded-database-processes";
import { freePort } from "../support/free-port";
import { localServerEnv } from "../support/local-server-env";

/**
 * Issue 26, item 12: `npm run analyze` and `npm run ingest` refused while
 * the server held the embedded database, and nothing else did their work.
 * Now they hand it to the running server's queue. The real server
 * (server.ts, its worker on) on a database with the demo data, and the
 * commands as an operator runs them beside it. Embedded database only
 * (on PostgreSQL the commands simply run).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

let root: string;
let pgliteDir: string;
let server: ChildProcess | undefined;
let output = "";
let port: number;

async function startServer(): Promise<void> {
  port = await freePort();
  server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...localServerEnv(port, root),
      SESSION_SECRET: "test-session-secret",
      WORKER: "on",
      JOBS_POLL_SECONDS: "0.5",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes("hand their work to this server")) {
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForOutput(text: string): Promise<void> {
  while (!output.includes(text)) {
    if (server?.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("commands beside a running server hand it their work", () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-hand-off-"));
    pgliteDir = path.join(root, "pglite");
    const seeded = await runCommand("scripts/db-seed.ts", [], pgliteDir);
    expect(seeded.code, seeded.stderr).toBe(0);
    await startServer();
  }, 240_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGKILL");
      await once(server, "exit");
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("npm run analyze: the server queues the city's meetings and says where to follow them; the worker runs them", async () => {
    const result = await runCommand("scripts/analyze.ts", ["--city", "lake-wendell"], pgliteDir);
    expect(result.code, `${result.stderr}\n${output}`).toBe(0);
    expect(result.stderr).toContain(
      "The embedded database is in use by the Gavel server (process " +
        server!.pid +
        ` of host ${os.hostname()}): handing the work to it.`,
    );
    expect(result.stdout).toContain(
      "The server took it. Analysis queued for 2 meetings of Lake Wendell (1 other was already done or waiting).",
    );
    expect(result.stdout).toContain(`Follow the progress on http://localhost:${port}/admin/jobs`);
    // The worker takes them: each meeting's job ends (the offline analyzer, no outside service).
    await waitForOutput("[jobs] backfill");
    expect(output).toContain("[hand-off] npm run analyze: 2 meetings of Lake Wendell queued");
  }, 120_000);

  test("npm run ingest: the server queues the refreshes of the city's sources", async () => {
    const result = await runCommand("scripts/ingest.ts", ["--city", "lake-wendell"], pgliteDir);
    expect(result.code, `${result.stderr}\n${output}`).toBe(0);
    expect(result.stdout).toContain("The server took it. 1 source URL of the city lake-wendell: 1 refresh queued.");
  }, 60_000);

  test("npm run ingest -- --record: the server answers for the city's official record (the demo's own: never synced)", async () => {
    const result = await runCommand("scripts/ingest.ts", ["--city", "lake-wendell", "--record"], pgliteDir);
    expect(result.code, `${result.stderr}\n${output}`).toBe(1);
    expect(result.stderr).toContain("handing the work to it.");
    expect(result.stderr).toContain(
      "The official record of Lake Wendell is the demo's own, made up to match its demo meetings: it is never synced from Legistar.",
    );
  }, 60_000);

  test("an unknown city: exit 2 with the server's word for it, as when the command runs alone", async () => {
    const result = await runCommand("scripts/analyze.ts", ["--all", "--city", "nowhere"], pgliteDir);
    expect(result.code).toBe(2); // usage: --city and --all together
    const unknown = await runCommand("scripts/analyze.ts", ["--city", "nowhere"], pgliteDir);
    expect(unknown.code, unknown.stderr).toBe(2);
    expect(unknown.stderr).toContain('No city with the key "nowhere".');
  }, 60_000);

  test("the drop box is the server user's alone", () => {
    const inbox = inboxOf(pgliteDir);
    expect(fs.statSync(inbox).mode & 0o777).toBe(0o700);
  });

  test("a request that is not one is answered as such and queues nothing", async () => {
    const id = randomUUID();
    const inbox = inboxOf(pgliteDir);
    fs.writeFileSync(path.join(inbox, `${id}.json`), JSON.stringify({ id, command: "drop table users" }));
    const reply = path.join(inbox, `${id}.reply.json`);
    while (!fs.existsSync(reply)) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(JSON.parse(fs.readFileSync(reply, "utf8"))).toEqual({
      ok: false,
      error: "The request could not be understood.",
    });
    expect(fs.readdirSync(inbox).filter((name) => name.startsWith(id))).toEqual([`${id}.reply.json`]);
  }, 60_000);
});
