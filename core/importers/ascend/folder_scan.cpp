#include "core/importers/ascend/folder_scan.h"

#include "core/importers/ascend/communication_importer.h"
#include "core/importers/ascend/counter_csv_importer.h"
#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"
#include "core/importers/ascend/l2_cache_importer.h"
#include "core/importers/ascend/memory_csv_importer.h"
#include "core/importers/ascend/msprof_db_importer.h"
#include "core/importers/ascend/op_rows_importer.h"
#include "core/importers/ascend/rank_identity.h"
#include "core/importers/ascend/statistics_csv_importer.h"
#include "core/importers/ascend/step_trace_importer.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>

namespace opscope::ascend {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxDepth = 8;
constexpr std::size_t kMaxEntries = 200000;

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }
bool endsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string readHead(const std::string& path, std::size_t bytes) {
    std::string head(bytes, '\0');
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return {};
    head.resize(std::fread(head.data(), 1, bytes, f));
    std::fclose(f);
    return head;
}

struct SkipName {
    std::string_view prefix, reason;
};
// Ascend side files that do not go on the timeline.
constexpr std::array<SkipName, 15> kSkippedCsv = {{
    {"op_statistic", "per-type statistics; opscope computes them from the kernel rows"},
    {"api_statistic", "per-API statistics; opscope computes them from the timeline"},
    {"communication_statistic", "per-type communication statistics"},
    {"operator_details", "per-operator totals without times"},
    {"static_op_mem", "static allocation records"},
    {"fusion_op", "fusion table without times"},
    {"aicpu", "AI CPU detail rows (the timeline has these tasks)"},
    {"msprof_tx", "msproftx rows (the timeline has these ranges)"},
    {"data_preprocess", "data preprocessing statistics"},
    {"dp_", "data preprocessing statistics"},
    {"ge_op_execute", "GE host execution statistics"},
    {"prof_rule", "profiling rules"},
    {"soc_profiler", "SoC statistics"},
    {"acl_statistic", "ACL statistics"},
    {"runtime_api", "runtime statistics"},
}};

ScannedFile classifyJson(ScannedFile f, const std::string& name) {
    if (name == "communication_matrix.json") {
        f.kind = FileKind::CommunicationMatrix;
        f.role = "communication_matrix";
        return f;
    }
    if (startsWith(name, "cluster_")) {
        f.kind = FileKind::Skipped;
        f.reason = "msprof-analyze cluster output: open its cluster_analysis_output folder";
        return f;
    }
    std::string head = readHead(f.path, 256 * 1024);
    if (name == "communication.json" || looksLikeCommunicationJson(head.substr(0, 4096))) {
        f.kind = FileKind::Communication;
        f.role = "communication";
        return f;
    }
    bool chrome = head.find("\"ph\"") != std::string::npos;
    // Legacy device_<n>/timeline folders also write task_time_*.json (the device tasks again) and
    // hccl_*.json (the communication ops, in no other file).
    bool ascendName = name == "trace_view.json" || startsWith(name, "msprof") || startsWith(name, "step_trace") ||
                      startsWith(name, "task_time") || startsWith(name, "hccl_");
    bool ascendContent = head.find("\"Ascend Hardware\"") != std::string::npos ||
                         head.find("\"CANN\"") != std::string::npos;
    if (startsWith(name, "profiler_info") || startsWith(name, "profiler_metadata") || startsWith(name, "info.json") ||
        startsWith(name, "sample.json") || name == "msprof_slice.json" || startsWith(name, "start_info") ||
        startsWith(name, "end_info")) {
        f.kind = FileKind::Skipped;
        f.reason = "profiling metadata";
    } else if (chrome && (ascendName || ascendContent)) {
        f.kind = FileKind::Timeline;
        f.role = startsWith(name, "hccl_") ? "hccl" : startsWith(name, "task_time") ? "task_time" : "timeline";
    } else if (ascendName) {
        f.kind = FileKind::BadFile; // named like a timeline, but it is not one
        f.role = "timeline";
        f.reason = head.empty() ? "empty file" : "Chrome trace events (\"ph\") in the first 256 KiB";
    }
    return f;
}

ScannedFile classifyCsv(ScannedFile f, const std::string& name) {
    std::vector<std::string> header;
    auto reader = CsvReader::open(f.path, nullptr);
    if (reader) reader->next(&header);
    bool opName = startsWith(name, "kernel_details") || startsWith(name, "op_summary") || startsWith(name, "task_time");
    if (auto columns = detectOpColumns(header)) {
        f.kind = FileKind::OpRows;
        f.role = opLayoutName(columns->layout);
    } else if (std::string kind = statisticsKindOfHeader(header); !kind.empty()) {
        f.kind = FileKind::Statistics; // used or skipped at import, once the unit's other files are in
        f.role = kind;
    } else if (isL2CacheHeader(header)) {
        f.kind = FileKind::L2Cache;
        f.role = "l2_cache";
    } else if (isStepTraceHeader(header)) {
        f.kind = FileKind::StepTrace;
        f.role = "step_trace";
    } else if (memoryCsvKindOf(name) == "operator_memory" && !header.empty()) {
        f.kind = FileKind::Memory;
        f.role = "memory";
        f.counterKind = "operator_memory";
    } else if (std::string kind = counterKindOf(name); !kind.empty() && !header.empty()) {
        f.kind = FileKind::Counter;
        f.role = "counters";
        f.counterKind = kind;
    } else if (opName || startsWith(name, "l2_cache") || startsWith(name, "step_trace") || !counterKindOf(name).empty()) {
        f.kind = FileKind::BadFile;
        f.role = opName ? "kernel_details" : "csv";
        f.reason = header.empty() ? "empty file" : "a known header (Name / Op Name, Start Time(us), Duration(us) ...)";
        for (const std::string& h : header) {
            if (f.sample.size() > 200) break;
            f.sample += (f.sample.empty() ? "" : ",") + h;
        }
    } else {
        for (const SkipName& s : kSkippedCsv)
            if (startsWith(name, s.prefix)) {
                f.kind = FileKind::Skipped;
                f.role = "statistics";
                f.reason = std::string(s.reason);
            }
    }
    return f;
}

ScannedFile classifyDb(ScannedFile f, const std::string& name) {
    if (name == "analysis.db" || startsWith(name, "cluster_analysis")) {
        f.kind = FileKind::Skipped;
        f.reason = "cluster analysis summary: not a timeline";
        return f;
    }
    if (!MsprofDb::hasSqliteHeader(f.path)) return f;
    if (looksLikeMsprofDb(f.path)) {
        f.kind = FileKind::Database;
        f.role = "database";
    } else if (startsWith(name, "msprof") || startsWith(name, "ascend_pytorch_profiler")) {
        f.kind = FileKind::BadFile;
        f.role = "database";
        f.reason = "SQLite file without the msprof tables (STRING_IDS, TASK ...)";
    }
    return f;
}

bool skipDirectory(const std::string& name) {
    return name.empty() || name[0] == '.' || name == "data" || name == "log" || name == "logs" ||
           name == "mindstudio_profiler_log" || name == "FRAMEWORK" || name == "sqlite" ||
           name == "cluster_analysis_output"; // msprof-analyze's output: its own importer
}

// Files in these folders belong to the folder above: PROF_x/mindstudio_profiler_output/*.csv and
// PROF_x/msprof_*.db are one unit, as are device_0/timeline and device_0/summary.
std::string unitRootOf(const fs::path& dir) {
    std::string name = dir.filename().string();
    if (name == "mindstudio_profiler_output" || name == "ASCEND_PROFILER_OUTPUT" || name == "timeline" ||
        name == "summary")
        return dir.parent_path().string();
    return dir.string();
}

int deviceFromPath(const fs::path& dir) {
    int device = -1;
    for (const fs::path& part : dir) {
        std::string s = part.string();
        if (startsWith(s, "device_"))
            if (auto n = parseInteger(s.substr(7))) device = static_cast<int>(*n);
    }
    return device;
}

int importOrder(const ScannedFile& f) {
    switch (f.kind) {
    case FileKind::Timeline: return 0;
    case FileKind::Database: return 1;
    case FileKind::TaskTimeMerge: return 1;
    case FileKind::OpRows: return 2;
    case FileKind::L2Cache: return 3;
    case FileKind::StepTrace: return 4; // after the kernels: steps may be placed by their span
    case FileKind::Communication: return 5;
    case FileKind::CommunicationMatrix: return 6;
    case FileKind::Counter: return 7;
    case FileKind::Memory: return 8;
    case FileKind::Statistics: return 9; // last: whether it is needed depends on what the others gave
    default: return 10;
    }
}

void skip(ScanUnit& unit, ScannedFile f, std::string reason) {
    f.reason = std::move(reason);
    if (f.kind != FileKind::BadFile) f.kind = FileKind::Skipped;
    unit.skipped.push_back(std::move(f));
}

// The tool whose export a file is: "msprof" (msprof_*.db, msprof_*.json, op_summary, task_time) or
// "torch_npu" (ascend_pytorch_profiler_*.db, trace_view.json, kernel_details.csv); "" for the rest.
std::string exportTool(const ScannedFile& f) {
    const std::string name = fs::path(f.path).filename().string();
    if (startsWith(name, "msprof") || f.role == "op_summary" || f.role == "task_time") return "msprof";
    if (startsWith(name, "ascend_pytorch_profiler") || startsWith(name, "trace_view") || f.role == "kernel_details")
        return "torch_npu";
    return "";
}

// One tool writes a run's DB and its JSON / CSV exports into one folder: a DB beside text exports of its
// own tool holds the same data. Beside another tool's timeline it may be another run (the shared
// samples/ascend folder holds trace_view.json, kernel_details.csv and msprof_0.db of three runs).
bool sameToolTextExport(const ScanUnit& unit, const ScannedFile& db) {
    const std::string tool = exportTool(db);
    return std::any_of(unit.files.begin(), unit.files.end(), [&](const ScannedFile& g) {
        return g.kind != FileKind::Database && (tool.empty() || exportTool(g) == tool);
    }) || tool.empty();
}

// Within a unit, drop what another file already covers.
void resolveOverlaps(ScanUnit& unit) {
    auto has = [&](auto pred) { return std::any_of(unit.files.begin(), unit.files.end(), pred); };
    bool timeline = has([](const ScannedFile& f) { return f.kind == FileKind::Timeline; });
    bool kernelDetails = has([](const ScannedFile& f) { return f.role == "kernel_details"; });
    bool opSummary = has([](const ScannedFile& f) { return f.role == "op_summary"; });
    bool pytorchDb = has([](const ScannedFile& f) {
        return f.kind == FileKind::Database && startsWith(fs::path(f.path).filename().string(), "ascend_pytorch_profiler");
    });
    bool opRows = kernelDetails || opSummary;
    bool msprofTimeline = has([](const ScannedFile& f) {
        return f.kind == FileKind::Timeline && startsWith(fs::path(f.path).filename().string(), "msprof");
    });
    std::vector<ScannedFile> kept;
    for (ScannedFile& f : unit.files) {
        std::string name = fs::path(f.path).filename().string();
        const bool textExports = timeline || opRows || has([](const ScannedFile& g) { return g.kind == FileKind::OpRows; });
        if (f.kind == FileKind::Database && textExports && timeline && !sameToolTextExport(unit, f))
            kept.push_back(std::move(f)); // another tool's DB beside a timeline: the import compares their times
        else if (f.kind == FileKind::Database && textExports)
            skip(unit, f, "the JSON / CSV files of this folder hold the same data");
        else if (f.kind == FileKind::Database && pytorchDb && !startsWith(name, "ascend_pytorch_profiler"))
            skip(unit, f, "ascend_pytorch_profiler db holds the same data");
        else if (f.role == "op_summary" && kernelDetails)
            skip(unit, f, "kernel_details.csv holds the same tasks");
        else if (f.role == "task_time" && opRows)
            skip(unit, f, "kernel_details / op_summary hold the same tasks");
        else if (f.role == "task_time" && f.kind == FileKind::Timeline && msprofTimeline) {
            // The same device tasks again, with values msprof_*.json lacks: merged into its tasks.
            f.kind = FileKind::TaskTimeMerge;
            kept.push_back(std::move(f));
        } else
            kept.push_back(std::move(f));
    }
    unit.files = std::move(kept);
    std::stable_sort(unit.files.begin(), unit.files.end(),
                     [](const ScannedFile& a, const ScannedFile& b) { return importOrder(a) < importOrder(b); });
}

void walk(const fs::path& dir, int depth, std::map<std::string, ScanUnit>& units, std::size_t& visited) {
    std::error_code ec;
    std::vector<fs::path> files, dirs;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (++visited > kMaxEntries) return;
        if (entry.is_directory(ec)) dirs.push_back(entry.path());
        else if (entry.is_regular_file(ec)) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::sort(dirs.begin(), dirs.end());
    for (const fs::path& p : files) {
        ScannedFile f = classifyFile(p.string());
        if (f.kind == FileKind::Unknown) continue;
        std::string root = unitRootOf(dir);
        ScanUnit& unit = units[root];
        unit.root = root;
        if (f.kind == FileKind::Skipped || f.kind == FileKind::BadFile) unit.skipped.push_back(std::move(f));
        else unit.files.push_back(std::move(f));
    }
    if (depth >= kMaxDepth) return;
    for (const fs::path& d : dirs)
        if (!skipDirectory(d.filename().string())) walk(d, depth + 1, units, visited);
}

bool isAncestor(const std::string& ancestor, const std::string& path) {
    return path.size() > ancestor.size() && path.compare(0, ancestor.size(), ancestor) == 0 &&
           path[ancestor.size()] == '/';
}

} // namespace

ScannedFile classifyFile(const std::string& path) {
    ScannedFile f;
    f.path = path;
    std::error_code ec;
    f.sizeBytes = static_cast<std::int64_t>(fs::file_size(path, ec));
    std::string name = fs::path(path).filename().string();
    std::string lowered = lowerAscii(name);
    if (endsWith(lowered, ".json")) return classifyJson(std::move(f), name);
    if (endsWith(lowered, ".csv")) return classifyCsv(std::move(f), name);
    if (endsWith(lowered, ".db")) return classifyDb(std::move(f), name);
    if (startsWith(name, "info.json") || startsWith(name, "start_info") || startsWith(name, "end_info")) {
        f.kind = FileKind::Skipped; // msprof device info ("info.json.0"): metadata
        f.reason = "profiling metadata";
    }
    return f;
}

FolderScan scanAscendPath(const std::string& path) {
    FolderScan scan;
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
        ScannedFile f = classifyFile(path);
        ScanUnit unit;
        unit.root = fs::path(path).parent_path().string();
        unit.device = deviceFromPath(fs::path(path).parent_path());
        // trace_view.json inside <x>_ascend_pt/ASCEND_PROFILER_OUTPUT: the folder above says the rank.
        UnitIdentity identity = readUnitIdentity(unitRootOf(fs::path(path).parent_path()));
        unit.rank = identity.rank;
        unit.host = identity.host;
        if (f.kind == FileKind::Skipped || f.kind == FileKind::BadFile) unit.skipped.push_back(std::move(f));
        else if (f.kind != FileKind::Unknown) unit.files.push_back(std::move(f));
        if (!unit.files.empty() || !unit.skipped.empty()) scan.units.push_back(std::move(unit));
        return scan;
    }
    std::map<std::string, ScanUnit> units;
    std::size_t visited = 0;
    std::string root = fs::path(path).lexically_normal().string();
    while (root.size() > 1 && root.back() == '/') root.pop_back();
    walk(root, 0, units, visited);
    // A PROF_* folder inside a torch_npu folder repeats what ASCEND_PROFILER_OUTPUT holds.
    for (auto& [key, unit] : units) {
        for (const auto& [otherKey, other] : units) {
            bool complete = std::any_of(other.files.begin(), other.files.end(), [](const ScannedFile& f) {
                return f.kind == FileKind::Timeline || f.kind == FileKind::OpRows;
            });
            if (!isAncestor(otherKey, key) || !complete) continue;
            for (ScannedFile& f : unit.files) skip(unit, f, "repeats the output in " + otherKey);
            unit.files.clear();
            break;
        }
        unit.device = deviceFromPath(fs::path(unit.root));
        UnitIdentity identity = readUnitIdentity(unit.root);
        unit.rank = identity.rank;
        unit.host = identity.host;
        resolveOverlaps(unit);
        scan.units.push_back(std::move(unit));
    }
    return scan;
}

} // namespace opscope::ascend
