#include "core/importers/ascend/op_rows_importer.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "core/model/time_bounds.h"

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

void addRowMetrics(TraceSink& writer, PendingSliceIndex slice, const OpColumns& columns,
                   const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < columns.columns.size() && i < cells.size(); ++i) {
        const MetricColumn& c = columns.columns[i];
        addCellMetric(writer, slice, c.key, c.unit, c.group, cells[i], c.kind == CellKind::Time, c.idColumn);
    }
}

// The timeline slice of a row: by (stream, task id, start); rows without ids (communication) by name.
std::optional<PendingSliceIndex> findSliceOf(RowState& s, int device, std::optional<long long> stream,
                                             std::optional<long long> task, std::string_view name, TimeNs tsNs) {
    const AscendTimeline& t = s.ctx.timeline;
    if (stream && task)
        if (auto hit = t.findTask(device, *stream, *task, tsNs, kJoinToleranceNs, s.used)) return hit;
    if (auto hit = t.findCommunication(device, name, tsNs, kJoinToleranceNs, s.used)) return hit;
    return t.findHardwareByName(device, name, tsNs, kJoinToleranceNs, s.used);
}

PendingSliceIndex addOwnSlice(RowState& s, int device, std::optional<long long> stream, std::string_view core,
                              std::string_view name, std::string_view type, TimeNs tsNs, TimeNs durNs,
                              TrackId* trackOut) {
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
    SliceInput in;
    in.track = track;
    in.tsNs = tsNs;
    in.durNs = durNs;
    in.name = name;
    in.category = "kernel";
    in.type = type;
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
    int device = intCell(cells, c.device) ? static_cast<int>(*intCell(cells, c.device)) : s.ctx.defaultDevice;
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
        slice = *hit;
        track = s.ctx.timeline.slice(slice)->track; // found in the timeline's record: never null
        s.used.insert(slice);
        if (!type.empty()) s.ctx.writer.setSliceType(slice, type);
        ++result->joined;
    } else {
        slice = addOwnSlice(s, device, stream, core, name, type, *tsNs, durNs, &track);
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

} // namespace

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
    RowState state{ctx, *columns, path, {}, {}};
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
