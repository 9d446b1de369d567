import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDataSettings } from "../e2e/test-data-server";

/** The e2e test-data door opens only for a throwaway embedded database (docs/decisions/0018-e2e-test-data.md). */

const TOKEN = "a".repeat(64);
const THROWAWAY = {
  E2E_TEST_DATA_PORT: "41234",
  E2E_TEST_DATA_TOKEN: TOKEN,
  E2E_REMOVE_DATA_DIR: "true",
  DATA_DIR: path.join(os.tmpdir(), "gavel-e2e-x"),
};

describe("testDataSettings", () => {
  it("is off without its settings, as in production", () => {
    expect(testDataSettings({ NODE_ENV: "production", DATA_DIR: "/srv/gavel" })).toBeNull();
  });

  it("opens for a throwaway embedded database in the temporary directory", () => {
    expect(testDataSettings(THROWAWAY)).toEqual({ port: 41234, token: TOKEN });
  });

  it("refuses a real database, a kept or non-temporary data directory, and a short or missing token", () => {
    expect(() => testDataSettings({ ...THROWAWAY, DATABASE_URL: "postgres://db/gavel" })).toThrow(/DATABASE_URL/);
    expect(() => testDataSettings({ ...THROWAWAY, E2E_REMOVE_DATA_DIR: undefined })).toThrow(/throwaway/);
    expect(() => testDataSettings({ ...THROWAWAY, DATA_DIR: "/srv/gavel" })).toThrow(/throwaway/);
    expect(() => testDataSettings({ ...THROWAWAY, DATA_DIR: `${os.tmpdir()}-evil/x` })).toThrow(/throwaway/);
    expect(() => testDataSettings({ ...THROWAWAY, DATA_DIR: undefined })).toThrow(/throwaway/);
    expect(() => testDataSettings({ ...THROWAWAY, E2E_TEST_DATA_TOKEN: "short" })).toThrow(/TOKEN/);
    expect(() => testDataSettings({ ...THROWAWAY, E2E_TEST_DATA_TOKEN: undefined })).toThrow(/TOKEN/);
    expect(() => testDataSettings({ ...THROWAWAY, E2E_TEST_DATA_PORT: "x" })).toThrow(/PORT/);
  });
});
