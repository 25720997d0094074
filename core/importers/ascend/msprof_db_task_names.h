// Names for DB device tasks that COMPUTE_TASK_INFO does not name: the text export shows the
// communication op or the launching operator there, while TASK.taskType holds only a placeholder
// (AI_CORE, KERNEL_AICORE ...). Looked up through connectionId, as MindStudio Insight joins them.
#pragma once
#include "core/importers/ascend/msprof_db.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace opscope::ascend::db_detail {

class TaskNamer {
public:
    // Reads COMMUNICATION_OP, CANN_API and PYTORCH_API (with CONNECTION_IDS) names by connectionId.
    explicit TaskNamer(MsprofDb& db);

    // True for the task-type texts msprof writes where a name is missing.
    static bool isPlaceholder(std::string_view name);

    // The communication op a connection id belongs to ("" when none).
    const std::string& communicationOp(std::int64_t connectionId) const;
    // The operator that launched the task: the CANN node / API, else the PyTorch op ("" when none).
    const std::string& launchingOperator(std::int64_t connectionId) const;

private:
    std::unordered_map<std::int64_t, std::string> communication_, cann_, pytorch_;
};

} // namespace opscope::ascend::db_detail
