#!/usr/bin/env bash
# Continuous monitoring: checks every trace in FOLDER that the run history does not hold yet against the
# recent runs, adds it, and exits 1 when any of them regressed (a CI job or a cron entry runs this after
# each profiling run). Traces are taken oldest first; a trace already in the history is passed over.
#
# Usage: scripts/history_watch.sh FOLDER --db HISTORY.sqlite [--thresholds FILE] [--commit C]
#   OPSCOPE_CLI  the opscope-cli binary (default: build/app/opscope-cli of this checkout, else on PATH)
# Exit codes: 0 no regression, 1 a regression in at least one new trace, 2 bad arguments or input.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="${OPSCOPE_CLI:-$ROOT/build/app/opscope-cli}"
[ -x "$CLI" ] || CLI="$(command -v opscope-cli || true)"
[ -n "$CLI" ] && [ -x "$CLI" ] || { echo "history_watch: opscope-cli not found (build it, or set OPSCOPE_CLI)" >&2; exit 2; }

folder="${1:-}"
shift || true
[ -d "$folder" ] || { echo "usage: history_watch.sh FOLDER --db HISTORY.sqlite [--thresholds FILE] [--commit C]" >&2; exit 2; }
extra=("$@")
printf '%s\n' "${extra[@]}" | grep -qx -- '--db' || { echo "history_watch: --db HISTORY.sqlite is required" >&2; exit 2; }

status=0
# Trace files and Ascend folders, oldest first; opscope's own stores beside the traces are not runs.
while IFS= read -r trace; do
  "$CLI" history check "$trace" --add --skip-known "${extra[@]}"
  rc=$?
  case $rc in
    0) ;;
    1) status=1 ;;
    *) echo "history_watch: $trace could not be checked (exit $rc)" >&2; [ $status -eq 0 ] && status=2 ;;
  esac
done < <(find "$folder" -mindepth 1 -maxdepth 1 \( -name '*.json' -o -name '*.json.gz' -o -name '*_ascend_pt' -o -name 'PROF_*' \) \
           -not -name '*.opscope.sqlite' -printf '%T@ %p\n' | sort -n | cut -d' ' -f2-)
exit $status
