// A synthetic store for the memory benchmarks: N allocator records over two devices and two components
// (PTA, GE), a random walk of allocated bytes under reserved, and one allocation per ten records with a
// random lifetime (some never released). Fixed seed: the same flags give the same store.
#pragma once
#include "bench/gen_rng.h"
#include "core/store/memory_writer.h"
#include "core/store/store_writer.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace opscope::bench {

inline bool writeMemoryStore(const std::string& path, std::int64_t records) {
    Error error;
    auto writer = StoreWriter::create(path, &error);
    if (!writer) {
        std::fprintf(stderr, "%s\n", describe(error).c_str());
        return false;
    }
    gen::Rng rng(18);
    const std::int64_t devices[2] = {writer->device("NPU 0", "npu", 0), writer->device("NPU 1", "npu", 1)};
    const char* components[2] = {"PTA", "GE"};
    const TimeNs start = 1'700'000'000'000'000'000;
    const std::int64_t perSeries = records / 4;
    MemoryRowWriter out(writer->database());
    // A counter track gives the store its time span, as the memory CSVs' lanes do.
    ProcessId process = writer->process("mem");
    TrackId lane = writer->counterTrack(process, "Memory Record/Total Allocated", "B");
    std::int64_t allocationId = 0;
    for (int d = 0; d < 2; ++d)
        for (int c = 0; c < 2; ++c) {
            std::int64_t allocated = 1 << 30, reserved = std::int64_t{3} << 30;
            TimeNs t = start;
            for (std::int64_t i = 0; i < perSeries; ++i) {
                t += rng.range(200, 2000);
                allocated = std::clamp<std::int64_t>(allocated + rng.range(-(1 << 22), (1 << 22) + 4096), 0, reserved);
                if (allocated > reserved - (1 << 24)) reserved += std::int64_t{1} << 28;
                out.add(MemoryRecordRow{devices[d], components[c], t, allocated, reserved, allocated, "bench"});
                if (i % 10 == 0) {
                    MemoryAllocationRow a;
                    a.deviceId = devices[d];
                    a.operatorName = "aten::op_" + std::to_string(rng.range(0, 199));
                    a.sizeBytes = rng.range(512, 64 << 20);
                    a.allocTsNs = t;
                    if (!rng.chance(5)) a.releaseTsNs = t + rng.range(1000, 50'000'000);
                    a.component = components[c];
                    a.source = "bench";
                    out.add(a);
                    ++allocationId;
                }
                if (d == 0 && c == 0 && i % 1000 == 0) writer->addCounter(lane, t, static_cast<double>(allocated));
            }
        }
    out.flush();
    ImportSummary summary;
    if (!writer->finish(&summary, &error)) {
        std::fprintf(stderr, "%s\n", describe(error).c_str());
        return false;
    }
    std::printf("store: %lld allocator records, %lld allocations\n", static_cast<long long>(perSeries * 4),
                static_cast<long long>(allocationId));
    return true;
}

} // namespace opscope::bench
