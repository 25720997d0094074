#include "core/importers/ascend/step_trace_importer.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/model/time_bounds.h"
#include "core/importers/ascend/csv_values.h"

namespace opscope::ascend {

namespace {

int indexOf(const std::vector<std::string>& lowered, std::string_view name) {
    for (std::size_t i = 0; i < lowered.size(); ++i)
        if (lowered[i] == name) return static_cast<int>(i);
    return -1;
}

struct StepColumns {
    int step = -1, device = -1, iterationEnd = -1, iterationTime = -1;
    bool msprof = false;
    std::vector<ColumnName> names;
};

StepColumns stepColumnsOf(const std::vector<std::string>& header) {
    std::vector<std::string> lowered;
    StepColumns c;
    for (const std::string& h : header) {
        lowered.push_back(lowerAscii(cleanCell(h)));
        c.names.push_back(splitColumnName(h));
    }
    c.device = indexOf(lowered, "device_id");
    c.step = indexOf(lowered, "step");
    if (c.step < 0) {
        c.step = indexOf(lowered, "iteration id");
        c.iterationEnd = indexOf(lowered, "iteration end(us)");
        c.iterationTime = indexOf(lowered, "iteration time(us)");
        c.msprof = c.step >= 0 && c.iterationEnd >= 0 && c.iterationTime >= 0;
        if (!c.msprof) c.step = -1;
    } else if (indexOf(lowered, "computing") < 0) {
        c.step = -1;
    }
    return c;
}

// Where step n ran: the timeline's ProfilerStep#n, else the span of its kernels, else (a single
// step) the device's whole timeline.
std::optional<std::pair<TimeNs, TimeNs>> stepRange(const UnitContext& ctx, long long step, int device, bool single) {
    if (auto it = ctx.timeline.stepRanges().find(step); it != ctx.timeline.stepRanges().end()) return it->second;
    if (auto it = ctx.kernelStepSpans.find(step); it != ctx.kernelStepSpans.end()) return it->second;
    if (single) return ctx.timeline.deviceSpan(device);
    return std::nullopt;
}

} // namespace

bool isStepTraceHeader(const std::vector<std::string>& header) { return stepColumnsOf(header).step >= 0; }

PendingSliceIndex addStepMarker(UnitContext& ctx, int device, std::string_view name, TimeNs startNs, TimeNs endNs) {
    ProcessId process = deviceProcess(ctx, device, "Step Trace");
    SliceInput in;
    in.track = ctx.writer.namedTrack(process, TrackKind::Step, "Steps");
    in.tsNs = startNs;
    in.durNs = durationBetween(startNs, endNs);
    in.name = name;
    in.category = "step";
    return ctx.writer.addSlice(in);
}

bool importStepTrace(UnitContext& ctx, const std::string& path, std::int64_t* steps, Error* error) {
    auto reader = CsvReader::open(path, error);
    if (!reader) return false;
    std::vector<std::string> header, cells;
    if (!reader->next(&header)) {
        *error = Error{ErrorCode::EmptyFile, path, 0, 1, -1, "a step trace header", {}};
        return false;
    }
    StepColumns c = stepColumnsOf(header);
    if (c.step < 0) {
        *error = Error{ErrorCode::BadCsv, path, 0, 1, -1, "a step trace header (Step, Computing ... or Iteration ID, "
                       "Iteration End(us), Iteration Time(us) ...)", header.empty() ? "" : header[0]};
        return false;
    }
    std::vector<std::vector<std::string>> rows;
    std::vector<std::int64_t> lines;
    while (reader->next(&cells)) {
        if (reader->endedInsideQuotes() || (!reader->recordHadLineEnd() && cells.size() < header.size())) {
            *error = Error{ErrorCode::Truncated, path, reader->recordOffset(), reader->recordLine(), -1,
                           std::to_string(header.size()) + " fields", "the file ends inside this row"};
            break;
        }
        rows.push_back(cells);
        lines.push_back(reader->recordLine());
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        auto cell = [&](int i) { return i >= 0 && i < static_cast<int>(row.size()) ? cleanCell(row[i]) : ""; };
        auto step = parseInteger(cell(c.step));
        int device = parseInteger(cell(c.device)) ? static_cast<int>(*parseInteger(cell(c.device))) : ctx.defaultDevice;
        std::optional<std::pair<TimeNs, TimeNs>> range;
        if (c.msprof) {
            auto end = parseMicros(cell(c.iterationEnd));
            auto length = parseMicros(cell(c.iterationTime));
            if (end && length) range = std::make_pair(*end - *length, *end);
        } else if (step) {
            range = stepRange(ctx, *step, device, rows.size() == 1);
        }
        if (!range) {
            ctx.writer.addWarning("ascend_step_without_time", path, -1, lines[r], cell(c.step));
            continue;
        }
        std::string name = std::string(c.msprof ? "Iteration " : "Step ") + std::string(cell(c.step));
        PendingSliceIndex slice = addStepMarker(ctx, device, name, range->first, range->second);
        for (std::size_t i = 0; i < row.size() && i < c.names.size(); ++i) {
            bool isId = static_cast<int>(i) == c.step || static_cast<int>(i) == c.device;
            // torch_npu writes these durations without a unit; they are µs.
            std::string unit = c.names[i].unit.empty() && !isId ? "us" : c.names[i].unit;
            std::string key = lowerAscii(c.names[i].key);
            bool exact = c.msprof && !isId && (key.ends_with(" start") || key.ends_with(" end")); // timestamps
            addCellMetric(ctx.writer, slice, c.names[i].key, unit, isId ? "Task" : "Timing", row[i], exact, isId);
        }
        ++*steps;
    }
    return true;
}

} // namespace opscope::ascend
