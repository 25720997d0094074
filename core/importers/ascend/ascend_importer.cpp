// Orchestration: scan, then per unit the JSON timeline through the Chrome importer, the index of its
// device slices, and the side files joined to it (or the DB when there is no JSON / CSV).
#include "core/importers/ascend/ascend_importer.h"

#include "core/importers/ascend/ascend_unit.h"
#include "core/importers/ascend/communication_importer.h"
#include "core/importers/ascend/counter_csv_importer.h"
#include "core/importers/ascend/environment_metadata.h"
#include "core/importers/ascend/folder_scan.h"
#include "core/importers/ascend/l2_cache_importer.h"
#include "core/importers/ascend/memory_csv_importer.h"
#include "core/importers/ascend/msprof_db_importer.h"
#include "core/importers/ascend/op_rows_importer.h"
#include "core/importers/ascend/statistics_csv_importer.h"
#include "core/importers/ascend/step_trace_importer.h"
#include "core/importers/ascend/task_time_merge.h"
#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/importers/cluster/communication_json.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace opscope {

namespace {

using namespace ascend;

// NPU device rows shared by all units. A unit whose rank is known gets "rank 5 · NPU 3", keyed by
// (host, rank, ordinal); otherwise "NPU 3", or "NPU 3 (<folder>)" when another unit already has a
// device 3 (two folders of unknown rank are never merged into one device).
class DeviceRegistry {
public:
    explicit DeviceRegistry(TraceSink& writer) : writer_(writer) {}
    DeviceId deviceFor(const ScanUnit& unit, int rank, int ordinal) {
        if (rank >= 0) return writer_.device(DeviceIdentity{"npu", ordinal, rank, unit.host});
        std::string owner = ownerOf(unit);
        auto key = std::make_pair(owner, ordinal);
        if (auto it = ids_.find(key); it != ids_.end()) return it->second;
        std::string name = "NPU " + std::to_string(ordinal);
        auto first = owners_.find(ordinal);
        if (first != owners_.end() && first->second != owner) name += " (" + owner + ")";
        else owners_.emplace(ordinal, owner);
        DeviceId id = writer_.device(name, "npu", ordinal);
        ids_.emplace(key, id);
        return id;
    }

private:
    static std::string ownerOf(const ScanUnit& unit) {
        std::size_t slash = unit.root.find_last_of('/');
        return slash == std::string::npos ? unit.root : unit.root.substr(slash + 1);
    }
    TraceSink& writer_;
    std::map<std::pair<std::string, int>, DeviceId> ids_;
    std::map<int, std::string> owners_; // ordinal -> unit that named "NPU n"
};

Error badFileError(const ScannedFile& f) {
    ErrorCode code = f.kind == FileKind::BadFile && f.role == "database" ? ErrorCode::BadDatabase
                     : f.reason == "empty file"                          ? ErrorCode::EmptyFile
                     : f.path.ends_with(".json")                          ? ErrorCode::NotJson
                                                                         : ErrorCode::BadCsv;
    return Error{code, f.path, 0, code == ErrorCode::BadCsv ? 1 : -1, -1, f.reason, f.sample};
}

// timeline: the record the unit's JSON files are imported through, for AscendTimeline::build.
void importTimeline(UnitContext& ctx, const ScannedFile& f, EmittedRecord& timeline) {
    ChromeImportOptions options;
    options.processKeyPrefix = ctx.keyPrefix;
    ImportProgress sub;
    sub.cancelFlag = ctx.progress.cancelFlag;
    std::int64_t done = ctx.bytesDone;
    sub.onProgress = [&ctx, done](std::int64_t read, std::int64_t, std::int64_t events) {
        ctx.progress.report(done + read, ctx.bytesTotal, events);
    };
    ChromeImportResult result;
    Error error;
    const std::size_t slicesBefore = timeline.pendingSliceCount();
    if (importChromeTrace(f.path, timeline, options, sub, &result, &error)) {
        recordUsed(ctx, f.path, f.role, {}, result.events);
        ctx.report.bytes += result.bytes;
    } else {
        // What was read before the problem stays in the writer (a file cut short keeps its head) and
        // the rest of the folder still imports.
        auto kept = static_cast<std::int64_t>(timeline.pendingSliceCount() - slicesBefore);
        recordFailure(ctx, f.path, f.role, error, kept > 0, kept);
    }
}

std::string joinNote(std::int64_t joined, std::int64_t unjoined) {
    return std::to_string(joined) + " rows joined to timeline slices, " + std::to_string(unjoined) +
           " imported as slices of their own";
}

struct SideResult {
    bool ok = false;
    bool cutShort = false;
    std::int64_t events = 0;
    std::string note;
    std::string skipReason; // the unit does not need the file (statistics another file holds)
};

SideResult runSideImport(UnitContext& ctx, const ScannedFile& f, Error* error) {
    SideResult r;
    if (f.kind == FileKind::OpRows) {
        OpRowsResult rows;
        r.ok = importOpRows(ctx, f.path, &rows, error);
        r.events = rows.rows;
        r.cutShort = rows.cutShort;
        ctx.report.joinedRows += rows.joined;
        ctx.report.unjoinedRows += rows.unjoined;
        ctx.writer.addStat("ascend.joined_rows", rows.joined);
        ctx.writer.addStat("ascend.unjoined_rows", rows.unjoined);
        r.note = joinNote(rows.joined, rows.unjoined);
        if (rows.otherRun)
            r.note += "; no row starts within the timeline's device tasks: another run's file, imported as " +
                      rows.otherRunDevice;
        ctx.writer.addStat("ascend.other_run_rows", rows.otherRun ? rows.rows : 0);
    } else if (f.kind == FileKind::L2Cache) {
        L2CacheResult l2;
        r.ok = importL2Cache(ctx, f.path, &l2, error);
        r.events = l2.rows;
        r.note = joinNote(l2.joined, 0) + " (" + std::to_string(l2.unjoined) + " without a matching task)";
    } else if (f.kind == FileKind::StepTrace) {
        r.ok = importStepTrace(ctx, f.path, &r.events, error);
        r.note = std::to_string(r.events) + " steps";
    } else if (f.kind == FileKind::Communication) {
        CommunicationResult comm;
        r.ok = importCommunicationJson(ctx, f.path, &comm, error);
        r.events = comm.ops;
        r.note = std::to_string(comm.joined) + " ops joined to communication slices, " +
                 std::to_string(comm.unjoined) + " imported as slices of their own";
        // The same operators as rows of the communication tables, for the cluster and communication views.
        std::vector<CommOpRank> ops;
        if (r.ok && cluster::readRankCommunicationJson(f.path, ctx.rank, &ops, error))
            ctx.writer.addCommOps("communication.json", ops);
    } else if (f.kind == FileKind::CommunicationMatrix) {
        std::vector<CommMatrixLink> links;
        const std::string metadata = (std::filesystem::path(ctx.unitRoot) / "profiler_metadata.json").string();
        r.ok = cluster::readRankCommunicationMatrix(f.path, cluster::parallelGroupRanks(metadata), &links, error);
        if (r.ok) ctx.writer.addCommLinks("communication_matrix.json", links);
        r.events = static_cast<std::int64_t>(links.size());
        r.note = std::to_string(links.size()) + " links";
    } else if (f.kind == FileKind::Counter) {
        r.ok = importCounterCsv(ctx, f.path, f.counterKind, &r.events, error);
        ctx.report.counterSamples += r.events;
        r.note = std::to_string(r.events) + " counter samples";
        // Memory CSVs are lanes on the timeline and, besides, rows of the memory tables.
        if (std::string memoryKind = memoryCsvKindOf(std::filesystem::path(f.path).filename().string());
            r.ok && !*error && !memoryKind.empty()) {
            std::int64_t memoryRows = 0;
            r.ok = importMemoryCsv(ctx, f.path, memoryKind, &memoryRows, error);
            r.note += ", " + std::to_string(memoryRows) + " memory rows";
        }
    } else if (f.kind == FileKind::Memory) {
        r.ok = importMemoryCsv(ctx, f.path, f.counterKind, &r.events, error);
        r.note = std::to_string(r.events) + " allocations";
    } else if (f.kind == FileKind::Statistics) {
        r.skipReason = statisticsSkipReason(ctx, f.role);
        if (!r.skipReason.empty()) return r;
        r.ok = importStatisticsCsv(ctx, f.path, f.role, &r.events, error);
        r.note = std::to_string(r.events) + " rows: the only source of this data in the folder";
    } else if (f.kind == FileKind::TaskTimeMerge) {
        TaskTimeMergeResult merged;
        r.ok = mergeTaskTimeJson(ctx, f.path, &merged, error);
        r.events = merged.added;
        ctx.writer.addStat("ascend.task_time_joined", merged.joined);
        r.note = std::to_string(merged.joined) + " tasks merged into msprof_*.json's (" + std::to_string(merged.values) +
                 " values it lacks), " + std::to_string(merged.added) + " imported as slices of their own";
    } else if (f.kind == FileKind::Database) {
        // The scan keeps a DB beside a timeline only when they are different tools' exports (folder_scan):
        // the same run when its tasks fall in the timeline's device time, else another run of its own.
        std::optional<UnitContext> detached;
        if (auto within = dbTasksWithinTimeline(ctx, f.path)) {
            if (*within) {
                r.skipReason = "its device tasks lie within the timeline's: the same run, which the timeline holds";
                return r;
            }
            detached.emplace(ctx.writer, ctx.progress, ctx.report);
            detachFromTimeline(ctx, f.path, &*detached);
        }
        UnitContext& dbCtx = detached ? *detached : ctx;
        DbImportResult db;
        r.ok = importMsprofDb(dbCtx, f.path, &db, error);
        r.events = db.events();
        ctx.report.counterSamples += db.counterSamples;
        r.note = std::to_string(db.tasks) + " device tasks, " + std::to_string(db.computeTasks) +
                 " with kernel metrics";
        if (detached) {
            const std::string device =
                otherRunDeviceName(std::filesystem::path(f.path).filename().string(), detached->deviceOr(-1));
            r.note += "; no device task starts within the timeline's: another run's file, imported as " + device;
            ctx.writer.addWarning("ascend_rows_other_run", f.path, -1, -1, otherRunSample(ctx, device, "device task"));
        }
    }
    return r;
}

// One side file; its outcome goes to source_file, the report and (on problems) the warnings.
void importSideFile(UnitContext& ctx, const ScannedFile& f) {
    Error error;
    SideResult r = runSideImport(ctx, f, &error);
    if (!r.skipReason.empty()) {
        recordSkipped(ctx.writer, ctx.report, f.path, f.role, r.skipReason);
        return;
    }
    if (r.ok && !error) recordUsed(ctx, f.path, f.role, r.note, r.events);
    else if (r.ok || r.cutShort) recordFailure(ctx, f.path, f.role, error, true, r.events); // kept the rows before
    else recordFailure(ctx, f.path, f.role, error, false, 0);
}

void importUnit(UnitContext& ctx, const ScanUnit& unit, int rank, DeviceRegistry& devices) {
    ctx.deviceFor = [&devices, &unit, rank](int ordinal) { return devices.deviceFor(unit, rank, ordinal); };
    // The side files join what the timeline emitted: its own record, not the store, is what they read.
    // Of the args only the device tasks' are indexed (AscendTimeline: stream, task id, task type).
    EmittedRecord timeline(ctx.writer, EmittedRecord::Keep{true, false, {"Stream Id", "Task Type"}});
    for (const ScannedFile& f : unit.files) {
        if (f.kind != FileKind::Timeline || ctx.progress.cancelled()) continue;
        importTimeline(ctx, f, timeline);
        ctx.bytesDone += f.sizeBytes;
    }
    ctx.timeline.build(timeline, unit.device);
    std::set<int> timelineDevices = ctx.timeline.devices();
    ctx.defaultDevice = unit.device >= 0 ? unit.device : (timelineDevices.size() == 1 ? *timelineDevices.begin() : -1);
    for (const TimelineProcess& p : ctx.timeline.processes()) {
        if (p.device < 0) continue;
        ctx.writer.setProcessDevice(p.id, ctx.deviceFor(p.device));
        // torch_npu's JSON labels device groups "NPU", msprof's and the DB import "NPU <id>": one label.
        if (p.labels == "NPU") ctx.writer.setProcessLabels(p.id, "NPU " + std::to_string(p.device));
    }
    for (TrackId track : ctx.timeline.computeTracks()) ctx.writer.setTrackCompute(track, true);
    for (const ScannedFile& f : unit.skipped) {
        if (std::filesystem::path(f.path).filename() != "profiler_metadata.json") continue;
        const int variables = importEnvironmentMetadata(ctx.writer, ctx.unitRoot);
        if (variables > 0) recordUsed(ctx, f.path, "metadata", std::to_string(variables) + " environment variables", 0);
        else recordSkipped(ctx.writer, ctx.report, f.path, "ascend", f.reason);
    }
    for (const ScannedFile& f : unit.files) {
        if (f.kind == FileKind::Timeline || ctx.progress.cancelled()) continue;
        importSideFile(ctx, f);
        ctx.bytesDone += f.sizeBytes;
        ctx.progress.report(ctx.bytesDone, ctx.bytesTotal, ctx.report.events);
    }
}

} // namespace

bool isAscendInput(const std::string& path) {
    FolderScan scan = scanAscendPath(path);
    for (const ScanUnit& unit : scan.units) {
        // Statistics files alone are no trace: they only complete a unit's other files.
        if (std::any_of(unit.files.begin(), unit.files.end(),
                        [](const ScannedFile& f) { return f.kind != FileKind::Statistics; }))
            return true;
        for (const ScannedFile& f : unit.skipped)
            if (f.kind == FileKind::BadFile) return true;
    }
    return false;
}

bool importAscend(const std::string& path, TraceSink& writer, const ImportProgress& progress,
                  AscendImportReport* report, Error* error, int fallbackRank) {
    AscendImportReport localReport;
    AscendImportReport& rep = report ? *report : localReport;
    Error localError;
    Error& err = error ? *error : localError;
    FolderScan scan = scanAscendPath(path);
    std::int64_t bytesTotal = 0;
    for (const ScanUnit& unit : scan.units)
        for (const ScannedFile& f : unit.files) bytesTotal += f.sizeBytes;
    DeviceRegistry devices(writer);
    std::int64_t bytesDone = 0;
    for (std::size_t i = 0; i < scan.units.size(); ++i) {
        const ScanUnit& unit = scan.units[i];
        UnitContext ctx(writer, progress, rep);
        ctx.keyPrefix = "ascend:" + unit.root + "|";
        ctx.unitRoot = unit.root;
        ctx.torchNpu = unit.root.ends_with("_ascend_pt") || unit.root.ends_with("_ascend_ms");
        ctx.defaultDevice = unit.device;
        ctx.bytesDone = bytesDone;
        ctx.bytesTotal = bytesTotal;
        for (const ScannedFile& f : unit.skipped) {
            // profiler_metadata.json's environment is kept when the unit is imported (importUnit says so).
            if (!unit.files.empty() && std::filesystem::path(f.path).filename() == "profiler_metadata.json") continue;
            if (f.kind == FileKind::BadFile) recordFailure(ctx, f.path, f.role.empty() ? "ascend" : f.role, badFileError(f), false, 0);
            else recordSkipped(writer, rep, f.path, f.role.empty() ? "ascend" : f.role, f.reason);
        }
        // A lone unit of unknown rank among several inputs takes the input's number, as msprof-analyze
        // numbers ranks in order when the files do not say.
        int rank = unit.rank >= 0 ? unit.rank : (scan.units.size() == 1 ? fallbackRank : -1);
        ctx.rank = rank;
        if (!unit.files.empty()) importUnit(ctx, unit, rank, devices);
        bytesDone = ctx.bytesDone;
        if (progress.cancelled()) {
            err = Error{ErrorCode::Cancelled, path, -1, -1, -1, {}, {}};
            return false;
        }
    }
    if (!rep.usedFiles.empty()) return true;
    if (!rep.fileErrors.empty()) err = rep.fileErrors.front();
    else err = Error{ErrorCode::UnknownFormat, path, -1, -1, -1,
                     "an Ascend profiling folder or file (trace_view.json, kernel_details.csv, msprof_*.json, "
                     "op_summary_*.csv, msprof_*.db ...)", {}};
    return false;
}

} // namespace opscope
