#!/usr/bin/env python3
"""Computes HTA's temporal breakdown, kernel-type breakdown and communication-computation overlap of
one Kineto trace, independently of opscope, for the expected values of tests/core/breakdown_shared_test.cpp.

It follows hta/analyzers/breakdown_analysis.py and communication_analysis.py with two documented
differences that opscope makes on purpose: times stay exact nanoseconds (HTA rounds µs floats; here
the JSON numbers are read as decimals, so 4.928 µs is 4928 ns), and the whole trace is kept (HTA drops
the last ProfilerStep, as include_last_profiler_step=False). Device events: X events whose
args.stream is an integer other than -1. Kernel type by HTA's name patterns (re.match, in order).

usage: scripts/hta_reference.py TRACE.json[.gz]   (prints one JSON object)"""
import decimal
import gzip
import json
import re
import sys

COMM = re.compile(r"(^nccl.*)|(^hip)|(^hccl)|(.*ncclKernel.*)")
MEM = re.compile(r"(^(hip)?Memcpy)|(^(hip)?Memset)|(^dma)")
NOT_COMPUTE = re.compile(r"nccl|.*Memcpy|.*Memset|.*dma|.*Sync|Stream Wait Event|cuda.*LaunchKernel|runFunction|"
                         r"hip|job_exe|packet|pe_exe|cpum_exe_subgraph|hccl|collective_subgraph_execution")


def kernel_type(name):
    if COMM.match(name):
        return "communication"
    if MEM.match(name):
        return "memory"
    if not NOT_COMPUTE.match(name):
        return "compute"
    return "other"


def ns(value):
    return int((decimal.Decimal(value) * 1000).to_integral_value(rounding=decimal.ROUND_FLOOR))


def merge(intervals):
    out = []
    for s, e in sorted(intervals):
        if e <= s:
            continue
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def length(intervals):
    return sum(e - s for s, e in intervals)


def intersect(a, b):
    out, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        s, e = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if e > s:
            out.append([s, e])
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def names_with_others(rows, num_kernels=10, duration_ratio=0.8):
    """HTA's _aggr_gpu_kernel_time: sum per name, the tail folded into 'others'."""
    rows = sorted(rows.items(), key=lambda kv: (-kv[1], kv[0]))
    if len(rows) <= num_kernels:
        return [[n, t] for n, t in rows]
    running, total = [], 0
    for _, t in rows:
        total += t
        running.append(total)
    pos = duration_ratio * (len(rows) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(rows) - 1)
    q = running[lo] + (running[hi] - running[lo]) * (pos - lo)
    kept, others = [], 0
    for i, (n, t) in enumerate(rows):
        if running[i] > q or i >= num_kernels:
            others += t
        else:
            kept.append([n, t])
    return kept + [["others", others]]


def main(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        doc = json.load(f, parse_float=decimal.Decimal)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    device = []
    for e in events:
        stream = e.get("args", {}).get("stream", -1)
        if e.get("ph") != "X" or not isinstance(stream, int) or stream == -1:
            continue
        s = ns(e["ts"])
        device.append((s, s + ns(e.get("dur", 0)), e["name"]))
    by_type, sums = {}, {}
    for s, e, n in device:
        t = kernel_type(n)
        by_type.setdefault(t, []).append((s, e))
        sums.setdefault(t, {}).setdefault(n, 0)
        sums[t][n] += e - s
    everything = merge([(s, e) for s, e, _ in device])
    span = everything[-1][1] - everything[0][0]
    compute = merge(by_type.get("compute", []))
    comm = merge(by_type.get("communication", []))
    idle = span - length(everything)
    overlap = length(intersect(compute, comm))
    print(json.dumps({
        "kernel_time_ns": span, "idle_time_ns": idle, "compute_time_ns": length(compute),
        "non_compute_time_ns": span - length(compute) - idle,
        "type_union_ns": {t: length(merge(v)) for t, v in by_type.items()},
        "names": {t: names_with_others(v) for t, v in sums.items()},
        "comm_comp_overlap_ns": overlap,
        "comm_comp_overlap_pct": 100.0 * overlap / length(comm) if comm else 0.0,
    }, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
