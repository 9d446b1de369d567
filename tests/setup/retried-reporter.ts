import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase } from "vitest/node";

/**
 * A Vitest reporter for scripts/test-all.sh: writes the tests that failed
 * and then passed on a retry, one a line ("project › file › test"), to the
 * file named by VITEST_RETRIED_FILE (nothing when it is unset). The script
 * fails the run when the file is not empty and names them: a test that
 * needs a second try is a flake to fix, not a pass
 * (docs/decisions/0055-test-projects-and-flakes.md).
 */
export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0 || testCase.result().state !== "passed") return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    this.retried.push(
      `${testCase.project.name} › ${file} › ${testCase.fullName} (passed after ${diagnostic.retryCount} retries)`,
    );
  }

  onTestRunEnd(): void {
    const out = process.env.VITEST_RETRIED_FILE;
    if (out) fs.writeFileSync(out, this.retried.map((line) => `${line}\n`).join(""));
  }
}
