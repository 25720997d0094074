// The largest-bubble table of a BubbleReport (operators at the edges, overlapping host work).
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"

namespace opscope {

void fillBubbleDetails(const StoreSnapshot& snap, const HostActivity& host, const BubbleOptions& options,
                       const std::vector<std::int64_t>& computeIds, BubbleReport* out);

} // namespace opscope
