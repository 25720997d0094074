// Time values used everywhere in opscope: signed 64-bit nanoseconds, never a double.
#pragma once
#include <cstdint>

namespace opscope {

using TimeNs = std::int64_t;

struct TimeRange {
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    TimeNs durationNs() const { return endNs - startNs; }
    bool contains(TimeNs t) const { return t >= startNs && t < endNs; }
    bool overlaps(TimeNs s, TimeNs e) const { return s < endNs && e > startNs; }
    bool empty() const { return endNs <= startNs; }
};

} // namespace opscope
