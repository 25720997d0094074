#!/usr/bin/env bash
# Import benchmark (issue #22): builds opscope-gen and opscope-cli (Release), generates fixed-seed
# traces into bench/out/ (reused when present), times `opscope-cli import` on each under
# /usr/bin/time -v (wall, CPU, peak RSS), and in the same run python3's json.load on the same file
# when this machine has the memory for it (json.load needs about 6x the file), reported as a ratio.
# Prints a Markdown table for docs/BENCHMARKS.md.
#
#   bench/import_bench.sh                  # SIZES (default "1M meta 10M nested20M 50M")
#   SIZES="1M meta" bench/import_bench.sh  # a subset
#   bench/import_bench.sh --reference-only # only generate + python3 json.load
# Sizes: 100k 1M 5M 10M 50M (opscope-gen training traces), meta (a Kineto trace of 455k events, 68 %
# metadata, shaped like the public MTIA trace), nested20M (20M X slices nested in one another),
# 10GB (a training trace of about 10 GB, generated on the fly and deleted after, only when the disk
# holds it and its store three times over).
# Environment: BUILD_DIR (default build-bench), JOBS (default nproc), REPEAT (imports per file, the
# median is shown; default 1), OUT (default bench/out), OPEN (sizes whose store is then opened to a
# first picture, `opscope-cli screenshot STORE --view timeline`, timed the same way; e.g. OPEN=10GB),
# GEN and CLI (both set: these binaries, no build).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-build-bench}"
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR="$ROOT/$BUILD_DIR" ;; esac
OUT="${OUT:-$ROOT/bench/out}"
SIZES="${SIZES:-1M meta 10M nested20M 50M}"
JOBS="${JOBS:-$(nproc)}"
REPEAT="${REPEAT:-1}"
SEED=1
REFERENCE_ONLY=0
[ "${1:-}" = "--reference-only" ] && REFERENCE_ONLY=1

fail() { echo "import_bench: $*" >&2; exit 1; }

# opscope-gen arguments of each size.
gen_args() {
    case "$1" in
    100k) echo "--events 100000" ;; 1M) echo "--events 1000000" ;; 5M) echo "--events 5000000" ;;
    10M) echo "--events 10000000" ;; 50M) echo "--events 50000000" ;;
    10GB) echo "--events 55000000" ;; # about 183 bytes per event
    meta) echo "--format kineto-meta --events 455000" ;;
    nested20M) echo "--events 20000000 --nest-depth 20000000" ;;
    *) fail "unknown size '$1' (use 100k, 1M, 5M, 10M, 50M, 10GB, meta or nested20M)" ;;
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
    if [ -n "${GEN:-}" ] && [ -n "${CLI:-}" ]; then return; fi # given binaries (a copy a rebuild cannot swap mid-run)
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
}

avail_kb() { df -Pk "$1" | awk 'NR == 2 { print $4 }'; }
mem_available_kb() { awk '/^MemAvailable:/ { print $2 }' /proc/meminfo; }

# Generates $OUT/trace_<size>.json once; its event count goes to trace_<size>.json.events.
generate() {
    local size="$1" file="$OUT/trace_$1.json"
    if [ -s "$file" ] && [ -s "$file.events" ]; then return; fi
    local log
    # shellcheck disable=SC2046
    log="$("$GEN" $(gen_args "$size") --seed "$SEED" -o "$file.tmp" 2>&1)" || fail "opscope-gen failed: $log"
    echo "$log" >&2
    mv "$file.tmp" "$file"
    echo "$log" | sed -n 's/^opscope-gen: \([0-9]*\) events.*/\1/p' >"$file.events"
}

file_mb() { awk -v b="$(stat -L -c %s "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# Prints "wall_s cpu_s rss_mb" from a /usr/bin/time -v report.
parse_time() {
    local elapsed rss user sys
    elapsed="$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$1")"
    rss="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$1")"
    user="$(sed -n 's/.*User time (seconds): //p' "$1")"
    sys="$(sed -n 's/.*System time (seconds): //p' "$1")"
    awk -v e="$elapsed" -v r="$rss" -v u="$user" -v s="$sys" 'BEGIN { n = split(e, p, ":"); w = 0;
        for (i = 1; i <= n; i++) w = w * 60 + p[i]; printf "%.2f %.2f %.0f\n", w, u + s, r / 1024 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# Imports the file REPEAT times; prints "wall_s cpu_s rss_mb" of the median wall time.
bench_import() {
    local size="$1" file="$OUT/trace_$1.json" store="$OUT/trace_$1.opscope.sqlite" runs=()
    for ((r = 1; r <= REPEAT; r++)); do
        rm -f "$store" "$store"-* "$store".tmp-*
        /usr/bin/time -v -o "$OUT/time_$size.txt" "$CLI" import "$file" -o "$store" --force >"$OUT/import_$size.log" 2>&1 \
            || fail "opscope-cli import $file failed (see $OUT/import_$size.log)"
        runs+=("$(parse_time "$OUT/time_$size.txt")")
    done
    local mid
    mid="$(printf '%s\n' "${runs[@]}" | awk '{ print $1 }' | median)"
    printf '%s\n' "${runs[@]}" | awk -v m="$mid" '$1 == m { print; exit }'
}

# Prints "wall_s rss_mb" of python3's json.load, or "- -" when the machine lacks the memory.
bench_reference() {
    local file="$1"
    local need_kb=$(( $(stat -L -c %s "$file") / 1024 * 7 ))
    if [ "$need_kb" -gt "$(mem_available_kb)" ]; then
        echo "- -"
        return
    fi
    local result
    result="$(python3 "$ROOT/bench/json_load_reference.py" "$file")" || fail "json_load_reference.py failed"
    read -r _ _ wall _ _ rss <<<"$result"
    echo "$wall $rss"
}

row() { # size events mb wall cpu rss ref_wall ref_rss
    awk -v t="$1" -v n="$2" -v mb="$3" -v w="$4" -v c="$5" -v r="$6" -v jw="$7" -v jr="$8" 'BEGIN {
        ratio = jw == "-" ? "-" : sprintf("%.2f", w / jw);
        printf "| %s | %d | %.1f | %.2f | %.2f | %d | %.0f | %s | %s | %s | %s |\n", t, n, mb, w, c, n / w, r, jw, jr, ratio,
            r < 500 ? "yes" : "**no**" }'
}

run_size() {
    local size="$1" file="$OUT/trace_$1.json" transient=0
    if [ "$size" = 10GB ]; then
        # The file, its store and the spill files: about three times the file.
        if [ "$(avail_kb "$OUT")" -lt $((30 * 1024 * 1024)) ]; then
            echo "| 10GB | skipped: less than 30 GB free in $OUT |" && return
        fi
        transient=1
    fi
    generate "$size"
    local events mb ref_wall="-" ref_rss="-" wall="-" cpu="-" rss="-"
    events="$(cat "$file.events")"
    mb="$(file_mb "$file")"
    [ "$REFERENCE_ONLY" = 1 ] || read -r wall cpu rss < <(bench_import "$size")
    case "$size" in nested20M) ;; *) read -r ref_wall ref_rss < <(bench_reference "$file") ;; esac
    if [ "$REFERENCE_ONLY" = 1 ]; then
        echo "| $size | $events | $mb | | | | | $ref_wall | $ref_rss | | |"
    else
        row "$size" "$events" "$mb" "$wall" "$cpu" "$rss" "$ref_wall" "$ref_rss"
    fi
    case " ${OPEN:-} " in *" $size "*) [ "$REFERENCE_ONLY" = 1 ] || open_store "$size" ;; esac
    if [ "$transient" = 1 ]; then rm -f "$file" "$file.events" "$OUT/trace_$size.opscope.sqlite"; fi
}

# Opens the size's store to a first picture of the timeline (offscreen) and prints its row.
open_store() {
    local size="$1" store="$OUT/trace_$1.opscope.sqlite" wall cpu rss
    QT_QPA_PLATFORM=offscreen /usr/bin/time -v -o "$OUT/time_open_$size.txt" "$CLI" screenshot "$store" \
        --view timeline -o "$OUT/open_$size.png" >"$OUT/open_$size.log" 2>&1 \
        || fail "opscope-cli screenshot $store failed (see $OUT/open_$size.log)"
    read -r wall cpu rss < <(parse_time "$OUT/time_open_$size.txt")
    echo "| $size, opened (screenshot --view timeline) | | $(awk -v b="$(stat -L -c %s "$store")" 'BEGIN { printf "%.1f", b / 1e6 }') (store) | $wall | $cpu | | $rss | | | | $(awk -v r="$rss" 'BEGIN { print (r < 500 ? "yes" : "**no**") }') |"
}

main() {
    ensure_time
    build
    mkdir -p "$OUT"
    echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
        "$(free -h | awk '/^Mem:/ { print $2 }') RAM; load average $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%F %H:%M UTC')"
    echo
    echo "| trace | events | file MB | import wall s | import CPU s | events/s | peak RSS MB | json.load s | json.load RSS MB | import / json.load | RSS < 500 MB |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
    for size in $SIZES; do run_size "$size"; done
}

main
