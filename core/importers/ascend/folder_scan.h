// Finds the Ascend files below a path and groups them into units (one torch_npu *_ascend_pt, one
// PROF_* or one device folder each), classifying every file by its content (JSON head, CSV header,
// SQLite tables) and its name only as a hint. Also decides which files are left out, and why.
#pragma once
#include <string>
#include <vector>

namespace opscope::ascend {

enum class FileKind {
    Timeline,      // Chrome trace JSON: trace_view.json, msprof_*.json, step_trace_*.json
    OpRows,        // kernel_details.csv, op_summary_*.csv, task_time_*.csv
    L2Cache,       // l2_cache.csv
    StepTrace,     // step_trace_time.csv, step_trace_*.csv
    Communication, // communication.json
    CommunicationMatrix, // communication_matrix.json
    Counter,       // hbm, ddr, npu_mem, memory_record ... CSVs
    Memory,        // operator_memory.csv: per-operator allocations (memory_allocation)
    Database,      // msprof_*.db, ascend_pytorch_profiler_*.db
    Statistics,    // op_statistic.csv, api_statistic.csv, operator_details.csv (statistics_csv_importer.h)
    TaskTimeMerge, // legacy task_time_*.json beside msprof_*.json: merged into its tasks (task_time_merge.h)
    BadFile,       // named like an Ascend file but its content is not a known layout
    Skipped,       // an Ascend file opscope does not import (statistics, metadata ...)
    Unknown,       // not an Ascend file
};

struct ScannedFile {
    std::string path;
    FileKind kind = FileKind::Unknown;
    std::string role;        // source_file role: "timeline", "kernel_details", "op_summary", "counters" ...
    std::string counterKind; // FileKind::Counter / Memory: "hbm", "memory_record", "operator_memory" ...
    std::string reason;      // FileKind::Skipped / BadFile: why
    std::string sample;      // FileKind::BadFile: the start of the offending header
    std::int64_t sizeBytes = 0;
};

struct ScanUnit {
    std::string root;      // the unit's folder
    int device = -1;       // from a device_<n> folder name; -1: files decide
    int rank = -1;         // from profiler_info_<rank>.json or info.json.<device>; -1: unknown
    std::string host;      // from info.json hostname or the *_ascend_pt folder name; empty: unknown
    std::vector<ScannedFile> files;   // to import, in import order
    std::vector<ScannedFile> skipped; // left out, with reason
};

struct FolderScan {
    std::vector<ScanUnit> units;
};

// Classifies one file by name and content.
ScannedFile classifyFile(const std::string& path);

// A folder: walks it (raw data and log folders are not entered). A file: one unit with that file.
FolderScan scanAscendPath(const std::string& path);

} // namespace opscope::ascend
