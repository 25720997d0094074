// COMMUNICATION_OP (collective / p2p ops per group) and COMMUNICATION_TASK_INFO (their plane
// tasks) on the device's communication group ("HCCL" or "Communication", as the JSON of the same run
// names it: communicationProcessName), as the JSON timeline shows them.
#include "core/importers/ascend/msprof_db_importer.h"
#include "core/model/time_bounds.h"

#include <nlohmann/json.hpp>

namespace opscope::ascend::db_detail {

namespace {

constexpr std::int64_t kNoIdValue = 4294967295;

// Device of each op: its own deviceId column when the export has it, else the device of its tasks.
void findOpDevices(DbPass& pass) {
    if (!pass.db.hasTable("COMMUNICATION_TASK_INFO") || !pass.db.hasTable("TASK") ||
        !pass.db.hasColumn("TASK", "deviceId"))
        return;
    Statement st = pass.db.db().prepare("SELECT m.opId, min(t.deviceId) FROM COMMUNICATION_TASK_INFO m "
                                        "JOIN TASK t ON t.globalTaskId = m.globalTaskId GROUP BY m.opId");
    while (st.step())
        if (!st.isNull(1)) pass.opDevice[st.int64(0)] = static_cast<int>(st.int64(1));
}

std::string selectOrNull(MsprofDb& db, const std::string& table, const std::string& column,
                         const std::string& alias = {}) {
    return db.hasColumn(table, column) ? alias + "\"" + column + "\"" : std::string("NULL");
}

// The JSON numbers a device's communication groups ("Group 0 Communication") where the DB names them
// (a hash or "hccl_world_group"): groups numbered by their first op's start, the name kept as a metric.
std::unordered_map<std::string, std::int64_t> groupNumbers(MsprofDb& db) {
    std::unordered_map<std::string, std::int64_t> numbers;
    if (!db.hasColumn("COMMUNICATION_OP", "groupName")) return numbers;
    Statement st = db.db().prepare("SELECT groupName, min(startNs) AS first FROM COMMUNICATION_OP GROUP BY groupName "
                                   "ORDER BY first, groupName");
    while (st.step()) {
        const auto next = static_cast<std::int64_t>(numbers.size());
        numbers.emplace(db.stringColumn(st, 0), next);
    }
    return numbers;
}

void importOps(DbPass& pass, std::unordered_map<std::int64_t, std::string>& opNames) {
    MsprofDb& db = pass.db;
    const std::string table = "COMMUNICATION_OP";
    const std::unordered_map<std::string, std::int64_t> groups = groupNumbers(db);
    // Columns read by name: the exports differ (deviceId, waitNs, rankSize ...).
    const std::vector<std::string> extra = {"relay", "retry", "dataType", "algType", "count", "opType", "rankSize", "waitNs"};
    std::string sql = "SELECT opName, startNs, endNs, " + selectOrNull(db, table, "connectionId") + ", " +
                      selectOrNull(db, table, "groupName") + ", opId, " + selectOrNull(db, table, "deviceId");
    for (const std::string& c : extra) sql += ", " + selectOrNull(db, table, c);
    Statement st = db.db().prepare(sql + " FROM COMMUNICATION_OP");
    TraceSink& w = pass.ctx.writer;
    while (st.step()) {
        std::int64_t opId = st.int64(5);
        int device = !st.isNull(6) ? static_cast<int>(st.int64(6))
                                   : (pass.opDevice.count(opId) ? pass.opDevice[opId] : -1);
        std::string name = db.stringColumn(st, 0);
        std::string group = db.stringColumn(st, 4);
        opNames[opId] = name;
        ProcessId process = deviceProcess(pass.ctx, device, communicationProcessName(pass.ctx));
        nlohmann::json args = nlohmann::json::object();
        auto connection = MsprofDb::intColumn(st, 3);
        if (connection && *connection != kNoIdValue) args["connection_id"] = *connection;
        SliceInput in;
        auto number = groups.find(group);
        std::string thread = "Group " + (number == groups.end() ? group : std::to_string(number->second)) + " Communication";
        in.track = namedThreadTrack(pass.ctx, process, thread, thread);
        in.tsNs = st.int64(1);
        in.durNs = durationBetween(st.int64(1), st.int64(2));
        in.name = name;
        in.category = "communication";
        in.args = w.addArgs(args.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        PendingSliceIndex slice = w.addSlice(in);
        if (connection && *connection != kNoIdValue) pass.deviceByConnection[*connection].push_back(slice);
        w.addMetric(slice, "Comm Group", std::nullopt, group, {}, "Communication");
        for (std::size_t i = 0; i < extra.size(); ++i) {
            int col = 7 + static_cast<int>(i);
            if (st.isNull(col)) continue;
            if (extra[i] == "waitNs") {
                w.addMetric(slice, "Comm Wait Time", static_cast<double>(st.int64(col)) / 1e6, {}, "ms", "Communication");
            } else if (extra[i] == "dataType" || extra[i] == "algType" || extra[i] == "opType") {
                w.addMetric(slice, "Comm " + extra[i], std::nullopt, db.stringColumn(st, col), {}, "Communication");
            } else {
                w.addMetric(slice, "Comm " + extra[i], st.real(col), {}, {}, "Communication");
            }
        }
        ++pass.result.communicationOps;
    }
}

void importPlaneTasks(DbPass& pass, const std::unordered_map<std::int64_t, std::string>& opNames) {
    MsprofDb& db = pass.db;
    const std::string table = "COMMUNICATION_TASK_INFO";
    struct Field {
        std::string column, key, unit;
        bool stringId;
    };
    const std::vector<Field> fields = {
        {"notifyId", "notify_id", "", false}, {"srcRank", "src rank", "", false}, {"dstRank", "dst rank", "", false},
        {"transportType", "transport type", "", true}, {"size", "size", "Byte", false}, {"dataType", "data type", "", true},
        {"linkType", "link type", "", true}, {"rdmaType", "rdma type", "", true}, {"bandwidth", "bandwidth", "B/s", false}};
    std::string sql = "SELECT t.startNs, t.endNs, " + selectOrNull(db, "TASK", "deviceId", "t.") + ", m.taskType, " +
                      selectOrNull(db, table, "planeId", "m.") + ", " + selectOrNull(db, table, "opId", "m.");
    for (const Field& f : fields) sql += ", " + selectOrNull(db, table, f.column, "m.");
    Statement st = db.db().prepare(sql + " FROM COMMUNICATION_TASK_INFO m JOIN TASK t ON t.globalTaskId = m.globalTaskId");
    TraceSink& w = pass.ctx.writer;
    while (st.step()) {
        int device = st.isNull(2) ? -1 : static_cast<int>(st.int64(2));
        std::string plane = st.isNull(4) ? std::string("?") : std::to_string(st.int64(4));
        ProcessId process = deviceProcess(pass.ctx, device, communicationProcessName(pass.ctx));
        SliceInput in;
        in.track = namedThreadTrack(pass.ctx, process, "Plane " + plane, "Plane " + plane);
        in.tsNs = st.int64(0);
        in.durNs = durationBetween(st.int64(0), st.int64(1));
        std::string name = db.stringColumn(st, 3);
        in.name = name.empty() ? std::string_view("task") : std::string_view(name);
        in.category = "communication";
        PendingSliceIndex slice = w.addSlice(in);
        if (!st.isNull(5))
            if (auto it = opNames.find(st.int64(5)); it != opNames.end())
                w.addMetric(slice, "Comm Op", std::nullopt, it->second, {}, "Communication");
        for (std::size_t i = 0; i < fields.size(); ++i) {
            int col = 6 + static_cast<int>(i);
            if (st.isNull(col)) continue;
            const Field& f = fields[i];
            if (f.stringId) w.addMetric(slice, f.key, std::nullopt, db.stringColumn(st, col), f.unit, "Communication");
            else w.addMetric(slice, f.key, st.real(col), {}, f.unit, "Communication");
        }
        ++pass.result.tasks;
    }
}

} // namespace

void importCommunication(DbPass& pass) {
    findOpDevices(pass);
    std::unordered_map<std::int64_t, std::string> opNames;
    if (pass.db.hasTable("COMMUNICATION_OP")) importOps(pass, opNames);
    if (pass.db.hasTable("COMMUNICATION_TASK_INFO") && pass.db.hasTable("TASK") &&
        pass.db.hasColumn("COMMUNICATION_TASK_INFO", "taskType"))
        importPlaneTasks(pass, opNames);
}

} // namespace opscope::ascend::db_detail
