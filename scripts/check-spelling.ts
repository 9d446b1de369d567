/**
 * American spelling, checked (docs/decisions/0057-rules-as-checks.md): fails
 * when a British spelling is found in the code, the tests, the scripts, the
 * docs or the demo data, file names included. Words are found inside
 * identifiers too (`isAnalysableLength`, `labelled_meeting`). Run by
 * `npm run lint`; `--fix` rewrites every hit in place, keeping its case.
 *
 * Allowed on purpose: `aria-labelledby` (an HTML attribute), pg-boss's job
 * state "cancelled" (its name, not ours), and any line that says
 * `spelling-ok` (a quotation, for instance).
 *
 *   tsx scripts/check-spelling.ts [--fix] [files...]
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

/** The folders and root files checked. */
const SCOPE = ["app", "tests", "scripts", "docs", "demo", "bench", "README.md", "server.ts", "package.json"];
/** Not ours or not text. */
const SKIP =
  /(^|\/)(package-lock\.json|drizzle\/|node_modules\/|scripts\/check-spelling\.ts$)|\.(png|jpe?g|webp|gif|avif|ico|woff2?|mp4|gz|zip|pdf)$/i;

const words = new Map<string, string>();
const add = (british: string, american: string) => words.set(british, american);
const forms = (british: string, american: string, suffixes: string[]) => {
  for (const suffix of suffixes) add(british + suffix, american + suffix);
};

// -our
for (const stem of ["colo", "behavio", "favo", "hono", "neighbo", "labo", "humo", "flavo", "endeavo", "harbo", "rumo"])
  forms(`${stem}ur`, `${stem}r`, ["", "s", "ed", "ing", "ful", "less", "al", "able", "ite", "ites", "hood", "ally"]);
// -re
for (const stem of ["cent", "met", "lit", "theat", "fib", "calib", "somb", "spect", "meag", "lust"]) {
  add(`${stem}re`, `${stem}er`);
  add(`${stem}res`, `${stem}ers`);
  add(`${stem}red`, `${stem}ered`);
}
// -ce
for (const [british, american] of <Array<[string, string]>>[
  ["licence", "license"],
  ["defence", "defense"],
  ["offence", "offense"],
  ["pretence", "pretense"],
])
  forms(british, american, ["", "s"]);
// -ise, -isation
for (const stem of [
  "organ",
  "recogn",
  "real",
  "summar",
  "priorit",
  "categor",
  "normal",
  "serial",
  "deserial",
  "initial",
  "custom",
  "minim",
  "maxim",
  "optim",
  "util",
  "author",
  "apolog",
  "final",
  "standard",
  "special",
  "visual",
  "memor",
  "synchron",
  "sanit",
  "capital",
  "local",
  "personal",
  "character",
  "critic",
  "legal",
  "central",
  "stabil",
  "token",
  "neutral",
  "random",
  "general",
  "digit",
  "emphas",
  "harmon",
  "familiar",
  "modern",
  "global",
  "sympath",
  "monet",
  "item",
  "internal",
  "penal",
  "vandal",
  "subsid",
  "amort",
])
  forms(`${stem}is`, `${stem}iz`, ["e", "ed", "es", "ing", "er", "ers", "ation", "ations", "able"]);
// -yse
for (const stem of ["anal", "paral", "catal"])
  forms(`${stem}ys`, `${stem}yz`, ["e", "ed", "es", "ing", "er", "ers", "able"]);
words.delete("analyses"); // also the plural of analysis, the same in both
// doubled l
for (const stem of [
  "cancel",
  "travel",
  "model",
  "label",
  "level",
  "signal",
  "fuel",
  "total",
  "channel",
  "tunnel",
  "marshal",
])
  forms(`${stem}l`, stem, ["ed", "ing", "er", "ers"]);
for (const [british, american] of <Array<[string, string]>>[
  ["counsellor", "counselor"],
  ["marvellous", "marvelous"],
  ["jewellery", "jewelry"],
  ["grey", "gray"],
  ["greys", "grays"],
  ["greyed", "grayed"],
  ["catalogue", "catalog"],
  ["catalogues", "catalogs"],
  ["programme", "program"],
  ["programmes", "programs"],
  ["whilst", "while"],
  ["amongst", "among"],
  ["learnt", "learned"],
  ["spelt", "spelled"],
  ["judgement", "judgment"],
  ["judgements", "judgments"],
  ["acknowledgement", "acknowledgment"],
  ["ageing", "aging"],
  ["artefact", "artifact"],
  ["artefacts", "artifacts"],
  ["enrolment", "enrollment"],
  ["fulfilment", "fulfillment"],
  ["instalment", "installment"],
  ["sceptical", "skeptical"],
  ["manoeuvre", "maneuver"],
  ["cheque", "check"],
  ["tyre", "tire"],
  ["aluminium", "aluminum"],
  ["aeroplane", "airplane"],
  ["storey", "story"],
  ["plough", "plow"],
  ["mould", "mold"],
])
  add(british, american);

/** Hits that are not ours to spell: checked against the line. */
const ALLOWED: RegExp[] = [
  /["'`]cancelled["'`]/, // pg-boss's job state
  /\bcancelled:/, // a key of pg-boss's states (app/components/pipeline/job-table.tsx)
  /spelling-ok/,
];

type Hit = { file: string; line: number; word: string; american: string };

/** The parts of a word or identifier: `isAnalysableLength` → is, Analysable, Length. */
const PARTS = /[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[A-Z]+/g;

function americanOf(part: string): string | null {
  const american = words.get(part.toLowerCase());
  if (!american) return null;
  if (part === part.toUpperCase()) return american.toUpperCase();
  if (part[0] === part[0]!.toUpperCase()) return american[0]!.toUpperCase() + american.slice(1);
  return american;
}

/** The line with every British part made American, and what was found. */
function checkLine(text: string): { fixed: string; found: Array<[string, string]> } {
  const found: Array<[string, string]> = [];
  if (ALLOWED.some((pattern) => pattern.test(text))) {
    // Still check what the allowance does not cover: the line without its allowed spans.
    const rest = ALLOWED.reduce((line, pattern) => line.replace(new RegExp(pattern, "g"), " "), text);
    if (!/spelling-ok/.test(text)) return { fixed: text, found: checkLine(rest).found };
    return { fixed: text, found };
  }
  const fixed = text.replace(/[A-Za-z]+/g, (token) =>
    token.replace(PARTS, (part) => {
      const american = americanOf(part);
      if (!american) return part;
      found.push([part, american]);
      return american;
    }),
  );
  return { fixed, found };
}

function filesInScope(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...SCOPE], {
    encoding: "utf8",
  });
  return listed.split("\n").filter((file) => file && !SKIP.test(file));
}

function main() {
  const args = process.argv.slice(2);
  const fix = args.includes("--fix");
  const named = args.filter((arg) => !arg.startsWith("--"));
  const files = named.length ? named : filesInScope();
  const hits: Hit[] = [];
  for (const file of files) {
    for (const [word, american] of checkLine(file).found) hits.push({ file, line: 0, word, american });
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue; // deleted in the work tree
    }
    if (text.includes("\u0000")) continue;
    const lines = text.split("\n");
    let changed = false;
    lines.forEach((line, index) => {
      const { fixed, found } = checkLine(line);
      for (const [word, american] of found) hits.push({ file, line: index + 1, word, american });
      if (fix && fixed !== line) {
        lines[index] = fixed;
        changed = true;
      }
    });
    if (changed) writeFileSync(file, lines.join("\n"));
  }
  if (hits.length === 0) {
    console.log(`Spelling: ${files.length} files, American throughout.`);
    return;
  }
  for (const hit of hits)
    console.error(`${hit.file}${hit.line ? `:${hit.line}` : " (file name)"}: "${hit.word}" → "${hit.american}"`);
  if (fix) {
    console.log(`Spelling: ${hits.length} British spellings made American (file names are renamed by hand).`);
    return;
  }
  console.error(
    `\nSpelling: ${hits.length} British spellings. Gavel writes American English (docs/decisions/0057-rules-as-checks.md): ` +
      "`tsx scripts/check-spelling.ts --fix` rewrites them; a quotation may say `spelling-ok` on its line.",
  );
  process.exitCode = 1;
}

main();
