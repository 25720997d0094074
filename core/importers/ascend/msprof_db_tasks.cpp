// TASK joined with COMPUTE_TASK_INFO and COMMUNICATION_TASK_INFO: one slice per device task on
// its stream, with the same metric keys kernel_details.csv gives; then TASK_PMU_INFO's PMU values.
#include "core/importers/ascend/msprof_db_importer.h"
#include "core/model/time_bounds.h"

#include "core/importers/ascend/csv_values.h"
#include "core/importers/ascend/msprof_db_task_names.h"
#include "core/importers/ascend/op_columns.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <set>

namespace opscope::ascend::db_detail {

namespace {

constexpr std::int64_t kNoIdValue = 4294967295;

struct ComputeColumn {
    std::string column, key, unit, group;
    bool stringId;
};

// COMPUTE_TASK_INFO column -> kernel_details metric; unknown columns keep their own name.
ComputeColumn computeColumnOf(const std::string& column) {
    static const std::vector<ComputeColumn> known = {
        {"name", "Name", "", "Task", true}, {"opType", "Type", "", "Task", true},
        {"taskType", "Accelerator Core", "", "Task", true}, {"blockDim", "Block Dim", "", "Task", false},
        {"block_dim", "Block Dim", "", "Task", false}, {"blockNum", "Block Num", "", "Task", false},
        {"mixBlockDim", "Mix Block Dim", "", "Task", false}, {"mixBlockNum", "Mix Block Num", "", "Task", false},
        {"inputFormats", "Input Formats", "", "Shapes", true}, {"inputDataTypes", "Input Data Types", "", "Shapes", true},
        {"inputShapes", "Input Shapes", "", "Shapes", true}, {"outputFormats", "Output Formats", "", "Shapes", true},
        {"outputDataTypes", "Output Data Types", "", "Shapes", true}, {"outputShapes", "Output Shapes", "", "Shapes", true},
        {"attrInfo", "Attr Info", "", "Other", true}, {"opState", "OP State", "", "Task", true},
        {"hf32Eligible", "HF32 Eligible", "", "Task", true}, {"waitNs", "Wait Time", "us", "Timing", false},
    };
    for (const ComputeColumn& c : known)
        if (c.column == column) return c;
    return {column, column, "", "Other", false};
}

struct TaskQuery {
    std::vector<ComputeColumn> compute; // selected after the TASK columns
    bool communication = false;
    std::string sql;
};

TaskQuery buildTaskQuery(MsprofDb& db) {
    TaskQuery q;
    auto taskCol = [&](const char* name) {
        return db.hasColumn("TASK", name) ? std::string("t.") + name : std::string("NULL");
    };
    q.sql = "SELECT t.startNs, t.endNs, " + taskCol("deviceId") + ", " + taskCol("connectionId") + ", t.globalTaskId, " +
            taskCol("taskType") + ", " + taskCol("contextId") + ", " + taskCol("streamId") + ", " + taskCol("taskId") +
            ", " + taskCol("modelId");
    std::string joins;
    if (db.hasTable("COMPUTE_TASK_INFO")) {
        for (const std::string& column : db.columns("COMPUTE_TASK_INFO")) {
            if (column == "globalTaskId") continue;
            q.compute.push_back(computeColumnOf(column));
            q.sql += ", c.\"" + column + "\"";
        }
        q.sql += ", c.globalTaskId";
        joins += " LEFT JOIN COMPUTE_TASK_INFO c ON c.globalTaskId = t.globalTaskId";
    }
    if (db.hasTable("COMMUNICATION_TASK_INFO") && db.hasColumn("COMMUNICATION_TASK_INFO", "taskType")) {
        q.communication = true;
        q.sql += ", m.taskType";
        joins += " LEFT JOIN COMMUNICATION_TASK_INFO m ON m.globalTaskId = t.globalTaskId";
    }
    q.sql += " FROM TASK t" + joins;
    return q;
}

void addComputeMetrics(DbPass& pass, PendingSliceIndex slice, const TaskQuery& q, const Statement& st, int first) {
    TraceSink& w = pass.ctx.writer;
    for (std::size_t i = 0; i < q.compute.size(); ++i) {
        const ComputeColumn& c = q.compute[i];
        int col = first + static_cast<int>(i);
        if (st.isNull(col)) continue;
        if (c.column == "waitNs") {
            w.addMetric(slice, c.key, static_cast<double>(st.int64(col)) / 1000.0, {}, c.unit, c.group);
        } else if (c.stringId) {
            std::string text = pass.db.stringColumn(st, col);
            std::string_view v = cleanCell(text);
            if (isMissing(v)) w.addMetric(slice, c.key, std::nullopt, "N/A", c.unit, c.group);
            else w.addMetric(slice, c.key, std::nullopt, v, c.unit, c.group);
        } else if (st.columnType(col) == SQLITE_INTEGER || st.columnType(col) == SQLITE_FLOAT) {
            w.addMetric(slice, c.key, st.real(col), {}, c.unit, c.group);
        } else {
            w.addMetric(slice, c.key, std::nullopt, st.text(col), c.unit, c.group);
        }
    }
}

void addTaskMetrics(TraceSink& w, PendingSliceIndex slice, TimeNs start, TimeNs end, std::int64_t stream,
                    std::int64_t task, std::optional<std::int64_t> model, std::optional<std::int64_t> context,
                    int device) {
    w.addMetric(slice, "Start Time", std::nullopt, microsText(start), "us", "Timing");
    w.addMetric(slice, "Duration", static_cast<double>(durationBetween(start, end)) / 1000.0, {}, "us", "Timing");
    w.addMetric(slice, "Device_id", device, {}, {}, "Task");
    w.addMetric(slice, "Stream ID", static_cast<double>(stream), {}, {}, "Task");
    w.addMetric(slice, "Task ID", static_cast<double>(task), {}, {}, "Task");
    if (model) {
        if (*model == kNoIdValue) w.addMetric(slice, "Model ID", std::nullopt, "none", {}, "Task");
        else w.addMetric(slice, "Model ID", static_cast<double>(*model), {}, {}, "Task");
    }
    if (context) {
        if (*context == kNoIdValue) w.addMetric(slice, "Context ID", std::nullopt, "none", {}, "Task");
        else w.addMetric(slice, "Context ID", static_cast<double>(*context), {}, {}, "Task");
    }
}

// A task COMPUTE_TASK_INFO does not name, or names only by its task type: the communication op of
// its connection (HCCL tasks), else the operator that launched it, else its OP type; the task type
// stays only when the export holds nothing else about the task.
std::string taskNameFallback(const TaskNamer& namer, std::optional<std::int64_t> connection, const std::string& opType,
                             const std::string& hostType) {
    if (connection && *connection != kNoIdValue) {
        if (const std::string& op = namer.communicationOp(*connection); !op.empty()) return op;
        if (const std::string& op = namer.launchingOperator(*connection); !op.empty()) return op;
    }
    if (!opType.empty() && !isMissing(cleanCell(opType))) return opType;
    return hostType.empty() ? std::string("task") : hostType;
}

} // namespace

std::string microsText(TimeNs ns) {
    TimeNs us = ns / 1000, frac = ns % 1000;
    if (frac < 0) {
        frac += 1000;
        us -= 1;
    }
    std::string f = std::to_string(frac);
    return std::to_string(us) + "." + std::string(3 - f.size(), '0') + f;
}

void importTasks(DbPass& pass) {
    if (!pass.db.hasTable("TASK")) return;
    UnitContext& ctx = pass.ctx;
    TraceSink& w = ctx.writer;
    TaskQuery q = buildTaskQuery(pass.db);
    Statement st = pass.db.db().prepare(q.sql);
    const int computeFirst = 10;
    const int computeId = computeFirst + static_cast<int>(q.compute.size());
    const int commType = q.compute.empty() ? computeFirst : computeId + 1;
    std::set<TrackId> computeTracks;
    const TaskNamer namer(pass.db);
    while (st.step()) {
        TimeNs start = st.int64(0), end = st.int64(1);
        int device = ctx.deviceOr(st.isNull(2) ? -1 : static_cast<int>(st.int64(2)));
        std::int64_t stream = st.isNull(7) ? -1 : st.int64(7), task = st.isNull(8) ? -1 : st.int64(8);
        auto model = MsprofDb::intColumn(st, 9);
        auto context = MsprofDb::intColumn(st, 6);
        bool compute = !q.compute.empty() && !st.isNull(computeId);
        std::string hostType = pass.db.stringColumn(st, 5);
        std::string name, core, opType;
        for (std::size_t i = 0; compute && i < q.compute.size(); ++i) {
            if (q.compute[i].column == "name") name = pass.db.stringColumn(st, computeFirst + static_cast<int>(i));
            if (q.compute[i].column == "taskType") core = pass.db.stringColumn(st, computeFirst + static_cast<int>(i));
            if (q.compute[i].column == "opType") opType = pass.db.stringColumn(st, computeFirst + static_cast<int>(i));
        }
        auto connection = MsprofDb::intColumn(st, 3);
        if (name.empty() && q.communication && !st.isNull(commType)) name = pass.db.stringColumn(st, commType);
        if (name.empty() || TaskNamer::isPlaceholder(name))
            name = taskNameFallback(namer, connection, opType, hostType);
        nlohmann::json args = {{"Task Type", core.empty() ? hostType : core}, {"Physic Stream Id", stream},
                               {"Task Id", task}};
        if (model) args["Model Id"] = *model;
        if (context) args["Context Id"] = *context;
        if (connection && *connection != kNoIdValue) args["connection_id"] = *connection;
        SliceInput in;
        in.track = streamTrack(ctx, device, stream);
        in.tsNs = start;
        in.durNs = durationBetween(start, end);
        in.name = name;
        in.args = w.addArgs(args.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        PendingSliceIndex slice = w.addSlice(in);
        pass.taskSlices.emplace(st.int64(4), slice);
        if (connection && *connection != kNoIdValue) pass.deviceByConnection[*connection].push_back(slice);
        ++pass.result.tasks;
        if (AscendTimeline::isComputeTaskType(core)) computeTracks.insert(in.track);
        if (!compute) continue;
        ++pass.result.computeTasks;
        addTaskMetrics(w, slice, start, end, stream, task, model, context, device);
        addComputeMetrics(pass, slice, q, st, computeFirst);
        for (std::size_t i = 0; i < q.compute.size(); ++i)
            if (q.compute[i].column == "opType") w.setSliceType(slice, pass.db.stringColumn(st, computeFirst + static_cast<int>(i)));
    }
    for (TrackId track : computeTracks) w.setTrackCompute(track, true);
}

// TASK_PMU_INFO is long (one row per task and metric). Times are ns there; the CSV columns are µs.
void importTaskPmu(DbPass& pass) {
    if (!pass.db.hasTable("TASK_PMU_INFO")) return;
    Statement st = pass.db.db().prepare("SELECT globalTaskId, name, value FROM TASK_PMU_INFO");
    while (st.step()) {
        auto it = pass.taskSlices.find(st.int64(0));
        if (it == pass.taskSlices.end() || st.isNull(2)) continue;
        std::string name = pass.db.stringColumn(st, 1);
        double value = st.real(2);
        std::string unit;
        if (name == "aic_total_time") name = "aicore_time";
        else if (name == "aiv_total_time") name = "aiv_time";
        if (name.ends_with("_time")) {
            unit = "us";
            value /= 1000.0;
        }
        std::string group = pmuGroupOf(name);
        pass.ctx.writer.addMetric(it->second, name, value, {}, unit, group.empty() ? "Other" : group);
    }
}

} // namespace opscope::ascend::db_detail
