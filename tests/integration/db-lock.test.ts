import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lockPathOf, readLockOwner } from "~/lib/db/pglite-directory.server";
import { holdDatabase, listFiles, runCommand, type Holder } from "../support/embedded-database-processes";

/**
 * Two processes must never open one embedded database: a command run while
 * the server runs refuses with a clear message and changes nothing, whatever
 * path, container or PID namespace it comes from; a lock whose holder died
 * is taken over. Child processes on a real directory; the same whichever
 * database the rest of the suite runs on.
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

function expectRefused(result: { code: number | null; stdout: string; stderr: string }, label = "") {
  expect(result.code, `${label}: ${result.stderr}`).toBe(1);
  expect(result.stderr, label).toContain("stop that process");
  expect(result.stderr, label).toContain("DATABASE_URL");
  expect(result.stderr, label).not.toMatch(STACK_FRAME);
  expect(result.stderr, label).not.toContain("[object Object]");
  expect(result.stdout, label).not.toContain("failed");
}

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
      const label = commands[index]?.[0] ?? "";
      expectRefused(result, label);
      expect(result.stderr, label).toContain(
        `The embedded database in ${dataDir} is in use by process ${holder.pid} (`,
      );
    }
    expect(listFiles(dataDir)).toEqual(before);
    expect(readLockOwner(dataDir)).toMatchObject({ pid: holder.pid, directory: fs.realpathSync(dataDir) });
  }, 120_000);

  test("through a symlink to the directory: refused, the holder's lock kept", async () => {
    const alias = path.join(root, "alias-link");
    fs.symlinkSync(dataDir, alias);
    const result = await runCommand("scripts/admin.ts", ["list"], alias);
    expectRefused(result, "symlink");
    expect(result.stderr).toContain(`in use by process ${holder!.pid} (`);
    expect(readLockOwner(dataDir)).toMatchObject({ pid: holder!.pid });
  }, 60_000);

  const canMount = process.getuid?.() === 0 && spawnSync("unshare", ["--mount", "true"]).status === 0;
  test.runIf(canMount)(
    "through a bind mount of the directory, as a container's volume is (needs root): refused",
    async () => {
      // Its own mount namespace: the mount ends with the command.
      const alias = path.join(root, "alias-mount");
      fs.mkdirSync(alias);
      const result = await runCommand("scripts/admin.ts", ["list"], alias, {
        wrapper: ["unshare", "--mount", "sh", "-c", `mount --bind "$0" "$1" && shift && exec "$@"`, dataDir, alias],
      });
      expectRefused(result, "bind mount");
      expect(result.stderr).toContain(`in use by process ${holder!.pid} (`);
      expect(readLockOwner(dataDir)).toMatchObject({ pid: holder!.pid });
    },
    60_000,
  );

  // `docker compose run app npm run admin -- grant …` beside the running container: its own PID namespace.
  const canUnsharePid =
    process.getuid?.() === 0 && spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0;
  test.runIf(canUnsharePid)(
    "from another PID namespace (needs root and `unshare --pid`: skipped where unavailable): refused with a message that says so, and the holder's lock is neither deleted nor taken",
    async () => {
      const result = await runCommand("scripts/admin.ts", ["grant", "member@gavel.local"], dataDir, {
        wrapper: ["unshare", "--pid", "--fork", "--mount-proc"],
      });
      expectRefused(result, "other PID namespace");
      expect(result.stderr).toContain(
        `The embedded database in ${dataDir} is in use by process ${holder!.pid} of host ${os.hostname()}, in another container or PID namespace`,
      );
      expect(result.stderr).toContain("that pid means nothing here");
      expect(readLockOwner(dataDir)).toMatchObject({ pid: holder!.pid });
      // Still held: an ordinary command in the server's own namespace is refused too.
      expectRefused(await runCommand("scripts/admin.ts", ["list"], dataDir), "after the other namespace");
    },
    60_000,
  );

  test("once the holder stops, the lock is free and says so, and the next command runs", async () => {
    await holder?.stop();
    holder = undefined;
    expect(fs.readFileSync(lockPathOf(dataDir), "utf8")).toBe("");
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(readLockOwner(dataDir)).toBeNull();
  }, 60_000);
});

describe("a lock left behind", () => {
  test("by a holder killed with kill -9 is taken over", async () => {
    const holder = await holdDatabase(dataDir);
    await holder.crash();
    expect(readLockOwner(dataDir)).toMatchObject({ pid: holder.pid }); // it never got to clear it
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("admin@gavel.local");
  }, 60_000);

  test("naming a process that still runs, but not held by any: only the OS lock counts", async () => {
    fs.writeFileSync(
      lockPathOf(dataDir),
      JSON.stringify({ pid: process.pid, hostname: os.hostname(), since: "2026-11-23T00:00:00.000Z" }),
    );
    const result = await runCommand("scripts/admin.ts", ["list"], dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(readLockOwner(dataDir)).toBeNull();
  }, 60_000);
});
