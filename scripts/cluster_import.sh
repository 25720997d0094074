#!/usr/bin/env bash
# Imports the ranks of a job in parallel, one opscope-cli process per rank, then merges the per-rank
# stores into one cluster store. The per-rank step is independent: the same line runs under a Slurm
# array job or a Kubernetes indexed Job with one rank per task.
#   usage: scripts/cluster_import.sh JOB_DIR OUT_DIR [PARALLEL]
#   JOB_DIR holds one entry per rank (*_ascend_pt folders, rank-*.json(.gz) files, PROF_* folders).
#   OPSCOPE_CLI names the binary (default: opscope-cli on PATH).
set -euo pipefail
job_dir=${1:?usage: cluster_import.sh JOB_DIR OUT_DIR [PARALLEL]}
out_dir=${2:?usage: cluster_import.sh JOB_DIR OUT_DIR [PARALLEL]}
parallel=${3:-$(nproc)}
cli=${OPSCOPE_CLI:-opscope-cli}
mkdir -p "$out_dir/ranks"
find "$job_dir" -mindepth 1 -maxdepth 1 \( -name '*_ascend_pt' -o -name 'rank-*.json' -o -name 'rank-*.json.gz' \
    -o -name 'PROF_*' \) -print0 |
    xargs -0 -P "$parallel" -I{} sh -c '"$0" import "$1" -o "$2/ranks/$(basename "$1").sqlite" --quiet' "$cli" {} "$out_dir"
"$cli" cluster merge "$out_dir"/ranks/*.sqlite -o "$out_dir/job.opscope.sqlite"
