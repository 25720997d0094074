#include "core/analysis/memory/memory_summary.h"

namespace opscope {

std::vector<DeviceMemorySummary> summarizeMemory(const MemoryData& data, const MemorySummaryOptions& options) {
    std::vector<DeviceMemoryPeaks> peaks = devicePeaks(data);
    std::vector<DeviceMemorySummary> out;
    for (std::size_t i = 0; i < data.devices.size(); ++i) {
        DeviceMemorySummary s;
        s.device = data.devices[i];
        s.peaks = peaks[i];
        const MemoryPeak& p = s.peaks.device;
        s.fragmentationAtPeak = fragmentationAtPeak(p.peakAllocatedBytes, p.reservedAtPeakBytes, p.peakAllocatedTsNs);
        s.atIsPeak = !options.atNs.has_value();
        s.atNs = options.atNs.value_or(p.peakAllocatedTsNs);
        s.alive = blocksAliveAt(data, s.device.id, s.atNs);
        s.aliveBytes = totalBytes(s.alive);
        s.aliveByOperator = bytesByOperator(s.alive);
        s.largest = largestBlocks(data, s.device.id, options.topN);
        s.unreleased = unreleasedBlocks(data, s.device.id);
        s.unreleasedBytes = totalBytes(s.unreleased);
        s.operators = operatorMemory(data, s.device.id);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace opscope
