// Times the analyses (stats, heatmap, bubbles, diagnosis) on a synthetic 1M-slice store built with
// StoreWriter from a fixed seed. Each analysis opens the store, loads what it needs and computes, as
// the CLI does; the best and the median of the runs are printed. Figures go to docs/BENCHMARKS.md.
//   analysis_bench [--slices N] [--runs R] [--store PATH] [--keep]
#include "bench/gen_rng.h"
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/heatmap/heatmap_bins.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_writer.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using namespace opscope;

namespace {

struct Shape {
    std::int64_t slices = 1'000'000; // all slices, device and host
    int devices = 2;
    int streamsPerDevice = 2;
    int kernelNames = 300;
    int metricsPerKernel = 4;
};

struct DeviceTracks {
    std::vector<TrackId> streams;
    TrackId hostMain = 0, hostWorker = 0, hbmRead = 0;
};

DeviceTracks makeTracks(StoreWriter& w, int d, const Shape& shape) {
    DeviceTracks t;
    ProcessId dev = w.process("dev" + std::to_string(d));
    w.setProcessName(dev, "Ascend Hardware");
    w.setProcessDevice(dev, w.device("NPU " + std::to_string(d), "npu", d));
    for (int s = 0; s < shape.streamsPerDevice; ++s) {
        ThreadId th = w.thread(dev, std::to_string(s));
        w.setThreadName(th, "Stream " + std::to_string(s));
        t.streams.push_back(w.threadTrack(th));
        w.setTrackCompute(t.streams.back(), true);
    }
    ProcessId host = w.process("host" + std::to_string(d));
    w.setProcessName(host, "Python " + std::to_string(d));
    t.hostMain = w.threadTrack(w.thread(host, "main"));
    t.hostWorker = w.threadTrack(w.thread(host, "worker"));
    t.hbmRead = w.counterTrack(dev, "HBM 0/Read", "MB/s");
    return t;
}

// One stream: kernels with small launch gaps and, now and then, a long bubble. Host work shadows the
// kernels: a cpu_op with a nested launch per kernel, a sync or a memcpy in front of long gaps.
void fillStream(StoreWriter& w, gen::Rng& rng, const DeviceTracks& t, TrackId stream, std::int64_t kernels,
                const Shape& shape, bool hostSide) {
    static const char* kMetrics[] = {"aic_mac_ratio", "aic_mte2_ratio", "aic_scalar_ratio", "aiv_vec_ratio", "Hit Rate"};
    TimeNs ts = 1'000'000'000;
    for (std::int64_t k = 0; k < kernels; ++k) {
        int name = static_cast<int>(rng.range(0, shape.kernelNames - 1));
        TimeNs dur = rng.range(2'000, 120'000);
        std::string kernel = "kernel_" + std::to_string(name);
        std::string type = "Type" + std::to_string(name % 40);
        PendingSliceIndex i = w.addSlice({stream, ts, dur, kernel, "kernel", type, 0, 0});
        for (int m = 0; m < shape.metricsPerKernel; ++m)
            w.addMetric(i, kMetrics[m % 5], static_cast<double>(rng.range(0, 1000)) / 1000.0);
        TimeNs gap = rng.chance(20) ? rng.range(50'000, 2'000'000) : rng.range(500, 5'000);
        if (hostSide) {
            w.addSlice({t.hostMain, ts - 4'000, 3'500, "aten::op_" + std::to_string(name % 50), "cpu_op", {}, 0, 0});
            w.addSlice({t.hostMain, ts - 3'000, 2'000, "cudaLaunchKernel", "cuda_runtime", {}, 0, 0});
            if (gap > 50'000) {
                const char* host = rng.chance(500) ? "aclrtSynchronizeStream" : "Memcpy HtoD";
                w.addSlice({t.hostWorker, ts + dur + 1'000, gap - 2'000, host, "cuda_runtime", {}, 0, 0});
            }
        }
        ts += dur + gap;
    }
}

void addMarkers(StoreWriter& w, const DeviceTracks& t, TimeNs endNs) {
    TimeNs step = (endNs - 1'000'000'000) / 10;
    for (int s = 0; s < 10; ++s) {
        TimeNs a = 1'000'000'000 + s * step;
        w.addSlice({t.hostWorker, a, step - 1000, "ProfilerStep#" + std::to_string(s), "user_annotation", {}, 0, 0});
    }
    for (TimeNs c = 1'000'000'000; c < endNs; c += 1'000'000) w.addCounter(t.hbmRead, c, 500'000.0 + (c / 1000) % 1000);
}

bool buildStore(const std::string& path, const Shape& shape, std::uint64_t seed) {
    Error error;
    auto w = StoreWriter::create(path, &error);
    if (!w) {
        std::fprintf(stderr, "%s\n", describe(error).c_str());
        return false;
    }
    gen::Rng rng(seed);
    // Per device: 2k kernels on stream 0 (each with a cpu_op and a launch on the host, and ~2% with a
    // sync or copy in front of a long gap: 4.04k host slices) and k/2 on the other streams: 6.54k slices.
    std::int64_t kernelsPerStream = shape.slices * 100 / (shape.devices * 654);
    for (int d = 0; d < shape.devices; ++d) {
        DeviceTracks t = makeTracks(*w, d, shape);
        for (int s = 0; s < shape.streamsPerDevice; ++s)
            fillStream(*w, rng, t, t.streams[static_cast<std::size_t>(s)],
                       s == 0 ? kernelsPerStream * 2 : kernelsPerStream / 2 / (shape.streamsPerDevice - 1), shape, s == 0);
        addMarkers(*w, t, 1'000'000'000 + kernelsPerStream * 2 * 100'000);
    }
    ImportSummary summary;
    if (!w->finish(&summary, &error)) {
        std::fprintf(stderr, "%s\n", describe(error).c_str());
        return false;
    }
    std::printf("store: %lld slices, %lld counters, %lld tracks\n", static_cast<long long>(summary.slices),
                static_cast<long long>(summary.counters), static_cast<long long>(summary.tracks));
    return true;
}

struct Timing {
    double wallSeconds = 0;
    double cpuSeconds = 0; // this process only: what the figure would be on an idle machine
};

Timing timeOnce(const std::string& path, const std::function<bool(Database&)>& run) {
    auto t0 = std::chrono::steady_clock::now();
    std::clock_t c0 = std::clock();
    Database db(path, Database::Mode::ReadOnly);
    if (!run(db)) std::fprintf(stderr, "analysis failed\n");
    return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
            static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC};
}

void report(const char* name, const std::string& path, int runs, const std::function<bool(Database&)>& run) {
    std::vector<double> wall, cpu;
    timeOnce(path, run); // warm the page cache
    for (int r = 0; r < runs; ++r) {
        Timing t = timeOnce(path, run);
        wall.push_back(t.wallSeconds);
        cpu.push_back(t.cpuSeconds);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    std::printf("| %-44s | %8.3f | %8.3f | %8.3f |\n", name, wall.front(), wall[wall.size() / 2], cpu[cpu.size() / 2]);
}

} // namespace

int main(int argc, char** argv) {
    Shape shape;
    int runs = 5;
    std::string path = (std::filesystem::temp_directory_path() / "opscope-analysis-bench.sqlite").string();
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--slices") && i + 1 < argc) shape.slices = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--store") && i + 1 < argc) path = argv[++i];
        else if (!std::strcmp(argv[i], "--keep")) keep = true;
    }
    auto t0 = std::chrono::steady_clock::now();
    if (!buildStore(path, shape, 20251202)) return 1;
    std::printf("built in %.1f s: %s\n\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(),
                path.c_str());
    std::printf("| %-44s | %8s | %8s | %8s |\n|---|---|---|---|\n", "analysis (open + load + compute)", "best s",
                "median s", "CPU s");
    Error error;
    report("stats by name (compute tracks, with metrics)", path, runs, [&](Database& db) {
        OperatorStats s;
        return computeOperatorStats(db, {}, &s, &error);
    });
    report("stats by type, all tracks, no metrics", path, runs, [&](Database& db) {
        OperatorStatsOptions o;
        o.tracks.scope = TrackScope::All;
        o.grouping.by = GroupBy::Type;
        o.includeMetrics = false;
        OperatorStats s;
        return computeOperatorStats(db, o, &s, &error);
    });
    report("heatmap busy, 400 buckets, top 50", path, runs, [&](Database& db) {
        HeatmapOptions o;
        o.bucketCount = 400;
        o.topN = 50;
        HeatmapResult h;
        return computeHeatmap(db, o, &h, &error);
    });
    report("heatmap aic_mac_ratio, 200 buckets, top 20", path, runs, [&](Database& db) {
        HeatmapOptions o;
        o.value = HeatmapValue::Metric;
        o.metricName = "aic_mac_ratio";
        HeatmapResult h;
        return computeHeatmap(db, o, &h, &error);
    });
    report("bubbles (tracks, devices, causes, top 20)", path, runs, [&](Database& db) {
        BubbleReport b;
        return computeBubbles(db, {}, &b, &error);
    });
    report("diagnose (all rules)", path, runs, [&](Database& db) {
        DiagnosisReport d;
        return runDiagnosis(db, {}, &d, &error);
    });
    if (!keep) std::filesystem::remove(path);
    return 0;
}
