import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCommand } from "../support/embedded-database-processes";
import { freePort } from "../support/free-port";
import { localServerEnv } from "../support/local-server-env";

/**
 * Issue 26, item 19: /healthz said 200 while the embedded database's
 * directory was read-only, every page and post failing. The real server,
 * run as an unprivileged user (root writes anywhere), on its own database;
 * the directory is made read-only under it, then writable again. Embedded
 * database only: PostgreSQL's own commit already fails on a read-only disk
 * (db-health.test.ts covers its read-only database).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const UNPRIVILEGED = { uid: 65534, gid: 65534 }; // nobody
const asRoot = process.getuid?.() === 0;

let root: string;
let pgliteDir: string;
let server: ChildProcess | undefined;
let output = "";
let base: string;

async function health(): Promise<{ status: number; body: { database?: { status: string; message?: string } } }> {
  const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(30_000) });
  return { status: response.status, body: (await response.json()) as never };
}

describe.runIf(asRoot)("/healthz and a read-only data directory (root: runs the server as nobody)", () => {
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-healthz-disk-"));
    pgliteDir = path.join(root, "pglite");
    const created = await runCommand("scripts/db-migrate.ts", [], pgliteDir);
    expect(created.code, created.stderr).toBe(0);
    fs.chmodSync(root, 0o755);
    execFileSync("chown", ["-R", `${UNPRIVILEGED.uid}:${UNPRIVILEGED.gid}`, root]);

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: ROOT,
      ...UNPRIVILEGED,
      env: {
        PATH: process.env.PATH,
        HOME: root,
        ...localServerEnv(port, root),
        SESSION_SECRET: "test-session-secret",
        SEED_DEMO_DATA: "false",
        WORKER: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    while (!output.includes("is listening")) {
      if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGKILL");
      await once(server, "exit");
    }
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("fails while the directory cannot be written, and recovers once it can", async () => {
    expect(await health(), output).toMatchObject({ status: 200, body: { database: { status: "ok" } } });

    execFileSync("chmod", ["-R", "a-w", pgliteDir]);
    try {
      expect(await health(), output).toMatchObject({
        status: 503,
        body: { database: { status: "failing", message: "the data directory cannot be written (EACCES)" } },
      });
      expect(output).toContain(`The embedded database's directory ${pgliteDir} cannot be written`);
    } finally {
      execFileSync("chmod", ["-R", "u+w", pgliteDir]);
    }
    expect(await health(), output).toMatchObject({ status: 200, body: { database: { status: "ok" } } });
  }, 60_000);
});
