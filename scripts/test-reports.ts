// Reads the JSON reports of scripts/test-all.sh's runners.
//
//   node --import tsx scripts/test-reports.ts counts vitest|playwright <report.json>
//       prints "<passed> <failed> <retried>"
//   node --import tsx scripts/test-reports.ts retried playwright <report.json>
//       prints the tests that failed and passed on a retry ("flaky"), one a line
//   node --import tsx scripts/test-reports.ts seconds vitest <report.json>...
//       prints the seconds of each test file that took 1 s or more, as JSON,
//       longest first (of several reports, the longest): the hints of
//       tests/setup/file-seconds.json, read by vitest.config.ts
//
// A missing or unreadable report counts nothing. Vitest's retried tests come
// from tests/setup/retried-reporter.ts, not from its JSON report (which does
// not say); Playwright calls them "flaky" and counts them apart from "expected".
import fs from "node:fs";
import path from "node:path";

const [command, kind, file] = process.argv.slice(2);

type PlaywrightTest = { projectName: string; status: string; results: unknown[] };
type PlaywrightSuite = {
  title?: string;
  specs?: { title: string; tests?: PlaywrightTest[] }[];
  suites?: PlaywrightSuite[];
};
type Report = {
  testResults?: { name: string; startTime: number; endTime: number }[];
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
} else if (command === "seconds" && kind === "vitest") {
  const seconds = new Map<string, number>();
  for (const reportFile of process.argv.slice(4)) {
    const { testResults = [] } = JSON.parse(fs.readFileSync(reportFile, "utf8")) as Report;
    for (const result of testResults) {
      const name = path.relative(process.cwd(), result.name).split(path.sep).join("/");
      const time = Math.round((result.endTime - result.startTime) / 100) / 10;
      seconds.set(name, Math.max(time, seconds.get(name) ?? 0));
    }
  }
  const sorted = [...seconds].filter(([, time]) => time >= 1).sort(([, a], [, b]) => b - a);
  console.log(JSON.stringify(Object.fromEntries(sorted), null, 2));
} else {
  console.error(
    "usage: node --import tsx scripts/test-reports.ts counts vitest|playwright <file> | retried playwright <file> | seconds vitest <file>...",
  );
  process.exit(2);
}
