#include "core/analysis/launch/launched_work.h"

#include <algorithm>

namespace opscope {

void LaunchedWorkBuilder::add(std::int64_t deviceKey, TimeNs startNs, TimeNs endNs, bool linked, TimeNs callTsNs) {
    if (endNs < startNs) return;
    if (linked) work_.byCall.push_back({callTsNs, startNs, endNs, deviceKey});
    else work_.unlinked[deviceKey].push_back({startNs, endNs});
}

LaunchedWork LaunchedWorkBuilder::finish() {
    std::sort(work_.byCall.begin(), work_.byCall.end(),
              [](const LaunchedInterval& a, const LaunchedInterval& b) { return a.callTsNs < b.callTsNs; });
    for (auto& [device, list] : work_.unlinked) {
        std::sort(list.begin(), list.end(), [](const Interval& a, const Interval& b) { return a.startNs < b.startNs; });
        mergeIntervals(list);
    }
    return std::move(work_);
}

std::map<std::int64_t, std::vector<Interval>> LaunchedWork::claimedBy(const std::vector<Interval>& hostWindows) const {
    std::map<std::int64_t, std::vector<Interval>> out;
    for (const Interval& w : hostWindows) {
        auto first = std::lower_bound(byCall.begin(), byCall.end(), w.startNs,
                                      [](const LaunchedInterval& l, TimeNs t) { return l.callTsNs < t; });
        for (auto it = first; it != byCall.end() && it->callTsNs < w.endNs; ++it)
            out[it->deviceKey].push_back({it->startNs, it->endNs});
        for (const auto& [device, list] : unlinked) {
            auto from = std::lower_bound(list.begin(), list.end(), w.startNs,
                                         [](const Interval& iv, TimeNs t) { return iv.endNs <= t; });
            for (auto it = from; it != list.end() && it->startNs < w.endNs; ++it)
                out[device].push_back({std::max(it->startNs, w.startNs), std::min(it->endNs, w.endNs)});
        }
    }
    for (auto& [device, list] : out) {
        std::sort(list.begin(), list.end(), [](const Interval& a, const Interval& b) { return a.startNs < b.startNs; });
        mergeIntervals(list);
    }
    return out;
}

} // namespace opscope
