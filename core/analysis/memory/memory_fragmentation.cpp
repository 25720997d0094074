#include "core/analysis/memory/memory_fragmentation.h"

#include <algorithm>

namespace opscope {

std::vector<FragmentationPoint> fragmentationOf(const MemorySeries& series) {
    std::vector<FragmentationPoint> out;
    for (const MemorySample& s : series.samples) {
        if (s.allocatedBytes == kNoBytes || s.reservedBytes == kNoBytes) continue;
        out.push_back({s.tsNs, std::max<std::int64_t>(0, s.reservedBytes - s.allocatedBytes), s.reservedBytes});
    }
    return out;
}

std::optional<FragmentationPoint> fragmentationAtPeak(std::int64_t peakAllocatedBytes, std::int64_t reservedAtPeakBytes,
                                                      TimeNs peakTsNs) {
    if (peakAllocatedBytes == kNoBytes || reservedAtPeakBytes == kNoBytes) return std::nullopt;
    return FragmentationPoint{peakTsNs, std::max<std::int64_t>(0, reservedAtPeakBytes - peakAllocatedBytes),
                              reservedAtPeakBytes};
}

} // namespace opscope
