/**
 * The README's table of environment variables, generated from the settings
 * module: every variable not marked `internal`, its default (the parsed
 * value with nothing set, unless its `.meta()` words it) and its meaning.
 *
 *   npm run docs:settings          rewrite the table in README.md
 *
 * tests/unit/readme-settings.test.ts fails when README.md differs from it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSettings, SHAPE } from "../app/lib/env/settings.server";

export const README_PATH = fileURLToPath(new URL("../README.md", import.meta.url));
const START = "<!-- settings:start -->";
const END = "<!-- settings:end -->";

type Documentation = { description?: string; default?: string; internal?: boolean };

function defaultText(parsed: unknown, worded: string | undefined): string {
  if (worded !== undefined) return worded;
  if (parsed === undefined) return "unset";
  return `\`${String(parsed)}\``;
}

/** One Markdown table row per documented setting, in the module's order. */
export function settingsTable(): string {
  const defaults: Record<string, unknown> = parseSettings({});
  const rows = Object.entries(SHAPE).flatMap(([name, schema]) => {
    const documentation = (schema.meta() ?? {}) as Documentation;
    if (documentation.internal) return [];
    if (!documentation.description) throw new Error(`${name} has no description in settings.server.ts`);
    const cells = [`\`${name}\``, defaultText(defaults[name], documentation.default), documentation.description];
    return [`| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`];
  });
  return ["| variable | default | meaning |", "| --- | --- | --- |", ...rows].join("\n");
}

/** The text between the README's markers, or null when they are missing. */
export function readmeSettingsBlock(readme: string): string | null {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) return null;
  return readme.slice(start + START.length, end).trim();
}

export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md lacks the markers ${START} and ${END}`);
  return `${readme.slice(0, start + START.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(README_PATH, withSettingsTable(readFileSync(README_PATH, "utf8")));
  console.log("README.md: settings table rewritten from app/lib/env/settings.server.ts");
}
