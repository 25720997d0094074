#!/usr/bin/env bash
# Wall time of importing the ranks of one job with 1 job (sequential, one writer) and with N jobs (each rank
# into its own temporary store, appended at the end), RUNS times each, on generated Kineto ranks and,
# when ../shared is beside the project, on the two shared torch_npu ranks. Prints one line per run.
#   usage: bench/parallel_import_bench.sh [RANKS=8] [JOBS=2] [RUNS=3]
#   OPSCOPE_CLI names the binary (default: build/app/opscope-cli).
set -euo pipefail
ranks=${1:-8}
jobs=${2:-2}
runs=${3:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
cli=${OPSCOPE_CLI:-$here/build/app/opscope-cli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 200 steps x 200 kernels per rank: 40,200 device events, 4.7 MB each.
python3 "$here/bench/generate_ranks.py" "$work/job" "$ranks" 200 200
run() { # label, inputs...
    local label=$1
    shift
    for j in 1 "$jobs"; do
        for ((r = 1; r <= runs; r++)); do
            /usr/bin/time -f "$label jobs=$j run=$r wall_s=%e user_s=%U max_rss_kb=%M" \
                "$cli" import "$@" -o "$work/out.sqlite" --force --quiet --jobs "$j"
        done
    done
}
run "generated-$ranks-ranks" "$work/job"
shared="$here/../shared/samples/ascend"
if [ -d "$shared/torch_npu_text_rank0" ]; then
    run "shared-2-ranks" "$shared/torch_npu_text_rank0" "$shared/torch_npu_text_rank1"
fi
