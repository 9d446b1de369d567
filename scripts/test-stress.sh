#!/usr/bin/env bash
# `npm run test:stress`: `npm test` (scripts/test-all.sh) while another
# process keeps every core busy: one CPU-bound loop per core, started first
# and stopped at the end whatever happens (success, failure, Ctrl-C). A
# test that passes idle and fails here depends on how fast the machine is:
# a flake to fix (docs/decisions/0055-test-projects-and-flakes.md). The
# exit status is the suite's.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

CORES=$(node -p 'require("node:os").availableParallelism()')
LOAD_PIDS=()

stop_load() {
  local pid
  for pid in "${LOAD_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${LOAD_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ ${#LOAD_PIDS[@]} -gt 0 ]]; then echo "test:stress: stopped the ${#LOAD_PIDS[@]} CPU-bound load process(es)"; fi
  LOAD_PIDS=()
}
trap stop_load EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for _ in $(seq 1 "$CORES"); do
  # A busy loop that does nothing else: all the CPU it is given, no memory, no I/O.
  node -e 'for (;;) {}' &
  LOAD_PIDS+=("$!")
done
echo "test:stress: ${#LOAD_PIDS[@]} CPU-bound load process(es) running (one per core, pids ${LOAD_PIDS[*]}); now npm test"

status=0
bash scripts/test-all.sh || status=$?
exit "$status"
