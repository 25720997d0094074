#include "core/model/memory_data.h"

#include <algorithm>

namespace opscope {

bool MemorySeries::hasAllocated() const {
    return std::any_of(samples.begin(), samples.end(), [](const MemorySample& s) { return s.allocatedBytes != kNoBytes; });
}

bool MemorySeries::hasReserved() const {
    return std::any_of(samples.begin(), samples.end(), [](const MemorySample& s) { return s.reservedBytes != kNoBytes; });
}

bool MemorySeries::hasActive() const {
    return std::any_of(samples.begin(), samples.end(), [](const MemorySample& s) { return s.activeBytes != kNoBytes; });
}

bool MemorySeries::allZero() const {
    return std::all_of(samples.begin(), samples.end(), [](const MemorySample& s) {
        return s.allocatedBytes <= 0 && s.reservedBytes <= 0 && s.activeBytes <= 0;
    });
}

bool MemoryModuleSeries::allZero() const {
    return std::all_of(reservedBytes.begin(), reservedBytes.end(), [](const auto& p) { return p.second == 0; });
}

TimeNs MemoryBlock::lifetimeNs(const TimeRange& trace) const {
    return std::max<TimeNs>(0, releaseTsNs.value_or(trace.endNs) - allocTsNs.value_or(trace.startNs));
}

const MemoryDevice* MemoryData::device(std::int64_t id) const {
    for (const MemoryDevice& d : devices)
        if (d.id == id) return &d;
    return nullptr;
}

} // namespace opscope
