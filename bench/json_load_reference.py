#!/usr/bin/env python3
"""Reference point for the import benchmark: how long python3's json.load takes on a trace file,
and its peak RSS. Prints one line: events file_mb wall_s events_per_s mb_per_s peak_rss_mb."""
import gzip
import json
import os
import resource
import sys
import time


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: json_load_reference.py TRACE.json[.gz]", file=sys.stderr)
        return 2
    path = sys.argv[1]
    size_mb = os.path.getsize(path) / 1e6
    opener = gzip.open if path.endswith(".gz") else open
    start = time.perf_counter()
    with opener(path, "rb") as f:
        data = json.load(f)
    wall_s = time.perf_counter() - start
    events = len(data) if isinstance(data, list) else len(data.get("traceEvents", []))
    peak_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"{events} {size_mb:.1f} {wall_s:.2f} {events / wall_s:.0f} {size_mb / wall_s:.1f} {peak_rss_mb:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
