import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { README_PATH, readmeSettingsBlock, settingsTable } from "../../scripts/settings-table";

describe("README's table of environment variables", () => {
  it("is the one generated from app/lib/env/settings.server.ts", () => {
    const block = readmeSettingsBlock(readFileSync(README_PATH, "utf8"));
    expect(block, "README.md lacks <!-- settings:start --> / <!-- settings:end -->").not.toBeNull();
    expect(block, "README.md's settings table is out of date: run `npm run docs:settings`").toBe(settingsTable());
  });

  it("documents every operator setting, with its parsed default", () => {
    const table = settingsTable();
    expect(table).toContain("| `PORT` | `3000` | HTTP port |");
    expect(table).toContain("| `DATABASE_URL` | unset |");
    expect(table).not.toContain("PGLITE_SNAPSHOT");
  });
});
