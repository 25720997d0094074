#!/usr/bin/env bash
# Ascend folder import benchmark (issue #22, memory): opscope-gen writes a torch_npu folder
# (trace_view.json, kernel_details.csv with a row per device task, step_trace_time.csv,
# profiler_info) of a fixed seed, `opscope-cli import` reads it under /usr/bin/time -v, and one
# Markdown row per size gives the device tasks, the files' sizes, wall and CPU time and peak RSS.
# Each folder and its store are deleted after their run (the largest take tens of GB).
#
#   bench/ascend_import_bench.sh                      # SIZES (default "100k 1M": about that many kernel rows)
#   SIZES="1M" SPILL_MB=0 bench/ascend_import_bench.sh  # force every spill (OPSCOPE_SPILL_BUDGET_MB)
# Environment: BUILD_DIR (default build-bench), OUT (default bench/out), SPILL_MB (unset: the defaults),
# KEEP=1 keeps the generated folders (reused on the next run).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-build-bench}"
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR="$ROOT/$BUILD_DIR" ;; esac
OUT="${OUT:-$ROOT/bench/out}"
SIZES="${SIZES:-100k 1M}"
SEED=1

fail() { echo "ascend_import_bench: $*" >&2; exit 1; }

# Events of trace_view.json per size: the generated run has a kernel_details row for about one
# event in 11.6 (host operators, launches, flows and counters are the rest).
gen_events() {
    case "$1" in
    100k) echo 1160000 ;; 500k) echo 5800000 ;; 1M) echo 11600000 ;; 2M) echo 23200000 ;; 5M) echo 58000000 ;;
    *) fail "unknown size '$1' (use 100k, 500k, 1M, 2M or 5M)" ;;
    esac
}

GEN="$BUILD_DIR/bench/opscope-gen"
CLI="$BUILD_DIR/app/opscope-cli"
if [ ! -x "$GEN" ] || [ ! -x "$CLI" ]; then
    [ -f "$BUILD_DIR/build.ninja" ] || cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$BUILD_DIR" --target opscope-gen opscope-cli >/dev/null || fail "the build failed"
fi
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing: install the 'time' package"
mkdir -p "$OUT"

# "wall_s cpu_s rss_mb" from a /usr/bin/time -v report.
parse_time() {
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
        /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
        END { printf "%.2f %.2f %.0f\n", w, u + s, r / 1024 }' "$1"
}

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
    "$(free -h | awk '/^Mem:/ { print $2 }') RAM; load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%F %H:%M UTC')" \
    "${SPILL_MB:+; OPSCOPE_SPILL_BUDGET_MB=$SPILL_MB}"
echo
echo "| size | trace events | device task rows | trace_view MB | kernel_details MB | import wall s | import CPU s | peak RSS MB | RSS < 500 MB |"
echo "|---|---|---|---|---|---|---|---|---|"
for size in $SIZES; do
    dir="$OUT/ascend_$size"
    folder="$dir/bench_ascend_pt"
    if [ ! -s "$folder/ASCEND_PROFILER_OUTPUT/kernel_details.csv" ]; then
        rm -rf "$dir"
        "$GEN" --format ascend --events "$(gen_events "$size")" --seed "$SEED" --name bench -o "$dir" 2>"$dir.gen.log" \
            || fail "opscope-gen failed (see $dir.gen.log)"
    fi
    events="$(sed -n 's/^opscope-gen: \([0-9]*\) events.*/\1/p' "$dir.gen.log")"
    rows=$(($(wc -l <"$folder/ASCEND_PROFILER_OUTPUT/kernel_details.csv") - 1))
    mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }
    store="$dir.opscope.sqlite"
    rm -f "$store"
    if [ -n "${SPILL_MB:-}" ]; then export OPSCOPE_SPILL_BUDGET_MB="$SPILL_MB"; fi
    /usr/bin/time -v -o "$dir.time.txt" "$CLI" import "$folder" -o "$store" --force >"$dir.import.log" 2>&1 \
        || fail "opscope-cli import failed (see $dir.import.log)"
    unset OPSCOPE_SPILL_BUDGET_MB
    read -r wall cpu rss < <(parse_time "$dir.time.txt")
    echo "| $size | $events | $rows | $(mb "$folder/ASCEND_PROFILER_OUTPUT/trace_view.json") |" \
        "$(mb "$folder/ASCEND_PROFILER_OUTPUT/kernel_details.csv") | $wall | $cpu | $rss |" \
        "$(awk -v r="$rss" 'BEGIN { print (r < 500 ? "yes" : "**no**") }') |"
    rm -f "$store"
    [ "${KEEP:-0}" = 1 ] || rm -rf "$dir"
done
