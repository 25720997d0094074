#!/usr/bin/env python3
"""Writes N Kineto rank files (rank-<r>.json) of a synthetic data-parallel job for the cluster benchmark:
fixed seed, S steps per rank, K compute kernels and one NCCL all-reduce per step, rank 5 computing 10 %
longer. usage: generate_ranks.py OUT_DIR [RANKS=64] [STEPS=10] [KERNELS=200]"""
import json
import random
import sys
from pathlib import Path

out = Path(sys.argv[1])
ranks = int(sys.argv[2]) if len(sys.argv) > 2 else 64
steps = int(sys.argv[3]) if len(sys.argv) > 3 else 10
kernels = int(sys.argv[4]) if len(sys.argv) > 4 else 200
out.mkdir(parents=True, exist_ok=True)
for rank in range(ranks):
    rng = random.Random(rank)
    events = []
    ts = 1000
    for step in range(steps):
        start = ts
        for k in range(kernels):
            dur = rng.randint(20, 60) * (1.1 if rank == 5 else 1.0)
            events.append({"ph": "X", "cat": "kernel", "name": f"gemm_{k % 17}", "pid": 0, "tid": 7,
                           "ts": round(ts, 3), "dur": round(dur, 3), "args": {"stream": 7}})
            ts += dur + rng.randint(1, 5)
        events.append({"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float", "pid": 0,
                       "tid": 8, "ts": round(ts, 3), "dur": 500, "args": {"stream": 8}})
        ts += 600
        events.append({"ph": "X", "cat": "user_annotation", "name": f"ProfilerStep#{step}", "pid": 100, "tid": 1,
                       "ts": start, "dur": round(ts - start, 3)})
    (out / f"rank-{rank}.json").write_text(json.dumps({"distributedInfo": {"rank": rank, "world_size": ranks},
                                                       "traceEvents": events}))
