#include "core/importers/ascend/op_columns.h"

#include "core/importers/ascend/csv_values.h"

#include <array>

namespace opscope::ascend {

namespace {

int findColumn(const std::vector<std::string>& lowered, std::initializer_list<std::string_view> names) {
    for (std::string_view name : names)
        for (std::size_t i = 0; i < lowered.size(); ++i)
            if (lowered[i] == name) return static_cast<int>(i);
    return -1;
}

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// Stems of PMU metrics that older chips write without an aic_/aiv_ prefix.
constexpr std::array<std::string_view, 22> kPmuStems = {
    "total_cycles", "mac_", "vec_", "scalar_", "mte1_", "mte2_", "mte3_", "fixpipe_", "icache_", "memory_bound",
    "ub_", "l0a_", "l0b_", "l0c_", "l1_", "l2_", "main_mem_", "cube_", "vector_", "write_cache", "read_cache",
    "cycles"};

const std::array<std::string_view, 24> kTaskColumns = {
    "step id", "device_id", "device id", "model id", "model name", "infer id", "task id", "stream id", "name",
    "op name", "type", "op type", "op state", "accelerator core", "task type", "block dim", "block num",
    "mix block dim", "mix block num", "hf32 eligible", "context id", "kernel_name", "kernel_type", "stream_id"};

std::string groupOf(std::string_view lowered, bool afterShapes) {
    std::string pmu = pmuGroupOf(lowered);
    if (!pmu.empty()) return pmu;
    if (startsWith(lowered, "input ") || startsWith(lowered, "output ")) return "Shapes";
    for (std::string_view task : kTaskColumns)
        if (lowered == task) return "Task";
    if (lowered == "task_id") return "Task";
    // Past the shape columns come only PMU counters, whatever a CANN version calls them.
    if (afterShapes && !lowered.empty() && lowered.front() >= 'a' && lowered.front() <= 'z') return "AI Core PMU";
    return "Other";
}

} // namespace

const char* opLayoutName(OpLayout layout) {
    switch (layout) {
    case OpLayout::KernelDetails: return "kernel_details";
    case OpLayout::OpSummary: return "op_summary";
    case OpLayout::TaskTime: return "task_time";
    }
    return "?";
}

std::string pmuGroupOf(std::string_view key) {
    std::string lowered = lowerAscii(key);
    if (startsWith(lowered, "aiv_")) return "AI Vector PMU";
    if (startsWith(lowered, "aic_") || startsWith(lowered, "aicore_") || startsWith(lowered, "cube_utilization"))
        return "AI Core PMU";
    for (std::string_view stem : kPmuStems)
        if (startsWith(lowered, stem)) return "AI Core PMU";
    return {};
}

std::optional<OpColumns> detectOpColumns(const std::vector<std::string>& header) {
    std::vector<std::string> lowered;
    lowered.reserve(header.size());
    for (const std::string& h : header) lowered.push_back(lowerAscii(cleanCell(h)));
    OpColumns c;
    c.name = findColumn(lowered, {"name", "op name", "kernel_name"});
    c.start = findColumn(lowered, {"start time(us)", "task start time(us)", "task_start(us)"});
    c.duration = findColumn(lowered, {"duration(us)", "task duration(us)", "task_time(us)"});
    if (c.name < 0 || c.start < 0 || c.duration < 0) return std::nullopt;
    if (lowered[c.name] == "kernel_name") c.layout = OpLayout::TaskTime;
    else if (lowered[c.name] == "op name") c.layout = OpLayout::OpSummary;
    else c.layout = OpLayout::KernelDetails;
    c.type = findColumn(lowered, {"type", "op type"});
    c.core = findColumn(lowered, {"accelerator core", "task type", "kernel_type"});
    c.wait = findColumn(lowered, {"wait time(us)", "task wait time(us)"});
    c.stream = findColumn(lowered, {"stream id", "stream_id"});
    c.task = findColumn(lowered, {"task id", "task_id"});
    c.device = findColumn(lowered, {"device_id", "device id"});
    c.step = findColumn(lowered, {"step id"});
    c.context = findColumn(lowered, {"context id"});
    int lastShape = -1;
    for (std::size_t i = 0; i < lowered.size(); ++i)
        if (startsWith(lowered[i], "input ") || startsWith(lowered[i], "output ")) lastShape = static_cast<int>(i);
    int pmuFrom = std::max(lastShape, c.context);
    for (std::size_t i = 0; i < header.size(); ++i) {
        MetricColumn m;
        m.header = std::string(cleanCell(header[i]));
        ColumnName split = splitColumnName(m.header);
        m.key = split.key;
        m.unit = split.unit;
        int index = static_cast<int>(i);
        bool timing = index == c.start || index == c.duration || index == c.wait || lowered[i] == "task_stop(us)";
        m.group = timing ? "Timing" : groupOf(lowered[i], pmuFrom >= 0 && index > pmuFrom);
        // Shapes, data types and formats are text whatever they look like: a one-dimensional shape
        // ("544404480") is not a number to average or to lose from the shape columns.
        m.kind = index == c.start || lowered[i] == "task_stop(us)" ? CellKind::Time
                 : m.group == "Shapes"                             ? CellKind::Text
                                                                   : CellKind::Number;
        std::string lk = lowerAscii(m.key);
        m.idColumn = lk.size() >= 2 && (lk.ends_with(" id") || lk.ends_with("_id"));
        if (m.key.empty()) m.key = "column " + std::to_string(i + 1);
        c.columns.push_back(std::move(m));
    }
    return c;
}

} // namespace opscope::ascend
