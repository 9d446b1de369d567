/**
 * The settings table of docs/operating.md, generated from the settings
 * module: every variable not marked `internal`, its default (the parsed
 * value with nothing set, unless its `.meta()` words it) and its meaning.
 *
 *   npm run docs:settings          rewrite the table in docs/operating.md
 *
 * tests/unit/readme-settings.test.ts fails when docs/operating.md differs from it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSettings, SHAPE } from "../app/lib/env/settings.server";

export const SETTINGS_DOC_PATH = fileURLToPath(new URL("../docs/operating.md", import.meta.url));
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

/** The text between the document's markers, or null when they are missing. */
export function settingsBlock(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) return null;
  return doc.slice(start + START.length, end).trim();
}

export function withSettingsTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`docs/operating.md lacks the markers ${START} and ${END}`);
  return `${doc.slice(0, start + START.length)}\n${settingsTable()}\n${doc.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(SETTINGS_DOC_PATH, withSettingsTable(readFileSync(SETTINGS_DOC_PATH, "utf8")));
  console.log("docs/operating.md: settings table rewritten from app/lib/env/settings.server.ts");
}
