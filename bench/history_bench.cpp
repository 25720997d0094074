// Times the run history: `add` of an imported store (its aggregates: stats, bubbles, diagnosis, then one
// transaction), and `trend` and `check` over a history of 1,000 runs with 400 metrics each, generated
// from a fixed seed. Figures go to docs/BENCHMARKS.md.
//   history_bench [--store PATH] [--runs N] [--repeat R] [--scan-only | --add-only]
// --store: an imported store to add (e.g. the 1M-slice store `analysis_bench --keep` leaves behind). With it,
// the snapshot of every track (the slice scan that starts `add` and every analysis) is timed on its own too,
// beside the floor: stepping the same rows and reading their columns with no per-row work of ours.
// --add-only: only `add` of the store into an empty history, first in this process (as a fresh
// `opscope-cli history add`, for perf stat or callgrind), then again R - 1 times.
#include "bench/gen_rng.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/history/run_history.h"
#include "core/session/trace_session.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using namespace opscope;
using namespace opscope::history;

namespace {

double seconds(const std::function<void()>& work) {
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report(const char* what, std::vector<double> times) {
    std::sort(times.begin(), times.end());
    std::printf("%-48s best %.4f s  median %.4f s\n", what, times.front(), times[times.size() / 2]);
}

// 100 operators × 4 metrics and a few trace-wide ones: the size of a real run's metrics.
std::vector<RunMetric> runMetrics(gen::Rng& rng) {
    std::vector<RunMetric> m;
    auto noisy = [&](double v) { return v * (1.0 + static_cast<double>(rng.range(-200, 200)) / 10000.0); };
    m.push_back({"trace.duration_ns", "", noisy(5e9), "ns"});
    m.push_back({"busy_ns", "", noisy(3e9), "ns"});
    m.push_back({"bubble.total_ns", "", noisy(1e9), "ns"});
    for (int op = 0; op < 100; ++op) {
        const std::string name = "kernel_" + std::to_string(op);
        m.push_back({"op.count", name, 1000, "count"});
        m.push_back({"op.total_ns", name, noisy(1e7 * (op + 1)), "ns"});
        m.push_back({"op.mean_ns", name, noisy(1e4 * (op + 1)), "ns"});
        m.push_back({"op.p90_ns", name, noisy(2e4 * (op + 1)), "ns"});
    }
    return m;
}

// SQLite's own cost of the scan: every slice row stepped and its columns read, nothing kept.
std::int64_t stepSliceRows(Database& db) {
    Statement st = db.prepare(
        "SELECT id, track_id, ts, dur, self_dur, depth, name_id, cat_id, type_id, arg_id, flags FROM slice");
    std::int64_t sum = 0;
    while (st.step())
        for (int c = 0; c < 11; ++c) sum += st.int64(c);
    return sum;
}

void timeSnapshotScan(const std::string& storePath, int repeat) {
    std::vector<double> loadTimes, floorTimes;
    std::size_t slices = 0;
    std::int64_t checksum = 0;
    for (int i = 0; i < repeat; ++i) {
        Database db;
        Error error;
        if (!openStoreReadOnly(storePath, &db, &error)) {
            std::fprintf(stderr, "history_bench: %s\n", describe(error).c_str());
            std::exit(1);
        }
        floorTimes.push_back(seconds([&] { checksum += stepSliceRows(db); }));
        loadTimes.push_back(seconds([&] {
            StoreSnapshot snapshot;
            TrackSelection all;
            all.scope = TrackScope::All;
            if (!loadSnapshot(db, all, &snapshot, &error)) {
                std::fprintf(stderr, "history_bench: %s\n", describe(error).c_str());
                std::exit(1);
            }
            slices = snapshot.slices.slices.size();
        }));
    }
    std::printf("snapshot scan: %zu slices kept (checksum %lld)\n", slices, static_cast<long long>(checksum));
    report("snapshot of every track (loadSnapshot)", loadTimes);
    report("floor: SQLite steps the rows, 11 columns read", floorTimes);
}

// `add` of the store, a new session each repeat (nothing cached from the previous one, as a fresh
// `history add`); the first repeat is the process's first touch of its heap.
void timeAdd(const std::string& storePath, HistoryStore& store, int repeat) {
    std::vector<double> addTimes;
    for (int i = 0; i < repeat; ++i) {
        addTimes.push_back(seconds([&] {
            Error error;
            std::shared_ptr<TraceSession> session = TraceSession::openStore(storePath, &error);
            CollectedRun run;
            if (!session || !session->historyRun(storePath, RunDescription{}, &run, &error)) {
                std::fprintf(stderr, "history_bench: %s\n", describe(error).c_str());
                std::exit(1);
            }
            store.addRun(run.info, run.metrics, &error);
        }));
        if (i == 0) std::printf("add, first in the process: %.4f s\n", addTimes.front());
    }
    report("add (aggregates of the store + one transaction)", addTimes);
}

} // namespace

int main(int argc, char** argv) {
    std::string storePath;
    int runs = 1000, repeat = 5;
    bool scanOnly = false; // with --store: time the snapshot scan alone (for a profiler)
    bool addOnly = false;  // with --store: time add alone, nothing done before it in the process
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--store") && i + 1 < argc) storePath = argv[++i];
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--scan-only")) scanOnly = true;
        else if (!std::strcmp(argv[i], "--add-only")) addOnly = true;
    }
    if (scanOnly && !storePath.empty()) {
        timeSnapshotScan(storePath, repeat);
        return 0;
    }
    const auto dir = std::filesystem::temp_directory_path() / "opscope-history-bench";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    Error error;
    auto store = HistoryStore::open((dir / "h.sqlite").string(), true, &error);
    if (!store) {
        std::fprintf(stderr, "history_bench: %s\n", describe(error).c_str());
        return 1;
    }
    if (addOnly && !storePath.empty()) {
        timeAdd(storePath, *store, repeat);
        std::filesystem::remove_all(dir);
        return 0;
    }
    gen::Rng rng(20261203);
    const double fill = seconds([&] {
        for (int r = 0; r < runs; ++r) {
            RunInfo info;
            info.label = "run" + std::to_string(r);
            info.runTimeNs = (1'790'000'000LL + r * 3600LL) * 1'000'000'000LL;
            info.contentHash = std::to_string(r);
            store->addRun(info, runMetrics(rng), &error);
        }
    });
    std::printf("history of %d runs x %zu metrics written in %.2f s (%.2f ms per run)\n", runs, runMetrics(rng).size(),
                fill, fill * 1000.0 / runs);

    std::vector<double> trendTimes, checkTimes;
    for (int i = 0; i < repeat; ++i) {
        trendTimes.push_back(seconds([&] {
            Trend t;
            computeTrend(*store, "op.total_ns", "kernel_42", ThresholdsConfig{}, &t, &error);
        }));
        checkTimes.push_back(seconds([&] {
            CollectedRun candidate;
            candidate.metrics = runMetrics(rng);
            CheckReport report;
            checkRun(*store, candidate, ThresholdsConfig{}, &report, &error);
        }));
    }
    report("trend (one metric over every run)", trendTimes);
    report("check (every metric of a new run)", checkTimes);

    if (!storePath.empty()) {
        timeSnapshotScan(storePath, repeat);
        timeAdd(storePath, *store, repeat);
    }
    std::filesystem::remove_all(dir);
    return 0;
}
