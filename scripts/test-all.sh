#!/usr/bin/env bash
# `npm test`: everything, in order, stopping at the first failure:
#   1. system dependencies (Chromium, PostgreSQL server binaries)
#   2. npm run format:check (Prettier), typecheck, lint and build, side by side
#   3. Vitest, the tests that run once: the `unit` project (no database) and
#      the `once` project (engine-independent; see vitest.config.ts)
#   4. Vitest's `db` project on PGlite (in-memory, cloned per test file)
#   5. Vitest's `db` project on a real PostgreSQL (a throwaway cluster; see
#      postgres-cluster.sh)
#   6. Playwright e2e against the built app (Chromium, JavaScript on and off)
# and ends with a line per phase (time, and the test counts of the test
# phases) and one line: "N passed, N failed, N retried".
#
# A test that failed and then passed on a retry fails its phase, and the
# run, and is named in the summary: a flake is a bug, not a pass
# (docs/decisions/0055-test-projects-and-flakes.md).
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

RETRIED=0
RETRIED_NAMES=()

# Adds the passed/failed/retried counts of a vitest or Playwright JSON report;
# sets PHASE_COUNTS to this report's "N passed, N failed" for the phase line.
count_report() {
  local kind=$1 file=$2 counts passed failed retried
  PHASE_COUNTS=""
  [[ -s "$file" ]] || return 0
  counts=$(node --import tsx "$ROOT/scripts/test-reports.ts" counts "$kind" "$file")
  read -r passed failed retried <<<"$counts"
  PASSED=$((PASSED + passed))
  FAILED=$((FAILED + failed))
  PHASE_COUNTS="$passed passed, $failed failed"
  # Playwright's "flaky" (passed on a retry) counts here; Vitest's come from
  # check_retried below, which reads tests/setup/retried-reporter.ts's list.
  if [[ $retried -gt 0 ]]; then PHASE_COUNTS+=", $retried retried"; fi
}

# Names the tests of a phase that passed only on a retry, and fails the phase
# when there is one. $1: a file with one test a line.
check_retried() {
  local file=$1 line count=0
  [[ -s "$file" ]] || return 0
  while IFS= read -r line; do
    [[ -n "$line" ]] || continue
    RETRIED_NAMES+=("$line")
    count=$((count + 1))
  done <"$file"
  RETRIED=$((RETRIED + count))
  echo "${RED}${BOLD}✗ $count test(s) failed and then passed on a retry: a flake, which fails the run:${RESET}" >&2
  sed 's/^/    /' "$file" >&2
  return 1
}

summary() {
  local status=$?
  set +e
  pg_cluster_stop >/dev/null 2>&1
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
  if [[ $RETRIED -gt 0 ]]; then
    echo "${RED}Passed only on a retry (each a flake to fix):${RESET}"
    local name
    for name in "${RETRIED_NAMES[@]}"; do echo "${RED}  $name${RESET}"; done
  fi
  echo "$PASSED passed, $FAILED failed, $RETRIED retried"
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
  PHASE_COUNTS=""
  "$@" || status=$?
  TIMINGS+=("$(printf '%-36s %4ss  %-6s %s' "$name" "$((SECONDS - started))" "$([[ $status -eq 0 ]] && echo ok || echo FAILED)" "$PHASE_COUNTS")")
  if [[ $status -ne 0 ]]; then
    echo "${RED}${BOLD}✗ $name failed (exit status $status)${RESET}" >&2
    exit "$status"
  fi
}

# vitest_run <label> <vitest args...>: one Vitest run, its counts and its retried tests.
# Runs in the current shell (not a subshell), so that the counts reach the summary.
vitest_run() {
  local label=$1 status=0
  shift
  VITEST_RETRIED_FILE="$REPORT_DIR/vitest-$label.retried" npx vitest run "$@" \
    --reporter=default --reporter=json --outputFile.json="$REPORT_DIR/vitest-$label.json" \
    --reporter=./tests/setup/retried-reporter.ts || status=$?
  count_report vitest "$REPORT_DIR/vitest-$label.json"
  check_retried "$REPORT_DIR/vitest-$label.retried" || status=1
  return "$status"
}

# Every engine-free run leaves DATABASE_URL and the PGlite settings out.
without_database_env() {
  local saved_url=${DATABASE_URL-} had_url=${DATABASE_URL+x} status=0
  unset DATABASE_URL PGLITE_DATA_DIR PGLITE_SNAPSHOT
  "$@" || status=$?
  if [[ -n "$had_url" ]]; then export DATABASE_URL=$saved_url; fi
  return "$status"
}

vitest_once() {
  without_database_env vitest_run once --project unit --project once
}

vitest_on_pglite() {
  without_database_env vitest_run pglite --project db --project db-isolated
}

# Phases run in an `||` context, where `set -e` does not apply: check each step.
vitest_on_postgres() {
  pg_cluster_start || return 1
  local status=0
  vitest_run postgres --project db --project db-isolated || status=$?
  pg_cluster_stop
  return "$status"
}

e2e() {
  local status=0 saved_url=${DATABASE_URL-} had_url=${DATABASE_URL+x}
  unset DATABASE_URL
  npx playwright test || status=$?
  if [[ -n "$had_url" ]]; then export DATABASE_URL=$saved_url; fi
  count_report playwright "$E2E_JSON_REPORT"
  node --import tsx "$ROOT/scripts/test-reports.ts" retried playwright "$E2E_JSON_REPORT" >"$REPORT_DIR/playwright.retried"
  check_retried "$REPORT_DIR/playwright.retried" || status=1
  return "$status"
}

# The four checks that need no test database run side by side (each is
# single-threaded for most of its time); their outputs are printed in order,
# and every one that failed is named.
static_checks() {
  local names=("format:check" "typecheck" "lint" "build") pids=() name i status=0 failed=()
  for name in "${names[@]}"; do
    npm run "$name" >"$REPORT_DIR/static-$name.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!names[@]}"; do
    if ! wait "${pids[$i]}"; then failed+=("${names[$i]}"); fi
  done
  for name in "${names[@]}"; do
    echo "${BOLD}-- npm run $name --${RESET}"
    cat "$REPORT_DIR/static-$name.log"
  done
  if [[ ${#failed[@]} -gt 0 ]]; then
    echo "${RED}${BOLD}✗ failed: ${failed[*]}${RESET}" >&2
    status=1
  fi
  return "$status"
}

phase "System dependencies" bash "$ROOT/scripts/ensure-system-deps.sh"
phase "Format, typecheck, lint, build" static_checks
phase "Vitest, once (unit, engine-free)" vitest_once
phase "Vitest on PGlite" vitest_on_pglite
phase "Vitest on PostgreSQL" vitest_on_postgres
phase "Playwright e2e (js, no-js)" e2e
CURRENT_PHASE=""
