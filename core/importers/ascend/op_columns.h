// The column layouts of per-task CSVs (torch_npu kernel_details.csv, msprof op_summary_*.csv,
// task_time_*.csv): which header names play which role, and the metric group of every column.
// Layouts drift between CANN versions, so everything is looked up by header name, never position.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::ascend {

enum class OpLayout { KernelDetails, OpSummary, TaskTime };
const char* opLayoutName(OpLayout layout);

enum class CellKind { Text, Number, Time }; // Text: as written (shapes, types); Time: exact µs text, never a double

struct MetricColumn {
    std::string header; // as written
    std::string key;    // header without its unit
    std::string unit;
    std::string group;  // "Timing", "Shapes", "AI Core PMU", "AI Vector PMU", "Task", "Other"
    CellKind kind = CellKind::Number;
    bool idColumn = false; // 4294967295 here means "none"
};

struct OpColumns {
    OpLayout layout = OpLayout::KernelDetails;
    int name = -1, type = -1, core = -1, start = -1, duration = -1, wait = -1;
    int stream = -1, task = -1, device = -1, step = -1, context = -1;
    std::vector<MetricColumn> columns; // one per header cell
};

// nullopt when the header is not a per-task layout (no name, start time or duration column).
std::optional<OpColumns> detectOpColumns(const std::vector<std::string>& header);

// Metric group of a PMU-style column name: "AI Core PMU", "AI Vector PMU" or "" when not PMU.
std::string pmuGroupOf(std::string_view key);

} // namespace opscope::ascend
