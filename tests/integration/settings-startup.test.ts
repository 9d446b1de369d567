import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { lockPathOf } from "~/lib/db/pglite-directory.server";
import { snapshotEnv } from "../support/pglite-snapshot";

/**
 * An invalid setting stops every entry point before it opens the database
 * or listens, with a message that names each invalid variable and no stack
 * trace (app/lib/env/settings.server.ts).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const HANG_GUARD_MS = 300_000;

/** Runs an entry point to its end in a data directory of its own, removed afterwards. */
type Env = Record<string, string>;

function start(entry: string, env: Env | ((dataDir: string) => Env), inspect?: (dataDir: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-settings-"));
  try {
    const result = spawnSync(process.execPath, ["--import", "tsx", entry], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        PGLITE_DATA_DIR: "memory://",
        ...(typeof env === "function" ? env(dataDir) : env),
      },
      encoding: "utf8",
      // A guard against a hang, not a speed limit: a busy 2-core machine has taken over 60 s to start the server.
      timeout: HANG_GUARD_MS,
    });
    inspect?.(dataDir);
    return result;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("invalid settings at start-up", () => {
  test(
    "the web server names each invalid variable and exits with 1",
    () => {
      const result = start("server.ts", {
        PORT: "abc",
        WORKER: "maybe",
        DATABASE_URL: "postgres://gavel:hunter2@[bad",
      });
      expect(result.stderr).toContain('PORT="abc": must be a whole number from 0 to 65535');
      expect(result.stderr).toContain('WORKER="maybe": must be on or off');
      expect(result.stderr).toContain("DATABASE_URL: must be a URL");
      expect(result.stderr).not.toContain("hunter2");
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stdout).not.toContain("listening");
      expect(result.status).toBe(1);
    },
    HANG_GUARD_MS,
  );

  test(
    "so does the worker",
    () => {
      const result = start("scripts/worker.ts", {
        DATABASE_URL: "postgres://127.0.0.1:9/gavel",
        JOBS_CONCURRENCY: "0",
      });
      expect(result.stderr).toContain('JOBS_CONCURRENCY="0": must be a whole number of at least 1');
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.status).toBe(1);
    },
    HANG_GUARD_MS,
  );
});

describe("a port already in use", () => {
  test(
    "stops the web server with a message, exit 1, and its hold on the embedded database released",
    async () => {
      const busy = net.createServer();
      await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
      const port = (busy.address() as net.AddressInfo).port;
      // Its new directory starts from the migrated snapshot: the subject is the port, not the first start.
      const snapshot = await snapshotEnv();
      try {
        let lock = { held: true, content: "unread" };
        const result = start(
          "server.ts",
          (dataDir) => ({
            ...snapshot,
            PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
            SEED_DEMO_DATA: "false",
            HOST: "127.0.0.1",
            PORT: String(port),
          }),
          (dataDir) => {
            const lockPath = lockPathOf(path.join(dataDir, "pglite"));
            // The kernel lock is free, and the server let go of it itself (it clears the holder's name).
            lock = {
              held: spawnSync("flock", ["--nonblock", lockPath, "true"]).status !== 0,
              content: fs.readFileSync(lockPath, "utf8"),
            };
          },
        );
        expect(result.stderr).toContain(`Gavel could not listen on port ${port}`);
        expect(result.stdout).not.toContain("Gavel is listening");
        expect(result.status).toBe(1);
        expect(lock).toEqual({ held: false, content: "" });
      } finally {
        busy.close();
      }
    },
    HANG_GUARD_MS + 30_000,
  );
});
