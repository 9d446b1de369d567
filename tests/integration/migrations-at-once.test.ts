import { spawn } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { quoteIdent, withDatabase } from "../setup/context";
import { dbKind } from "../setup";

/**
 * Several app servers and workers start together on one new PostgreSQL
 * database (a deployment, an upgrade): the migrations run once, by one of
 * them, while the others wait, and every process starts. PGlite is opened by
 * one process only (ADR 0014), so this is PostgreSQL's subject alone.
 */

const database = inject("testDatabase");
const MIGRATIONS = fs.readdirSync("drizzle").filter((file) => file.endsWith(".sql")).length;
const created: string[] = [];

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  if (database.kind !== "postgres") throw new Error("PostgreSQL only");
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function migrateInAProcess(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url, SEED_DEMO_DATA: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

afterAll(async () => {
  if (database.kind !== "postgres") return;
  await admin(async (client) => {
    for (const name of created) await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
});

describe.runIf(dbKind === "postgres")("migrations started by several processes at once [db: postgres]", () => {
  it("run once, and every process starts", async () => {
    if (database.kind !== "postgres") return;
    const name = `${database.prefix}_migrate_${process.pid}`;
    created.push(name);
    await admin((client) => client.query(`create database ${quoteIdent(name)}`));
    const url = withDatabase(database.adminUrl, name);

    const runs = await Promise.all([1, 2].map(() => migrateInAProcess(url)));

    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; n: string }>(
        "select hash, count(*) as n from drizzle.__drizzle_migrations group by hash",
      );
      expect(rows).toHaveLength(MIGRATIONS);
      expect(rows.every((row) => row.n === "1")).toBe(true);
    } finally {
      await client.end();
    }
  });
});
