// Which slices make up each operator row of an analysis, so that a table row or a heatmap cell can hand
// its executions to the timeline. Built on the worker from the same grouping the analysis used; immutable.
#pragma once
#include "core/analysis/operators/operator_grouping.h"
#include "core/analysis/snapshot/store_access.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

class OperatorExecutions {
public:
    enum class Match { Starting, Overlapping }; // slices starting in the range, or touching it

    OperatorExecutions() = default;
    OperatorExecutions(std::shared_ptr<const StoreSnapshot> snapshot, OperatorGrouping grouping);

    bool empty() const { return !snapshot_; }
    const StoreSnapshot* snapshot() const { return snapshot_.get(); }
    // -1 when no group has this label.
    int groupOf(const std::string& label) const;
    // Group of a slice by store id, -1 when the slice is not in the snapshot or not grouped.
    int groupOfSlice(std::int64_t sliceId) const;
    const std::string& label(int group) const { return grouping_.labels[static_cast<std::size_t>(group)]; }

    // Store ids of the groups' slices (all of them when range is none), by start time then id.
    std::vector<std::int64_t> executions(const std::vector<int>& groups, const std::optional<TimeRange>& range,
                                         Match match) const;
    // Every grouped slice whose group is not among `groups` (the heatmap's "(other)" row).
    std::vector<std::int64_t> executionsExcept(const std::vector<int>& groups, const std::optional<TimeRange>& range,
                                               Match match) const;

private:
    std::vector<std::int64_t> collect(const std::vector<bool>& wanted, const std::optional<TimeRange>& range,
                                      Match match) const;

    std::shared_ptr<const StoreSnapshot> snapshot_;
    OperatorGrouping grouping_;
    std::unordered_map<std::string, int> groupOfLabel_;
};

} // namespace opscope
