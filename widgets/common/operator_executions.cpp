#include "widgets/common/operator_executions.h"

#include "core/analysis/snapshot/metric_access.h"

#include <algorithm>

namespace opscope {

OperatorExecutions::OperatorExecutions(std::shared_ptr<const StoreSnapshot> snapshot, OperatorGrouping grouping)
    : snapshot_(std::move(snapshot)), grouping_(std::move(grouping)) {
    for (std::size_t g = 0; g < grouping_.labels.size(); ++g)
        groupOfLabel_.emplace(grouping_.labels[g], static_cast<int>(g));
}

int OperatorExecutions::groupOf(const std::string& label) const {
    auto it = groupOfLabel_.find(label);
    return it == groupOfLabel_.end() ? -1 : it->second;
}

int OperatorExecutions::groupOfSlice(std::int64_t sliceId) const {
    if (!snapshot_) return -1;
    const std::int64_t index = snapshot_->slices.indexOfSlice(sliceId);
    if (index < 0 || static_cast<std::size_t>(index) >= grouping_.groupOfSlice.size()) return -1;
    const std::uint32_t g = grouping_.groupOfSlice[static_cast<std::size_t>(index)];
    return g == kNoGroup ? -1 : static_cast<int>(g);
}

std::vector<std::int64_t> OperatorExecutions::collect(const std::vector<bool>& wanted,
                                                      const std::optional<TimeRange>& range, Match match) const {
    std::vector<std::int64_t> out;
    if (!snapshot_) return out;
    const SpillableArray<SliceRecord>& slices = snapshot_->slices.slices;
    std::vector<std::pair<TimeNs, std::int64_t>> found;
    for (std::size_t i = 0; i < slices.size() && i < grouping_.groupOfSlice.size(); ++i) {
        const std::uint32_t g = grouping_.groupOfSlice[i];
        if (g == kNoGroup || g >= wanted.size() || !wanted[g]) continue;
        const SliceRecord& s = slices[i];
        if (range) {
            const bool in = match == Match::Starting ? range->contains(s.tsNs)
                                                     : range->overlaps(s.tsNs, std::max(s.endNs(), s.tsNs + 1));
            if (!in) continue;
        }
        found.emplace_back(s.tsNs, s.id);
    }
    std::sort(found.begin(), found.end());
    out.reserve(found.size());
    for (const auto& f : found) out.push_back(f.second);
    return out;
}

std::vector<std::int64_t> OperatorExecutions::executions(const std::vector<int>& groups,
                                                         const std::optional<TimeRange>& range, Match match) const {
    std::vector<bool> wanted(grouping_.labels.size(), false);
    for (int g : groups)
        if (g >= 0 && static_cast<std::size_t>(g) < wanted.size()) wanted[static_cast<std::size_t>(g)] = true;
    return collect(wanted, range, match);
}

std::vector<std::int64_t> OperatorExecutions::executionsExcept(const std::vector<int>& groups,
                                                               const std::optional<TimeRange>& range,
                                                               Match match) const {
    std::vector<bool> wanted(grouping_.labels.size(), true);
    for (int g : groups)
        if (g >= 0 && static_cast<std::size_t>(g) < wanted.size()) wanted[static_cast<std::size_t>(g)] = false;
    return collect(wanted, range, match);
}

} // namespace opscope
