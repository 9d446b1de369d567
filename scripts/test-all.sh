#!/usr/bin/env bash
# `npm test`: everything, in order, stopping at the first failure:
#   1. system dependencies (Chromium, PostgreSQL server binaries)
#   2. npm run format:check (Prettier)
#   3. npm run typecheck
#   4. npm run lint
#   5. npm run build
#   6. Vitest on PGlite (in-memory, cloned per test file)
#   7. Vitest on a real PostgreSQL (a throwaway cluster; see postgres-cluster.sh)
#   8. Playwright e2e against the built app (Chromium, JavaScript on and off)
# and ends with one line: "N passed, N failed" (test counts from the runners).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD

# shellcheck source=scripts/postgres-cluster.sh
source "$ROOT/scripts/postgres-cluster.sh"

REPORT_DIR=$(mktemp -d "${TMPDIR:-/tmp}/gavel-test-reports.XXXXXX")
E2E_DATA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/gavel-e2e.XXXXXX")
export E2E_DATA_DIR
export E2E_JSON_REPORT=$REPORT_DIR/playwright.json

START_ALL=$SECONDS
CURRENT_PHASE=""
TIMINGS=()
PASSED=0
FAILED=0

if [[ -t 1 ]]; then BOLD=$'\e[1m'; RED=$'\e[31m'; GREEN=$'\e[32m'; RESET=$'\e[0m'; else BOLD=""; RED=""; GREEN=""; RESET=""; fi

# Adds the passed/failed counts of a vitest or Playwright JSON report.
count_report() {
  local kind=$1 file=$2 counts
  [[ -s "$file" ]] || return 0
  counts=$(node -e '
    const [kind, file] = process.argv.slice(1);
    try {
      const report = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
      if (kind === "vitest") {
        console.log(`${report.numPassedTests ?? 0} ${report.numFailedTests ?? 0}`);
      } else {
        const s = report.stats ?? {};
        console.log(`${(s.expected ?? 0) + (s.flaky ?? 0)} ${s.unexpected ?? 0}`);
      }
    } catch { console.log("0 0"); }
  ' "$kind" "$file")
  PASSED=$((PASSED + ${counts% *}))
  FAILED=$((FAILED + ${counts#* }))
}

summary() {
  local status=$?
  set +e
  pg_cluster_stop >/dev/null 2>&1
  count_report vitest "$REPORT_DIR/vitest-pglite.json"
  count_report vitest "$REPORT_DIR/vitest-postgres.json"
  count_report playwright "$REPORT_DIR/playwright.json"
  rm -rf "$REPORT_DIR" "$E2E_DATA_DIR"
  echo
  echo "${BOLD}== Summary ==${RESET}"
  local timing
  for timing in "${TIMINGS[@]}"; do echo "  $timing"; done
  echo "  total: $((SECONDS - START_ALL))s"
  if [[ $status -ne 0 ]]; then
    echo "${RED}${BOLD}FAILED${RESET}${RED} during: ${CURRENT_PHASE:-setup} (exit status $status); stopped there.${RESET}"
  else
    echo "${GREEN}${BOLD}All phases passed.${RESET}"
  fi
  echo "$PASSED passed, $FAILED failed"
  exit "$status"
}
trap summary EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# phase "<name>" command...: runs one step, timed, failing fast with its name.
phase() {
  local name=$1 started=$SECONDS status=0
  shift
  CURRENT_PHASE=$name
  echo
  echo "${BOLD}== $name ==${RESET}"
  "$@" || status=$?
  TIMINGS+=("$(printf '%-28s %4ss  %s' "$name" "$((SECONDS - started))" "$([[ $status -eq 0 ]] && echo ok || echo FAILED)")")
  if [[ $status -ne 0 ]]; then
    echo "${RED}${BOLD}✗ $name failed (exit status $status)${RESET}" >&2
    exit "$status"
  fi
}

vitest_run() {
  local label=$1
  npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORT_DIR/vitest-$label.json"
}

vitest_on_pglite() {
  (unset DATABASE_URL PGLITE_DATA_DIR PGLITE_SNAPSHOT; vitest_run pglite)
}

# Phases run in an `||` context, where `set -e` does not apply: check each step.
vitest_on_postgres() {
  pg_cluster_start || return 1
  local status=0
  vitest_run postgres || status=$?
  pg_cluster_stop
  return "$status"
}

e2e() {
  (unset DATABASE_URL; npx playwright test)
}

phase "System dependencies" bash "$ROOT/scripts/ensure-system-deps.sh"
phase "Format (Prettier)" npm run format:check
phase "Typecheck" npm run typecheck
phase "Lint" npm run lint
phase "Build" npm run build
phase "Vitest on PGlite" vitest_on_pglite
phase "Vitest on PostgreSQL" vitest_on_postgres
phase "Playwright e2e (js, no-js)" e2e
CURRENT_PHASE=""
