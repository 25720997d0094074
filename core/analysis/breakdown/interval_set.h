// Set operations on disjoint sorted interval lists (the output of mergeIntervals), and int64 sums that
// report overflow instead of wrapping: the building blocks of the device-time breakdown.
#pragma once
#include "core/analysis/breakdown/interval_union.h"

#include <vector>

namespace opscope {

// a ∩ b, both disjoint and sorted.
std::vector<Interval> intersectIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b);
// a − b, both disjoint and sorted.
std::vector<Interval> subtractIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b);
// a ∪ b, both disjoint and sorted.
std::vector<Interval> uniteIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b);

// *sum += value; false (and *sum unchanged) when the result does not fit in int64.
bool addChecked(TimeNs* sum, TimeNs value);
// Total length with overflow check.
bool checkedLengthNs(const std::vector<Interval>& disjoint, TimeNs* total);

} // namespace opscope
