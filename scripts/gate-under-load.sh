#!/usr/bin/env bash
# `npm run gate:stress [runs]`: the flakiness check for the gate. Runs `npm test` several times
# (default 5) while a burner process keeps one core fully busy, as a shared CI machine might, and
# prints each run's result and duration. Logs go to .local/gate/. Any failure means a test depends
# on machine speed or on other tests: fix its design, do not retry it.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
mkdir -p .local/gate
yes >/dev/null &
burner=$!
trap 'kill "$burner" 2>/dev/null' EXIT
passed=0
for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  if npm test >".local/gate/run-$run.log" 2>&1; then
    result=pass
    passed=$((passed + 1))
  else
    result=FAIL
  fi
  echo "run $run/$runs: $result in $(($(date +%s) - started)) s (log: .local/gate/run-$run.log)"
done
echo "$passed of $runs runs passed with one core kept busy"
[ "$passed" -eq "$runs" ]
