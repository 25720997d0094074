// HTA's kernel-name aggregation for the kernel-type breakdown: per name the summed duration; with more
// than topNames names, a name whose rank is ≥ topNames or whose running sum lies above the
// durationRatio quantile of the running sums goes to "others".
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"

#include <vector>

namespace opscope {

// names: (name, summed ns, count) per distinct name, any order. Returns the kept names by time
// (largest first) and "others" last when there is one.
std::vector<KernelNameTime> aggregateKernelNames(std::vector<KernelNameTime> names, int topNames, double durationRatio);

} // namespace opscope
