#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer:
# configures build-asan with clang, builds it, and runs ctest there. Politely: nice -n 19 (the machine is shared).
#   usage: scripts/sanitize.sh [ctest arguments...]     e.g. scripts/sanitize.sh -R hardening
#   OPSCOPE_ASAN_DIR  the build folder (default: build-asan)
#   OPSCOPE_ASAN_GUI  ON (default) or OFF: OFF leaves out the widgets, the GUI and their tests
#   OPSCOPE_ASAN_JOBS parallel compile jobs (default: 2)
#   OPSCOPE_ASAN_WIDGETS  a Catch2 test spec for the widget tests (default: all; "none" skips them)
# The widget tests (ctest label "widgets") run as one process of tests/opscope_widget_tests, not
# one ctest process per case: Qt starts once under ASan instead of 140 times. ctest runs the rest.
# OPSCOPE_FUZZ=ON is set as well: it adds only libFuzzer's coverage counters (harmless outside a
# fuzzer), and makes every object the same as the fuzz build's (docs/fuzzing.md), so ccache builds
# core once for both.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${OPSCOPE_ASAN_DIR:-$root/build-asan}"
gui="${OPSCOPE_ASAN_GUI:-ON}"
jobs="${OPSCOPE_ASAN_JOBS:-2}"

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang "${launcher[@]}" \
      -DOPSCOPE_SANITIZE=ON -DOPSCOPE_FUZZ=ON -DOPSCOPE_BUILD_GUI="$gui" -DOPSCOPE_BUILD_BENCH=OFF
nice -n 19 cmake --build "$dir" -j "$jobs"

# detect_leaks: leaks fail a test; the suppressions name only leaks inside Qt and system libraries,
# each with its reason. halt_on_error: the first UB finding fails the test (as ASan's do).
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export QT_QPA_PLATFORM=offscreen
cd "$dir"
status=0
nice -n 19 ctest --output-on-failure -LE widgets "$@" || status=$?
widgets="${OPSCOPE_ASAN_WIDGETS:-}"
if [ "$gui" = "ON" ] && [ "$widgets" != "none" ]; then
  # One process: a leak LSan finds is reported at its exit, with the allocating stack.
  nice -n 19 tests/opscope_widget_tests ${widgets:+"$widgets"} || status=$?
fi
exit "$status"
