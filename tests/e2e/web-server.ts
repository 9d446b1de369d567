import fs from "node:fs";
import path from "node:path";
import { startTestDataServer, testDataSettings } from "./test-data-server";
import { startFakeLegistarServer } from "../support/fake-legistar-server";
import { ensureMigratedSnapshot } from "../support/pglite-snapshot";
import { mapleFalls } from "../support/legistar-fixtures";

/**
 * Playwright's webServer (playwright.config.ts): runs the production server
 * (server.ts, serving build/) with the environment the config set, and
 * removes the throwaway data directory when the server exits. With
 * E2E_TEST_DATA_PORT and E2E_TEST_DATA_TOKEN it also opens the test-data
 * door the specs create their data through (test-data-server.ts), and a
 * fake Legistar (tests/support/fake-legistar-server.ts). Its new embedded
 * database starts from the migrated snapshot (tests/support/pglite-snapshot.ts)
 * instead of running initdb and every migration; the second servers of the
 * specs (second-server.ts) run this file too.
 */

const root = path.resolve(import.meta.dirname, "../..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("e2e web server: build/ is missing; run `npm run build` first.");
  process.exit(1);
}
if (process.env.NODE_ENV !== "production") {
  console.error("e2e web server: NODE_ENV must be production (set by playwright.config.ts).");
  process.exit(1);
}

const testData = testDataSettings();

const dataDir = process.env.DATA_DIR;
if (dataDir && process.env.E2E_REMOVE_DATA_DIR === "true") {
  process.on("exit", () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

// The specs' Legistar (legislative-source.spec.ts): a fictional city's record
// on 127.0.0.1, in this process, for as long as the server runs.
if (testData && !process.env.LEGISTAR_BASE_URL) {
  const legistar = await startFakeLegistarServer({ maplefalls: mapleFalls() });
  process.env.LEGISTAR_BASE_URL = legistar.baseUrl;
}

if (!process.env.DATABASE_URL) process.env.PGLITE_SNAPSHOT ??= await ensureMigratedSnapshot();

process.chdir(root);
await import("../../server");
if (testData) await startTestDataServer(testData, `http://127.0.0.1:${process.env.PORT}`);
