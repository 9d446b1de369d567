import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { holdDatabase, listFiles, runCommand, type Holder } from "../support/embedded-database-processes";

/**
 * Two processes must never open one embedded database: a command run while
 * the server runs refuses with a clear message, changes nothing, and a lock
 * left by a process that died is taken over. Child processes on a real
 * directory; the same whichever database the rest of the suite runs on.
 */

const STACK_FRAME = /^\s+at /m;

let root: string;
let dataDir: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gavel-db-lock-"));
  dataDir = path.join(root, "pglite");
  // Created and filled the way a first `npm run db:seed` does, so that the
  // refused commands below would have had real work to do.
  const created = await runCommand("scripts/db-seed.ts", [], dataDir);
  expect(created.code, created.stderr).toBe(0);
}, 120_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a second process on the embedded database", () => {
  let holder: Holder | undefined;
  afterAll(async () => {
    await holder?.stop();
  });

  test("every command refuses, names the directory and the holder's pid, exits 1 without a stack trace, and changes nothing", async () => {
    holder = await holdDatabase(dataDir);
    const before = listFiles(dataDir);
    const commands: [string, string[]][] = [
      ["scripts/analyze.ts", ["--city", "cinder-bluff"]],
      ["scripts/admin.ts", ["grant", "member@gavel.local"]],
      ["scripts/db-seed.ts", []],
      ["scripts/db-migrate.ts", []],
    ];
    const results = await Promise.all(commands.map(([script, args]) => runCommand(script, args, dataDir)));
    for (const [index, result] of results.entries()) {
      const label = commands[index]?.[0];
      expect(result.code, `${label}: ${result.stderr}`).toBe(1);
      expect(result.stderr, label).toContain(`The embedded database in ${dataDir} is in use by process ${holder.pid}`);
      expect(result.stderr, label).toContain("stop that process");
      expect(result.stderr, label).toContain("DATABASE_URL");
      expect(result.stderr, label).not.toMatch(STACK_FRAME);
      expect(result.stdout, label).not.toContain("failed");
    }
    expect(listFiles(dataDir)).toEqual(before);
    expect(JSON.parse(fs.readFileSync(`${dataDir}.lock`, "utf8"))).toMatchObject({ pid: holder.pid });
  }, 120_000);

  test("once the holder stops, its lock is gone and the next command runs", async () => {
    await holder?.stop();
    holder = undefined;
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);
});

describe("a lock left behind", () => {
  function writeLock(owner: { pid: number; startTime: string | null }) {
    fs.writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ ...owner, hostname: os.hostname(), since: "2026-11-23T00:00:00.000Z" }),
    );
  }

  test("by a process that is gone is taken over", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeLock({ pid: Number(gone.stdout), startTime: null });
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("admin@gavel.local");
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);

  test("whose pid now belongs to another process (a different start time) is taken over", async () => {
    writeLock({ pid: process.pid, startTime: "1" });
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  }, 60_000);

  test("by a process that still runs is respected", async () => {
    writeLock({ pid: process.pid, startTime: null });
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`is in use by process ${process.pid}`);
    fs.rmSync(`${dataDir}.lock`);
  }, 60_000);
});
