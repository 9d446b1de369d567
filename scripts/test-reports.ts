// Reads the JSON reports of scripts/test-all.sh's runners.
//
//   node --import tsx scripts/test-reports.ts counts vitest|playwright <report.json>
//       prints "<passed> <failed> <retried>"
//   node --import tsx scripts/test-reports.ts retried playwright <report.json>
//       prints the tests that failed and passed on a retry ("flaky"), one a line
//
// A missing or unreadable report counts nothing. Vitest's retried tests come
// from tests/setup/retried-reporter.ts, not from its JSON report (which does
// not say); Playwright calls them "flaky" and counts them apart from "expected".
import fs from "node:fs";

const [command, kind, file] = process.argv.slice(2);

type PlaywrightTest = { projectName: string; status: string; results: unknown[] };
type PlaywrightSuite = {
  title?: string;
  specs?: { title: string; tests?: PlaywrightTest[] }[];
  suites?: PlaywrightSuite[];
};
type Report = {
  numPassedTests?: number;
  numFailedTests?: number;
  stats?: { expected?: number; unexpected?: number; flaky?: number };
  suites?: PlaywrightSuite[];
};

function read(): Report | undefined {
  try {
    return JSON.parse(fs.readFileSync(file!, "utf8")) as Report;
  } catch {
    return undefined;
  }
}

/** Playwright: every test of the report, with its title path. */
function* playwrightTests(
  suite: PlaywrightSuite,
  titles: string[] = [],
): Generator<{ title: string; test: PlaywrightTest }> {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { title: [...path, spec.title].join(" › "), test };
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, path);
}

const report = read();
if (command === "counts") {
  if (!report) console.log("0 0 0");
  else if (kind === "vitest") console.log(`${report.numPassedTests ?? 0} ${report.numFailedTests ?? 0} 0`);
  else {
    const stats = report.stats ?? {};
    console.log(`${stats.expected ?? 0} ${stats.unexpected ?? 0} ${stats.flaky ?? 0}`);
  }
} else if (command === "retried" && kind === "playwright") {
  for (const suite of report?.suites ?? []) {
    for (const { title, test } of playwrightTests(suite)) {
      if (test.status === "flaky")
        console.log(`${test.projectName} › ${title} (passed after ${test.results.length - 1} retries)`);
    }
  }
} else {
  console.error(
    "usage: node --import tsx scripts/test-reports.ts counts vitest|playwright <file> | retried playwright <file>",
  );
  process.exit(2);
}
