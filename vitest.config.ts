import fs from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Unit and integration tests, in three projects so that each thing runs
 * once where its subject does not vary (docs/decisions/0055-test-projects-and-flakes.md):
 *
 * - `unit`: tests/unit, no database at all (a test that opens one meets an
 *   empty, unmigrated in-memory database and fails loudly);
 * - `once`: integration tests whose subject does not depend on the database
 *   engine (settings at start-up, the embedded directory's lock, damage
 *   checks, hand-off and disk checks, the first-load budgets read from the
 *   build): run once, on no test database;
 * - `db`: every test that talks to the database, run on the engine the
 *   environment chooses, like the app itself:
 *   - no DATABASE_URL: each test file gets its own in-memory PGlite, cloned
 *     from a snapshot migrated once in tests/setup/global-setup.ts;
 *   - DATABASE_URL set (scripts/test-all.sh starts a throwaway server): each
 *     test file gets its own database, created from a migrated template.
 *
 * - `db-isolated`: database tests that need a process of their own.
 *
 * `npx vitest run` runs them all; scripts/test-all.sh runs `unit` and
 * `once` in one phase and `db` with `db-isolated` once per engine.
 *
 * No reactRouter() plugin here: tests import route modules and server code
 * directly.
 */

/** Integration tests whose subject does not depend on the database engine. */
const ENGINE_INDEPENDENT = [
  "tests/integration/db-damage.test.ts",
  "tests/integration/db-lock.test.ts",
  "tests/integration/hand-off.test.ts",
  "tests/integration/page-budget.test.ts",
  "tests/integration/healthz-disk.test.ts",
  "tests/integration/settings-startup.test.ts",
];

/**
 * Database tests that keep a process of their own: they start the server or
 * a worker as a child on an embedded directory, or hold one themselves.
 */
const DB_ISOLATED = [
  "tests/integration/db-health.test.ts",
  "tests/integration/jobs-crash-resume.test.ts",
  "tests/integration/listen-first.test.ts",
  "tests/integration/stuck-requests.test.ts",
];

/**
 * The order in which Vitest hands test files to its two workers
 * (docs/decisions/0078-suite-time-file-order.md). Only the order: every
 * file still runs, in its own project, with its own isolation.
 *
 * - Files that run in a process of their own (the `once` and `db-isolated`
 *   projects: commands, servers and workers started as children) first, then
 *   the files of shared workers. Vitest's own order runs the projects by
 *   name, so `db-isolated` came after all of `db` and its long files ran at
 *   the end with one worker idle.
 * - Within each part, the longest first: the last run's time from Vitest's
 *   cache where it has one, else the committed times of
 *   tests/setup/file-seconds.json (a fresh clone has no cache and would run
 *   the files in name order, a long one possibly last), else after those in
 *   Vitest's order. A file missing from the list or a stale time only moves
 *   a file in the queue.
 *
 * Refresh the list from a run's JSON report:
 *   node --import tsx scripts/test-reports.ts seconds vitest <report.json>... > tests/setup/file-seconds.json
 * (the times are only compared with each other: a busy machine's do).
 */

function readHints(root: string): Record<string, number> {
  try {
    const file = path.join(root, "tests/setup/file-seconds.json");
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const hints = readHints(root);
    const seconds = (spec: TestSpecification): number | undefined => {
      const relativePath = path.relative(root, spec.moduleId).split(path.sep).join("/");
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${relativePath}`);
      if (cached) return cached.failed ? Number.POSITIVE_INFINITY : cached.duration / 1000; // failed first, as Vitest does
      return hints[relativePath];
    };
    const longestFirst = (part: TestSpecification[]) => {
      const known = part.filter((spec) => seconds(spec) !== undefined);
      const unknown = part.filter((spec) => seconds(spec) === undefined);
      // A stable sort: equal times keep Vitest's order.
      const byTime = (a: TestSpecification, b: TestSpecification) => {
        const [timeA, timeB] = [seconds(a)!, seconds(b)!];
        return timeA === timeB ? 0 : timeA > timeB ? -1 : 1;
      };
      return [...known.sort(byTime), ...unknown];
    };
    const own = sorted.filter((spec) => spec.project.config.isolate);
    const shared = sorted.filter((spec) => !spec.project.config.isolate);
    return [...longestFirst(own), ...longestFirst(shared)];
  }
}

function project(
  name: "unit" | "once" | "db" | "db-isolated",
  test: { include: string[]; exclude?: string[]; isolate?: boolean; pool?: "threads" | "forks" },
) {
  return {
    extends: true,
    test: { name, ...test, exclude: [...(test.exclude ?? []), "**/node_modules/**"] },
  } satisfies TestProjectInlineConfiguration;
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Chooses by project name: the `db` project gets a migrated database, the others none.
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    // Every test file that may touch a database runs in a fresh process: no
    // module or globalThis state (the db connection singleton) leaks from one
    // file to the next. The `unit` project shares its imports (below).
    pool: "forks",
    isolate: true,
    maxWorkers: 2,
    // Files in their own process first, then the longest first, from the
    // last run or tests/setup/file-seconds.json on a fresh clone: the two
    // workers finish together (docs/decisions/0078-suite-time-file-order.md).
    sequence: { sequencer: LongestFirstSequencer },
    // A test that fails fails: no retries (scripts/test-all.sh also fails a
    // run where any test passed only on a retry and names it).
    retry: 0,
    // Ceilings for a case that hangs, not measures of speed: the heaviest
    // cases (a dozen scrypt sign-ins) took over 20 s at a load of 13.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    projects: [
      // Pure code without a database: one set of imports shared by the files
      // of a thread (a third of the time of a process per file); a test that
      // changes module state must undo it (shuffled orders pass).
      project("unit", { include: ["tests/unit/**/*.test.ts"], isolate: false, pool: "threads" }),
      project("once", { include: ENGINE_INDEPENDENT }),
      // Database tests share a worker's imports (the app graph costs ~1.5 s
      // of CPU per import); tests/setup/per-file.ts gives each file the
      // worker's starting environment and resets module state. Shuffled
      // orders pass on both engines (docs/developing.md).
      project("db", {
        include: ["tests/integration/**/*.test.ts"],
        exclude: [...ENGINE_INDEPENDENT, ...DB_ISOLATED],
        isolate: false,
      }),
      project("db-isolated", { include: DB_ISOLATED }),
    ],
  },
});
