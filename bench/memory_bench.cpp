// Times what `opscope-cli memory` does on a synthetic store of a million allocator records: open the
// store, read the memory tables, compute the per-device summary (peaks, alive at the peak, largest,
// unreleased, per operator). Best and median wall times of the runs, and the CPU time of the process;
// figures go to docs/BENCHMARKS.md.
//   memory_bench [--records N] [--runs R] [--store PATH] [--keep]
#include "bench/memory_store.h"
#include "core/analysis/memory/memory_summary.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/store/memory_reader.h"

#include <chrono>
#include <ctime>
#include <cstring>
#include <filesystem>
#include <vector>

using namespace opscope;

int main(int argc, char** argv) {
    std::int64_t records = 1'000'000;
    int runs = 5;
    std::string store = (std::filesystem::temp_directory_path() / "opscope-memory-bench.sqlite").string();
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--records") && i + 1 < argc) records = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--store") && i + 1 < argc) store = argv[++i];
        else if (!std::strcmp(argv[i], "--keep")) keep = true;
    }
    if (!bench::writeMemoryStore(store, records)) return 1;
    std::vector<double> readMs, summaryMs, cpuMs;
    for (int r = 0; r < runs; ++r) {
        std::clock_t c0 = std::clock();
        auto t0 = std::chrono::steady_clock::now();
        Database db;
        Error error;
        MemoryData data;
        if (!openStoreReadOnly(store, &db, &error) || !readMemoryData(db, &data, &error)) {
            std::fprintf(stderr, "%s\n", describe(error).c_str());
            return 1;
        }
        auto t1 = std::chrono::steady_clock::now();
        auto summaries = summarizeMemory(data, {});
        auto t2 = std::chrono::steady_clock::now();
        readMs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        summaryMs.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
        cpuMs.push_back(1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
        if (r == 0)
            std::printf("devices %zu, peak NPU 0 %lld B, alive at peak %zu\n", summaries.size(),
                        static_cast<long long>(summaries[0].peaks.device.peakAllocatedBytes), summaries[0].alive.size());
    }
    auto report = [](const char* what, std::vector<double> ms) {
        std::sort(ms.begin(), ms.end());
        std::printf("%-28s best %8.1f ms  median %8.1f ms\n", what, ms.front(), ms[ms.size() / 2]);
    };
    report("read memory tables", readMs);
    report("summary (peaks, alive, ...)", summaryMs);
    report("CPU of both (process)", cpuMs);
    if (!keep) std::filesystem::remove(store);
    return 0;
}
