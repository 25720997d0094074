// A legacy msprof device folder's task_time_*.json beside its msprof_*.json: the same device tasks
// again, with values the timeline lacks (Aicore Time(ms), Total Cycle). Each task is joined to the
// timeline's slice of the same (stream, task id, start) and gains those values as metrics; a task the
// timeline does not have becomes a slice of its own. No task is imported twice.
#pragma once
#include "core/importers/ascend/ascend_unit.h"

namespace opscope::ascend {

struct TaskTimeMergeResult {
    std::int64_t tasks = 0;  // X events read
    std::int64_t joined = 0; // joined to a timeline slice
    std::int64_t added = 0;  // imported as slices of their own
    std::int64_t values = 0; // metrics added to joined slices
};

// False with error set when the file is not a readable Chrome trace (what was merged before stays).
bool mergeTaskTimeJson(UnitContext& ctx, const std::string& path, TaskTimeMergeResult* result, Error* error);

} // namespace opscope::ascend
