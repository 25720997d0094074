#include "core/importers/ascend/msprof_db_task_names.h"

#include <array>

namespace opscope::ascend::db_detail {

namespace {

constexpr std::int64_t kNoIdValue = 4294967295;
const std::string kEmpty;

// "Node@launch" and friends name the call, not the operator.
bool namesOperator(const std::string& name) { return !name.empty() && name.find('@') == std::string::npos; }

} // namespace

TaskNamer::TaskNamer(MsprofDb& db) {
    if (db.hasTable("COMMUNICATION_OP") && db.hasColumn("COMMUNICATION_OP", "connectionId")) {
        Statement st = db.db().prepare("SELECT connectionId, opName FROM COMMUNICATION_OP WHERE connectionId IS NOT NULL");
        while (st.step())
            if (st.int64(0) != kNoIdValue) communication_.emplace(st.int64(0), db.stringColumn(st, 1));
    }
    if (db.hasTable("CANN_API") && db.hasColumn("CANN_API", "connectionId")) {
        // The innermost (latest starting) named call of a connection is the operator's own launch.
        Statement st = db.db().prepare("SELECT connectionId, name FROM CANN_API WHERE connectionId IS NOT NULL "
                                       "ORDER BY startNs");
        while (st.step()) {
            std::string name = db.stringColumn(st, 1);
            if (st.int64(0) != kNoIdValue && namesOperator(name)) cann_[st.int64(0)] = name;
        }
    }
    if (db.hasTable("PYTORCH_API") && db.hasTable("CONNECTION_IDS") && db.hasColumn("PYTORCH_API", "connectionId")) {
        Statement st = db.db().prepare("SELECT c.connectionId, p.name FROM PYTORCH_API p "
                                       "JOIN CONNECTION_IDS c ON c.id = p.connectionId");
        while (st.step()) {
            std::string name = db.stringColumn(st, 1);
            if (!st.isNull(0) && namesOperator(name)) pytorch_.emplace(st.int64(0), name);
        }
    }
}

bool TaskNamer::isPlaceholder(std::string_view name) {
    static constexpr std::array<std::string_view, 9> kPlaceholders = {
        "AI_CORE", "AI_VECTOR_CORE", "AI_CPU", "MIX_AIC", "MIX_AIV", "KERNEL_AICORE", "KERNEL_AIVEC",
        "KERNEL_AICPU", "KERNEL_MIX_AIC"};
    for (std::string_view p : kPlaceholders)
        if (name == p) return true;
    return name.substr(0, 7) == "KERNEL_";
}

const std::string& TaskNamer::communicationOp(std::int64_t connectionId) const {
    auto it = communication_.find(connectionId);
    return it == communication_.end() ? kEmpty : it->second;
}

const std::string& TaskNamer::launchingOperator(std::int64_t connectionId) const {
    if (auto it = cann_.find(connectionId); it != cann_.end()) return it->second;
    if (auto it = pytorch_.find(connectionId); it != pytorch_.end()) return it->second;
    return kEmpty;
}

} // namespace opscope::ascend::db_detail
