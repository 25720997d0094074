#!/usr/bin/env bash
# One libFuzzer session per harness, one after another (never two at once), politely (nice -n 19: the machine is shared).
# Each starts from a scratch copy of its committed corpus, so the corpus in the tree only grows by
# hand (crash inputs added as regression files, docs/fuzzing.md). Logs and crash artifacts go to
# OUT/<harness>/; the last lines of each log hold the figures docs/fuzzing.md records.
#   usage: scripts/fuzz.sh [harness...]          (default: every harness of tests/fuzz)
#   OPSCOPE_FUZZ_DIR      the OPSCOPE_FUZZ=ON build folder (default: build-fuzz)
#   OPSCOPE_FUZZ_OUT      logs, scratch corpora, artifacts (default: /tmp/opscope-fuzz)
#   OPSCOPE_FUZZ_SECONDS  per harness (default: 600)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${OPSCOPE_FUZZ_DIR:-$root/build-fuzz}"
out="${OPSCOPE_FUZZ_OUT:-/tmp/opscope-fuzz}"
seconds="${OPSCOPE_FUZZ_SECONDS:-600}"
harnesses=("$@")
if [ "${#harnesses[@]}" -eq 0 ]; then
  harnesses=(chrome_json store_open ascend_db graph ascend_csv memory_timeline cluster_output baseline_rules
             device_class_rules launch_keys nccl_args history_db ge_proto fusion_patterns)
fi
for h in "${harnesses[@]}"; do
  dir="$out/$h"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp -n "$root/tests/fuzz/corpus/$h/"* "$dir/corpus/" 2>/dev/null || true
  echo "== $h: $(date -u +%H:%M:%S) for ${seconds}s" >&2
  # Inputs up to 1 MiB (deep nesting needs room), 2 GB of memory, 30 s per input.
  nice -n 19 "$build/tests/fuzz/${h}_fuzz" "$dir/corpus" -max_total_time="$seconds" -max_len=1048576 \
       -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
       >"$dir/log.txt" 2>&1 || echo "== $h: exit $? (see $dir/log.txt)" >&2
  echo "== $h: done $(date -u +%H:%M:%S); artifacts: $(ls "$dir/artifacts" | wc -l)" >&2
done
