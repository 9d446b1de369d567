/**
 * The architecture's rules are checks (docs/decisions/0057-rules-as-checks.md):
 * each is broken once here, on a file that is not written to disk, and must
 * be refused; its allowed neighbor must pass.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("lint refuses what the architecture forbids", () => {
  it("refuses the database client and Drizzle in routes and components, and allows a type import", async () => {
    const query =
      'import { eq } from "drizzle-orm";\nimport { getDb } from "~/lib/db/client.server";\nexport const x = [eq, getDb];\n';
    expect(await ruleIds("app/routes/zz-rule.tsx", query)).toEqual([
      "@typescript-eslint/no-restricted-imports",
      "@typescript-eslint/no-restricted-imports",
    ]);
    expect(await ruleIds("app/components/zz-rule.tsx", query)).toHaveLength(2);
    expect(await ruleIds("app/lib/zz/zz-rule.server.ts", query)).toEqual([]);
    const typeOnly = 'import type { cities } from "~/lib/db/schema";\nexport type City = typeof cities.$inferSelect;\n';
    expect(await ruleIds("app/routes/zz-rule.tsx", typeOnly)).toEqual([]);
  });

  it("refuses hand-built internal paths in constants and helpers, and lets route patterns pass", async () => {
    const code = [
      'export const ADMIN = "/admin/issues";',
      "export const feed = (key: string) => `/city/${key}/feed.atom`;",
      'export function about() { return "/about"; }',
      'export const links = { self: "/api/v1/cities" };',
      'export const PATTERN = "/meeting/:meetingId";',
      'export const cookie = { path: "/" };',
    ].join("\n");
    const [result] = await eslint.lintText(code, { filePath: "app/lib/zz/zz-rule.ts" });
    expect(result!.messages.map((message) => [message.line, message.ruleId])).toEqual([
      [1, "no-restricted-syntax"],
      [2, "no-restricted-syntax"],
      [3, "no-restricted-syntax"],
      [4, "no-restricted-syntax"],
    ]);
  });

  it("refuses react-router's untyped route types in route modules", async () => {
    const code =
      'import type { LoaderFunctionArgs, MetaFunction } from "react-router";\n' +
      "export const meta: MetaFunction = () => [];\n" +
      "export function loader({ request }: LoaderFunctionArgs) { return request.url; }\n";
    expect(await ruleIds("app/routes/zz-rule.tsx", code)).toEqual([
      "@typescript-eslint/no-restricted-imports",
      "@typescript-eslint/no-restricted-imports",
    ]);
  });
});

describe("the spelling check", () => {
  const check = (text: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), "spelling-"));
    const file = path.join(dir, "sample.ts");
    writeFileSync(file, text);
    try {
      execFileSync(process.execPath, ["--import", "tsx", "scripts/check-spelling.ts", file], { stdio: "pipe" });
      return "";
    } catch (error) {
      return String((error as { stderr?: Buffer }).stderr ?? error);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("finds British spellings in text and inside identifiers", () => {
    const out = check(
      ["export const isAnaly" + "sableLength = 1;", "// the col" + "our of the cent" + "re"].join("\n"),
    );
    expect(out).toContain('"Analy' + 'sable" → "Analyzable"');
    expect(out).toContain('"col' + 'our" → "color"');
    expect(out).toContain('"cent' + 're" → "center"');
  });

  it("passes American text, aria-labelledby and pg-boss's job state", () => {
    expect(
      check('// color, center, analyzed, analyses\n<section aria-labelledby="x" />\nconst s = "cancel' + 'led";\n'),
    ).toBe("");
  });
});
