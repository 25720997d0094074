#include "core/importers/ascend/op_rows_importer.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "core/model/time_bounds.h"
#include "core/model/time_format.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <limits>
#include <set>

namespace opscope::ascend {

namespace {

struct RowState {
    UnitContext& ctx;
    const OpColumns& columns;
    const std::string& path;
    JoinSet used;
    std::set<TrackId> computeTracks;
};

std::string_view cellAt(const std::vector<std::string>& cells, int index) {
    if (index < 0 || index >= static_cast<int>(cells.size())) return {};
    return cleanCell(cells[index]);
}

std::optional<long long> intCell(const std::vector<std::string>& cells, int index) {
    std::string_view v = cellAt(cells, index);
    if (isMissing(v)) return std::nullopt;
    return parseInteger(v);
}

int rowDevice(const UnitContext& ctx, const OpColumns& c, const std::vector<std::string>& cells) {
    auto device = intCell(cells, c.device);
    return device && *device >= 0 && *device <= std::numeric_limits<int>::max() ? static_cast<int>(*device)
                                                                                 : ctx.defaultDevice;
}

void addRowMetrics(TraceSink& writer, PendingSliceIndex slice, const OpColumns& columns,
                   const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < columns.columns.size() && i < cells.size(); ++i) {
        const MetricColumn& c = columns.columns[i];
        addCellMetric(writer, slice, c.key, c.unit, c.group, cells[i], c.kind != CellKind::Number, c.idColumn);
    }
}

// The timeline slice of a row: by (stream, task id, start); rows without ids (communication) by name.
std::optional<TimelineCandidate> findSliceOf(RowState& s, int device, std::optional<long long> stream,
                                             std::optional<long long> task, std::string_view name, TimeNs tsNs) {
    const AscendTimeline& t = s.ctx.timeline;
    if (stream && task)
        if (auto hit = t.findTask(device, *stream, *task, tsNs, kJoinToleranceNs, s.used)) return hit;
    if (auto hit = t.findCommunication(device, name, tsNs, kJoinToleranceNs, s.used)) return hit;
    return t.findHardwareByName(device, name, tsNs, kJoinToleranceNs, s.used);
}

PendingSliceIndex addOwnSlice(RowState& s, int device, std::optional<long long> stream, std::optional<long long> task,
                              std::string_view core, std::string_view name, std::string_view type, TimeNs tsNs,
                              TimeNs durNs, TrackId* trackOut) {
    UnitContext& ctx = s.ctx;
    TrackId track;
    if (stream) {
        track = streamTrack(ctx, device, *stream);
    } else {
        // Communication rows have no stream: one lane per accelerator core kind.
        auto timelineHw = ctx.timeline.hardwareProcess(ctx.deviceOr(device));
        ProcessId hw = timelineHw ? *timelineHw : deviceProcess(ctx, device, "Ascend Hardware");
        std::string label = core.empty() ? std::string("Other") : std::string(core);
        track = namedThreadTrack(ctx, hw, label, label);
    }
    // The row's task type, stream and task id as the timeline's tasks carry them, so that the device
    // class pass and the lanes read a row of its own as they read a timeline task.
    nlohmann::json args = nlohmann::json::object();
    if (!core.empty() && !isMissing(core)) args["Task Type"] = core;
    if (stream) args["Stream Id"] = *stream;
    if (task) args["Task Id"] = *task;
    SliceInput in;
    in.track = track;
    in.tsNs = tsNs;
    in.durNs = durNs;
    in.name = name;
    in.category = "kernel";
    in.type = type;
    if (!args.empty()) in.args = ctx.writer.addArgs(args.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    *trackOut = track;
    return ctx.writer.addSlice(in);
}

void noteStep(UnitContext& ctx, std::optional<long long> step, TimeNs tsNs, TimeNs endNs) {
    if (!step) return;
    auto [it, inserted] = ctx.kernelStepSpans.try_emplace(*step, tsNs, endNs);
    if (!inserted) {
        it->second.first = std::min(it->second.first, tsNs);
        it->second.second = std::max(it->second.second, endNs);
    }
}

// One data row. Returns false when the row is unusable (no start time).
bool importRow(RowState& s, const std::vector<std::string>& cells, OpRowsResult* result) {
    const OpColumns& c = s.columns;
    auto tsNs = parseMicros(cellAt(cells, c.start));
    if (!tsNs) return false;
    TimeNs durNs = parseDecimalScaled(cellAt(cells, c.duration), 3).value_or(0);
    if (durNs < 0) durNs = 0;
    int device = rowDevice(s.ctx, c, cells);
    auto stream = intCell(cells, c.stream);
    auto task = intCell(cells, c.task);
    std::string_view name = cellAt(cells, c.name);
    std::string_view type = cellAt(cells, c.type);
    if (isMissing(type)) type = {};
    std::string_view core = cellAt(cells, c.core);
    noteStep(s.ctx, intCell(cells, c.step), *tsNs, saturatingAdd(*tsNs, durNs));
    PendingSliceIndex slice;
    TrackId track = 0;
    if (auto hit = findSliceOf(s, device, stream, task, name, *tsNs)) {
        slice = hit->slice;
        track = hit->track;
        s.used.insert(slice);
        if (!type.empty()) s.ctx.writer.setSliceType(slice, type);
        ++result->joined;
    } else {
        slice = addOwnSlice(s, device, stream, task, core, name, type, *tsNs, durNs, &track);
        ++result->unjoined;
    }
    if (AscendTimeline::isComputeTaskType(core)) s.computeTracks.insert(track);
    addRowMetrics(s.ctx.writer, slice, c, cells);
    return true;
}

Error csvError(ErrorCode code, const CsvReader& reader, std::string expected, std::string detail) {
    return Error{code, reader.path(), reader.recordOffset(), reader.recordLine(), -1, std::move(expected),
                 std::move(detail)};
}

std::string joinCells(const std::vector<std::string>& cells) {
    std::string out;
    for (const std::string& c : cells) {
        if (!out.empty()) out += ',';
        out += c;
        if (out.size() > 300) break;
    }
    return out;
}

// The timeline's device time a row of this device is compared with: its own device's, else all devices'.
std::optional<std::pair<TimeNs, TimeNs>> timelineSpanOf(const AscendTimeline& timeline, int device) {
    if (auto span = timeline.deviceSpan(device)) return span;
    return timeline.deviceSpan(-1);
}

bool startsWithin(TimeNs tsNs, const std::pair<TimeNs, TimeNs>& span) {
    return saturatingAdd(tsNs, kJoinToleranceNs) >= span.first && saturatingAdd(tsNs, -kJoinToleranceNs) <= span.second;
}

// Whether some row starts within the timeline's device time; nullopt when the timeline has none (no
// device tasks: every row is a slice of its own anyway). Reads until the first such row, so a file of
// the same run answers on its first rows; only another run's file is read to its end twice.
std::optional<bool> anyRowWithinTimeline(const UnitContext& ctx, const std::string& path, const OpColumns& c) {
    if (!ctx.timeline.deviceSpan(-1)) return std::nullopt;
    auto reader = CsvReader::open(path, nullptr);
    std::vector<std::string> cells;
    if (!reader || !reader->next(&cells)) return true; // the import proper reports the problem
    std::int64_t rows = 0, timed = 0;
    while (reader->next(&cells)) {
        if ((++rows & 4095) == 0 && ctx.progress.cancelled()) return true;
        auto tsNs = parseMicros(cellAt(cells, c.start));
        if (!tsNs) continue;
        ++timed;
        auto span = timelineSpanOf(ctx.timeline, rowDevice(ctx, c, cells));
        if (!span || startsWithin(*tsNs, *span)) return true;
    }
    return timed == 0; // a file without a timed row says nothing against the timeline
}

} // namespace

std::string otherRunDeviceName(const std::string& file, int ordinal) {
    return "NPU " + std::to_string(ordinal) + " (" + file + ")";
}

void detachFromTimeline(const UnitContext& ctx, const std::string& path, UnitContext* detached) {
    const std::string file = std::filesystem::path(path).filename().string();
    detached->keyPrefix = ctx.keyPrefix + file + "|";
    detached->unitRoot = ctx.unitRoot;
    detached->torchNpu = ctx.torchNpu;
    detached->defaultDevice = ctx.defaultDevice;
    detached->bytesDone = ctx.bytesDone;
    detached->bytesTotal = ctx.bytesTotal;
    TraceSink& writer = ctx.writer;
    detached->deviceFor = [&writer, file](int ordinal) {
        return writer.device(otherRunDeviceName(file, ordinal), "npu", ordinal);
    };
}

std::string otherRunSample(const UnitContext& ctx, const std::string& deviceName, std::string_view what) {
    auto span = ctx.timeline.deviceSpan(-1);
    std::string text = "no " + std::string(what) + " starts within the timeline's device tasks";
    if (span) text += " (" + microsText(span->first) + " to " + microsText(span->second) + " us)";
    return text + ": another run's file, imported as " + deviceName;
}

std::optional<OpColumns> sniffOpColumns(const std::string& path) {
    auto reader = CsvReader::open(path, nullptr);
    std::vector<std::string> header;
    if (!reader || !reader->next(&header)) return std::nullopt;
    return detectOpColumns(header);
}

bool importOpRows(UnitContext& ctx, const std::string& path, OpRowsResult* result, Error* error) {
    auto reader = CsvReader::open(path, error);
    if (!reader) return false;
    std::vector<std::string> cells;
    if (!reader->next(&cells)) {
        *error = reader->error() ? reader->error() : Error{ErrorCode::EmptyFile, path, 0, 1, -1, "a CSV header", {}};
        return false;
    }
    auto columns = detectOpColumns(cells);
    if (!columns) {
        *error = csvError(ErrorCode::BadCsv, *reader, "a per-task header with Name, Start Time(us) and Duration(us)",
                          joinCells(cells));
        return false;
    }
    // Another run's file: its rows are no candidates for any timeline task, and its device time is not the
    // timeline's device time.
    std::optional<UnitContext> detached;
    if (auto within = anyRowWithinTimeline(ctx, path, *columns); within && !*within) {
        detached.emplace(ctx.writer, ctx.progress, ctx.report);
        detachFromTimeline(ctx, path, &*detached);
        result->otherRun = true;
        result->otherRunDevice =
            otherRunDeviceName(std::filesystem::path(path).filename().string(), detached->deviceOr(-1));
        ctx.writer.addWarning("ascend_rows_other_run", path, -1, -1, otherRunSample(ctx, result->otherRunDevice));
    }
    UnitContext& rowsCtx = detached ? *detached : ctx;
    RowState state{rowsCtx, *columns, path, {}, {}};
    const std::size_t width = columns->columns.size();
    while (reader->next(&cells)) {
        if (reader->endedInsideQuotes() || (!reader->recordHadLineEnd() && cells.size() < width)) {
            *error = csvError(ErrorCode::Truncated, *reader, std::to_string(width) + " fields",
                              "the file ends inside this row");
            result->cutShort = true;
            break;
        }
        while (cells.size() > width && cleanCell(cells.back()).empty()) cells.pop_back(); // trailing commas
        ++result->rows;
        if (cells.size() != width) {
            ctx.writer.addWarning("ascend_csv_field_count", path, reader->recordOffset(), reader->recordLine(),
                                  joinCells(cells));
            ++result->skippedRows;
            continue;
        }
        if (!importRow(state, cells, result)) {
            ctx.writer.addWarning("ascend_csv_bad_start_time", path, reader->recordOffset(), reader->recordLine(),
                                  joinCells(cells));
            ++result->skippedRows;
        }
        if ((result->rows & 4095) == 0) {
            ctx.progress.report(ctx.bytesDone + reader->bytesRead(), ctx.bytesTotal, result->rows);
            if (ctx.progress.cancelled()) {
                *error = Error{ErrorCode::Cancelled, path, reader->bytesRead(), reader->recordLine(), -1, {}, {}};
                return false;
            }
        }
    }
    if (reader->error() && !result->cutShort) {
        *error = reader->error();
        result->cutShort = true;
    }
    for (TrackId track : state.computeTracks) ctx.writer.setTrackCompute(track, true);
    return true;
}

} // namespace opscope::ascend
