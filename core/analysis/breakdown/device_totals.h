// Whole-device figures of the breakdown over a set of classified slices: unions per class, their
// overlap, wait-only time, HTA's idle, and the kernel-type breakdown.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/analysis/breakdown/interval_union.h"
#include "core/store/breakdown_reader.h"

#include <vector>

namespace opscope {

// Unions of one device's slices, per class and over every slice.
struct ClassUnions {
    std::array<std::vector<Interval>, kDeviceClassCount> byClass;
    TimeNs allNs = 0;       // length of the union of every slice
    bool allFits = true;    // false: that length does not fit in int64 ns
};
ClassUnions classUnions(const std::vector<const BreakdownSlice*>& slices);

// Fills the whole-device fields of out (not name, steps). False when a sum overflows.
bool fillDeviceTotals(const std::vector<const BreakdownSlice*>& slices, const std::vector<std::string>& names,
                      const BreakdownOptions& options, DeviceBreakdown* out);

} // namespace opscope
