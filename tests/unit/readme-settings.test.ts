import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTINGS_DOC_PATH, settingsBlock, settingsTable } from "../../scripts/settings-table";

describe("docs/operating.md's table of environment variables", () => {
  it("is the one generated from app/lib/env/settings.server.ts", () => {
    const block = settingsBlock(readFileSync(SETTINGS_DOC_PATH, "utf8"));
    expect(block, "docs/operating.md lacks <!-- settings:start --> / <!-- settings:end -->").not.toBeNull();
    expect(block, "docs/operating.md's settings table is out of date: run `npm run docs:settings`").toBe(
      settingsTable(),
    );
  });

  it("documents every operator setting, with its parsed default", () => {
    const table = settingsTable();
    expect(table).toContain("| `PORT` | `3000` | HTTP port |");
    expect(table).toContain("| `DATABASE_URL` | unset |");
    expect(table).not.toContain("PGLITE_SNAPSHOT");
  });
});
