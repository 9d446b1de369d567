import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { snapshotEnv } from "./pglite-snapshot";

/**
 * Runs the app's commands in child processes on an on-disk PGlite directory
 * (the tests' own database is in memory or on PostgreSQL), with a clean
 * environment that reaches nothing outside 127.0.0.1. A fresh directory
 * starts from the migrated snapshot (tests/support/pglite-snapshot.ts)
 * unless `snapshot: false` asks for a real first start (initdb and every
 * migration); an existing database ignores it.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

export type CommandResult = { code: number | null; stdout: string; stderr: string };

async function childEnv(pgliteDataDir: string, snapshot = true): Promise<NodeJS.ProcessEnv> {
  return {
    ...(snapshot ? await snapshotEnv() : {}),
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PGLITE_DATA_DIR: pgliteDataDir,
    DATA_DIR: path.dirname(pgliteDataDir),
    SESSION_SECRET: "test-session-secret",
    YOUTUBE_BASE_URL: "http://127.0.0.1:9",
  };
}

/**
 * `node --import tsx <script> ...args` from the repository root, e.g.
 * "scripts/db-migrate.ts"; `wrapper` runs it through another program first
 * (e.g. `["unshare", "--pid", "--fork", "--mount-proc"]`), `env` adds variables.
 */
export async function runCommand(
  script: string,
  args: string[],
  pgliteDataDir: string,
  options: { wrapper?: string[]; env?: NodeJS.ProcessEnv; snapshot?: boolean } = {},
): Promise<CommandResult> {
  const env = await childEnv(pgliteDataDir, options.snapshot);
  return new Promise((resolve, reject) => {
    const command = [...(options.wrapper ?? []), process.execPath, "--import", "tsx", script, ...args];
    const child = spawn(command[0]!, command.slice(1), {
      cwd: ROOT,
      env: { ...env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export type Holder = {
  pid: number;
  stop(): Promise<void>;
  /** Kills it without warning (kill -9), and waits until it is gone. */
  crash(): Promise<void>;
};

/** Starts a process that holds the database open (as a running server does) until stopped. */
export async function holdDatabase(pgliteDataDir: string): Promise<Holder> {
  const env = await childEnv(pgliteDataDir);
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/hold-embedded-database.ts"],
      {
        cwd: ROOT,
        env,
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let output = "";
    const exited = new Promise<void>((done) => child.on("close", () => done()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready\n") && child.pid) {
        resolve({
          pid: child.pid,
          stop: async () => {
            child.stdin?.end();
            await exited;
          },
          crash: async () => {
            child.kill("SIGKILL");
            await exited;
          },
        });
      }
    });
    child.on("error", reject);
    void exited.then(() => reject(new Error(`the holding process exited before it was ready:\n${output}`)));
  });
}

/** Every file under `dir` and its siblings `<dir>.*` with size and modification time: "nothing changed" is equal listings. */
export function listFiles(dir: string): string[] {
  const parent = path.dirname(dir);
  const base = path.basename(dir);
  const out: string[] = [];
  const walk = (target: string) => {
    const stat = fs.statSync(target);
    out.push(`${path.relative(parent, target)} ${stat.isDirectory() ? "dir" : stat.size} ${stat.mtimeMs}`);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target).sort()) walk(path.join(target, entry));
  };
  if (!fs.existsSync(parent)) return out;
  for (const entry of fs.readdirSync(parent).sort()) {
    if (entry === base || entry.startsWith(`${base}.`)) walk(path.join(parent, entry));
  }
  return out;
}
