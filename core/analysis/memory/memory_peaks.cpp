#include "core/analysis/memory/memory_peaks.h"

#include <algorithm>

namespace opscope {

namespace {

// Larger, or as large and earlier: the first record reaching the maximum wins.
bool beats(std::int64_t bytes, TimeNs tsNs, std::int64_t bestBytes, TimeNs bestTsNs) {
    return bytes > bestBytes || (bytes == bestBytes && bytes != kNoBytes && tsNs < bestTsNs);
}

} // namespace

MemoryPeak seriesPeak(const MemorySeries& series) {
    MemoryPeak p;
    p.deviceId = series.deviceId;
    p.component = series.component;
    p.peakReservedComponent = series.component;
    for (const MemorySample& s : series.samples) {
        if (s.allocatedBytes > p.peakAllocatedBytes) {
            p.peakAllocatedBytes = s.allocatedBytes;
            p.peakAllocatedTsNs = s.tsNs;
            p.reservedAtPeakBytes = s.reservedBytes;
        }
        if (s.reservedBytes > p.peakReservedBytes) {
            p.peakReservedBytes = s.reservedBytes;
            p.peakReservedTsNs = s.tsNs;
        }
    }
    return p;
}

BlockPeak blocksPeak(const std::vector<const MemoryBlock*>& blocks, TimeNs traceStartNs) {
    std::vector<std::pair<TimeNs, std::int64_t>> steps; // (ts, delta); releases sort before allocations
    steps.reserve(blocks.size() * 2);
    for (const MemoryBlock* b : blocks) {
        steps.emplace_back(b->allocTsNs.value_or(traceStartNs), b->sizeBytes);
        if (b->releaseTsNs) steps.emplace_back(*b->releaseTsNs, -b->sizeBytes);
    }
    std::sort(steps.begin(), steps.end());
    BlockPeak peak;
    std::int64_t alive = 0;
    for (const auto& [ts, delta] : steps) {
        if (__builtin_add_overflow(alive, delta, &alive)) alive = delta > 0 ? INT64_MAX : INT64_MIN;
        if (alive > peak.bytes) peak = {alive, ts};
    }
    return peak;
}

std::vector<DeviceMemoryPeaks> devicePeaks(const MemoryData& data) {
    std::vector<DeviceMemoryPeaks> out;
    for (const MemoryDevice& d : data.devices) {
        DeviceMemoryPeaks peaks;
        MemoryPeak& best = peaks.device;
        best.deviceId = d.id;
        for (const MemorySeries& s : data.series) {
            if (s.deviceId != d.id) continue;
            MemoryPeak p = seriesPeak(s);
            peaks.components.push_back(p);
            if (beats(p.peakAllocatedBytes, p.peakAllocatedTsNs, best.peakAllocatedBytes, best.peakAllocatedTsNs)) {
                best.peakAllocatedBytes = p.peakAllocatedBytes;
                best.peakAllocatedTsNs = p.peakAllocatedTsNs;
                best.reservedAtPeakBytes = p.reservedAtPeakBytes;
                best.component = p.component;
            }
            if (beats(p.peakReservedBytes, p.peakReservedTsNs, best.peakReservedBytes, best.peakReservedTsNs)) {
                best.peakReservedBytes = p.peakReservedBytes;
                best.peakReservedTsNs = p.peakReservedTsNs;
                best.peakReservedComponent = p.component;
            }
        }
        if (best.peakAllocatedBytes == kNoBytes) {
            std::vector<const MemoryBlock*> blocks;
            for (const MemoryBlock& b : data.blocks)
                if (b.deviceId == d.id) blocks.push_back(&b);
            if (!blocks.empty()) {
                BlockPeak bp = blocksPeak(blocks, data.traceRange.startNs);
                best.peakAllocatedBytes = bp.bytes;
                best.peakAllocatedTsNs = bp.tsNs;
                best.fromBlocks = true;
            }
        }
        out.push_back(std::move(peaks));
    }
    return out;
}

} // namespace opscope
