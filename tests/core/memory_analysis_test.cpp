// Memory analysis on a fixture with known answers: peaks, fragmentation at the peak, blocks alive at
// a time and in a range, the largest and the unreleased blocks, per-operator memory.
#include "core/analysis/memory/memory_summary.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

MemoryBlock block(std::int64_t id, std::int64_t device, const char* op, std::int64_t size, std::optional<TimeNs> alloc,
                  std::optional<TimeNs> release) {
    MemoryBlock b;
    b.id = id;
    b.deviceId = device;
    b.operatorName = op;
    b.sizeBytes = size;
    b.allocTsNs = alloc;
    b.releaseTsNs = release;
    return b;
}

// Device 1: allocator records (PTA, APP) and four blocks; device 2: blocks only.
MemoryData fixture() {
    MemoryData d;
    d.traceRange = {0, 1000};
    d.devices = {{1, "NPU 0", "npu"}, {2, "NPU 1", "npu"}};
    d.series.push_back({1, "APP", {{100, kNoBytes, 100, kNoBytes}, {300, kNoBytes, 120, kNoBytes}}});
    d.series.push_back({1, "PTA", {{100, 10, 40, 10}, {200, 30, 40, 30}, {300, 50, 80, 50}, {400, 50, 80, 50}, {500, 20, 80, 20}}});
    d.blocks = {block(4, 1, "relu", 10, 100, std::nullopt), block(3, 1, "add", 5, 150, 200), block(1, 1, "conv", 20, 200, 500),
                block(2, 1, "conv", 20, 300, 400), block(5, 2, "mm", 7, 10, 20), block(6, 2, "mm", 3, 15, std::nullopt)};
    return d;
}

std::vector<std::int64_t> ids(const std::vector<const MemoryBlock*>& blocks) {
    std::vector<std::int64_t> out;
    for (const MemoryBlock* b : blocks) out.push_back(b->id);
    return out;
}

} // namespace

TEST_CASE("memory peaks: the first record with the largest total, per device and component", "[memory][analysis]") {
    MemoryData d = fixture();
    auto peaks = devicePeaks(d);
    REQUIRE(peaks.size() == 2);
    const MemoryPeak& p = peaks[0].device;
    CHECK(p.peakAllocatedBytes == 50);
    CHECK(p.peakAllocatedTsNs == 300); // 400 has the same value: the first one counts
    CHECK(p.component == "PTA");
    CHECK(p.reservedAtPeakBytes == 80);
    CHECK(p.peakReservedBytes == 120);
    CHECK(p.peakReservedTsNs == 300);
    CHECK(p.peakReservedComponent == "APP");
    REQUIRE(peaks[0].components.size() == 2);
    CHECK(peaks[0].components[0].peakAllocatedBytes == kNoBytes); // APP has no allocated total
    // Without allocator records: the largest sum of live blocks.
    CHECK(peaks[1].device.fromBlocks);
    CHECK(peaks[1].device.peakAllocatedBytes == 10);
    CHECK(peaks[1].device.peakAllocatedTsNs == 15);
}

TEST_CASE("memory blocks: alive at a time and in a range, largest, unreleased", "[memory][analysis]") {
    MemoryData d = fixture();
    // Alive when alloc <= t < release: at 200 "add" has just been released and conv #1 just allocated.
    CHECK(ids(blocksAliveAt(d, 1, 200)) == std::vector<std::int64_t>{4, 1});
    CHECK(ids(blocksAliveAt(d, 1, 199)) == std::vector<std::int64_t>{4, 3});
    CHECK(ids(blocksAliveAt(d, 1, 300)) == std::vector<std::int64_t>{4, 1, 2});
    CHECK(ids(blocksAliveAt(d, 1, 999)) == std::vector<std::int64_t>{4});
    CHECK(ids(blocksAliveAt(d, kAllDevices, 15)) == std::vector<std::int64_t>{5, 6});
    CHECK(ids(blocksAliveIn(d, 1, {150, 160})) == std::vector<std::int64_t>{4, 3});
    CHECK(ids(blocksAliveIn(d, 1, {200, 300})) == std::vector<std::int64_t>{4, 1});
    CHECK(ids(blocksAliveIn(d, 1, {400, 401})) == std::vector<std::int64_t>{4, 1});
    CHECK(ids(largestBlocks(d, 1, 2)) == std::vector<std::int64_t>{1, 2}); // equal size: earlier first
    CHECK(ids(largestBlocks(d, 1, 10)) == std::vector<std::int64_t>{1, 2, 4, 3});
    CHECK(ids(unreleasedBlocks(d, 1)) == std::vector<std::int64_t>{4});
    CHECK(ids(unreleasedBlocks(d, kAllDevices)) == std::vector<std::int64_t>{4, 6});
    auto byOp = bytesByOperator(blocksAliveAt(d, 1, 300));
    REQUIRE(byOp.size() == 2);
    CHECK(byOp[0].operatorName == "conv");
    CHECK(byOp[0].blocks == 2);
    CHECK(byOp[0].bytes == 40);
    CHECK(byOp[1].operatorName == "relu");
    CHECK(byOp[1].bytes == 10);
}

TEST_CASE("memory fragmentation: reserved minus allocated over time and at the peak", "[memory][analysis]") {
    MemoryData d = fixture();
    auto points = fragmentationOf(d.series[1]);
    REQUIRE(points.size() == 5);
    CHECK(points[0].freeReservedBytes == 30);
    CHECK(points[2].freeReservedBytes == 30);
    CHECK(points[4].freeReservedBytes == 60);
    CHECK(points[4].share() == Approx(0.75));
    CHECK(fragmentationOf(d.series[0]).empty()); // APP: no allocated total
    auto atPeak = fragmentationAtPeak(50, 80, 300);
    REQUIRE(atPeak);
    CHECK(atPeak->freeReservedBytes == 30);
    CHECK(atPeak->share() == Approx(0.375));
    CHECK_FALSE(fragmentationAtPeak(50, kNoBytes, 300));
    CHECK(fragmentationAtPeak(90, 80, 300)->freeReservedBytes == 0); // never negative
}

TEST_CASE("memory per operator: allocations, total, peak held at once, unreleased", "[memory][analysis]") {
    MemoryData d = fixture();
    auto ops = operatorMemory(d, 1);
    REQUIRE(ops.size() == 3);
    CHECK(ops[0].operatorName == "conv");
    CHECK(ops[0].allocations == 2);
    CHECK(ops[0].totalAllocatedBytes == 40);
    CHECK(ops[0].peakBytes == 40);
    CHECK(ops[0].peakTsNs == 300);
    CHECK(ops[1].operatorName == "relu");
    CHECK(ops[1].unreleasedBytes == 10);
    CHECK(ops[2].operatorName == "add");
    CHECK(ops[2].peakBytes == 5);
}

TEST_CASE("memory summary: alive blocks at the peak or at a chosen time", "[memory][analysis]") {
    MemoryData d = fixture();
    auto atPeak = summarizeMemory(d, {});
    REQUIRE(atPeak.size() == 2);
    CHECK(atPeak[0].atIsPeak);
    CHECK(atPeak[0].atNs == 300);
    CHECK(atPeak[0].aliveBytes == 50); // equals the allocated peak: the records and blocks agree
    CHECK(atPeak[0].unreleasedBytes == 10);
    REQUIRE(atPeak[0].fragmentationAtPeak);
    CHECK(atPeak[0].fragmentationAtPeak->freeReservedBytes == 30);
    MemorySummaryOptions at;
    at.atNs = 160;
    auto summary = summarizeMemory(d, at);
    CHECK_FALSE(summary[0].atIsPeak);
    CHECK(summary[0].aliveBytes == 15);
    CHECK(summary[1].aliveBytes == 3);
}
