#!/usr/bin/env bash
# Import benchmark: builds opscope-gen and opscope-cli (Release), generates fixed-seed traces of
# 100k, 1M and 5M events into bench/out/ (reused when present), times `opscope-cli import` on
# each under /usr/bin/time -v, and times python3's json.load on the 100k and 1M files for
# reference. Prints a Markdown table for docs/BENCHMARKS.md.
#
#   bench/import_bench.sh                  # everything
#   bench/import_bench.sh --reference-only # only generate + python3 json.load
# Environment: BUILD_DIR (default build-bench), SIZES (default "100k 1M 5M"), JOBS (default nproc).
# Delete bench/out/ to regenerate the traces after a generator change.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-build-bench}"
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR="$ROOT/$BUILD_DIR" ;; esac
OUT="$ROOT/bench/out"
SIZES="${SIZES:-100k 1M 5M}"
REFERENCE_SIZES="100k 1M"
JOBS="${JOBS:-$(nproc)}"
SEED=1
REFERENCE_ONLY=0
[ "${1:-}" = "--reference-only" ] && REFERENCE_ONLY=1

fail() { echo "import_bench: $*" >&2; exit 1; }

event_count() {
    case "$1" in
    100k) echo 100000 ;; 1M) echo 1000000 ;; 5M) echo 5000000 ;;
    *) fail "unknown size '$1' (use 100k, 1M or 5M)" ;;
    esac
}

ensure_time() {
    [ -x /usr/bin/time ] && return
    if [ "$(id -u)" = 0 ]; then
        (apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; }) \
            || fail "could not install the 'time' package"
    else
        fail "/usr/bin/time is missing: install the 'time' package"
    fi
}

build() {
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    fi
    cmake --build "$BUILD_DIR" -j"$JOBS" --target opscope-gen >/dev/null || fail "opscope-gen did not build"
    GEN="$BUILD_DIR/bench/opscope-gen"
    [ "$REFERENCE_ONLY" = 1 ] && return
    cmake --build "$BUILD_DIR" -j"$JOBS" --target opscope-cli >/dev/null \
        || fail "opscope-cli did not build (see: cmake --build $BUILD_DIR --target opscope-cli)"
    CLI="$BUILD_DIR/app/opscope-cli"
    [ -x "$CLI" ] || fail "$CLI is missing"
    "$CLI" import --help >/dev/null 2>&1 || fail "$CLI has no working 'import' subcommand yet"
}

# Generates bench/out/trace_<size>.json once; its event count goes to trace_<size>.json.events.
generate() {
    local size="$1" file="$OUT/trace_$1.json"
    if [ -s "$file" ] && [ -s "$file.events" ]; then return; fi
    local log
    log="$("$GEN" --events "$(event_count "$size")" --seed "$SEED" -o "$file.tmp" 2>&1)" || fail "opscope-gen failed: $log"
    echo "$log" >&2
    mv "$file.tmp" "$file"
    echo "$log" | sed -n 's/^opscope-gen: \([0-9]*\) events.*/\1/p' >"$file.events"
}

file_mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# Prints "wall_s rss_mb" from a /usr/bin/time -v report.
parse_time() {
    local elapsed rss
    elapsed="$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1")"
    rss="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$1")"
    awk -v e="$elapsed" -v r="$rss" 'BEGIN { n = split(e, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i];
        printf "%.2f %.0f\n", s, r / 1024 }'
}

row() { # tool events mb wall rss
    awk -v t="$1" -v n="$2" -v mb="$3" -v w="$4" -v r="$5" 'BEGIN {
        printf "| %s | %d | %.1f | %.2f | %.0f | %.1f | %.0f |\n", t, n, mb, w, n / w, mb / w, r }'
}

bench_import() {
    local size="$1" file="$OUT/trace_$1.json" store="$OUT/trace_$1.opscope.sqlite"
    rm -f "$store" "$store"-*
    /usr/bin/time -v -o "$OUT/time_$size.txt" "$CLI" import "$file" -o "$store" >"$OUT/import_$size.log" 2>&1 \
        || fail "opscope-cli import $file failed (see $OUT/import_$size.log)"
    read -r wall rss < <(parse_time "$OUT/time_$size.txt")
    row "opscope-cli import" "$(cat "$file.events")" "$(file_mb "$file")" "$wall" "$rss"
}

bench_reference() {
    local file="$OUT/trace_$1.json" result
    result="$(python3 "$ROOT/bench/json_load_reference.py" "$file")" || fail "json_load_reference.py failed"
    read -r events mb wall _ _ rss <<<"$result"
    row "python3 json.load" "$events" "$mb" "$wall" "$rss"
}

main() {
    ensure_time
    build
    mkdir -p "$OUT"
    for size in $SIZES; do generate "$size"; done
    echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
        "$(free -h | awk '/^Mem:/ { print $2 }') RAM"
    echo
    echo "| tool | events | file MB | wall s | events/s | MB/s | peak RSS MB |"
    echo "|---|---|---|---|---|---|---|"
    for size in $SIZES; do
        [ "$REFERENCE_ONLY" = 1 ] || bench_import "$size"
        case " $REFERENCE_SIZES " in *" $size "*) bench_reference "$size" ;; esac
    done
}

main
