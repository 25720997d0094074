#include "core/importers/ascend/statistics_csv_importer.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"

#include <algorithm>
#include <map>

namespace opscope::ascend {

namespace {

// Column index by lower-case header name (without the "(us)" unit).
std::map<std::string, int> columnsOf(const std::vector<std::string>& header) {
    std::map<std::string, int> columns;
    for (std::size_t i = 0; i < header.size(); ++i)
        columns.emplace(lowerAscii(splitColumnName(cleanCell(header[i])).key), static_cast<int>(i));
    return columns;
}

bool hasAll(const std::map<std::string, int>& columns, std::initializer_list<const char*> names) {
    return std::all_of(names.begin(), names.end(), [&](const char* n) { return columns.count(n) > 0; });
}

bool unitHasProcess(const UnitContext& ctx, std::string_view name) {
    for (const TimelineProcess& p : ctx.timeline.processes())
        if (p.name == name) return true;
    return ctx.ownProcesses.count(ctx.keyPrefix + "host/" + std::string(name)) > 0;
}

bool unitHasDeviceTasks(const UnitContext& ctx) {
    if (!ctx.ownStreams.empty() || !ctx.timeline.computeTracks().empty()) return true;
    for (const TimelineProcess& p : ctx.timeline.processes())
        if (p.name == "Ascend Hardware") return true;
    return false;
}

class RowReader {
public:
    RowReader(const std::map<std::string, int>& columns, const std::vector<std::string>& cells)
        : columns_(columns), cells_(cells) {}
    std::string_view cell(const char* name) const {
        auto it = columns_.find(name);
        if (it == columns_.end() || it->second >= static_cast<int>(cells_.size())) return {};
        return cleanCell(cells_[static_cast<std::size_t>(it->second)]);
    }
    std::optional<TimeNs> micros(const char* name) const { return parseMicros(cell(name)); }
    std::optional<double> number(const char* name) const { return parseNumber(cell(name)); }

private:
    const std::map<std::string, int>& columns_;
    const std::vector<std::string>& cells_;
};

} // namespace

std::string statisticsKindOfHeader(const std::vector<std::string>& header) {
    std::map<std::string, int> columns = columnsOf(header);
    if (hasAll(columns, {"op type", "core type", "count", "total time", "ratio"})) return "op_statistic";
    if (hasAll(columns, {"level", "api name", "time", "count"})) return "api_statistic";
    if (hasAll(columns, {"name", "input shapes", "host self duration", "device total duration"})) return "operator_details";
    return {};
}

std::string statisticsSkipReason(const UnitContext& ctx, const std::string& kind) {
    if (kind == "op_statistic" && unitHasDeviceTasks(ctx))
        return "per-type statistics of the device tasks this folder holds: opscope computes them (stats --by type); "
               "the file is the check";
    if (kind == "api_statistic" && unitHasProcess(ctx, "CANN"))
        return "per-API statistics of the CANN ranges this folder's timeline holds";
    if (kind == "operator_details" && unitHasProcess(ctx, "Python"))
        return "per-operator totals of the host operators this folder's timeline holds";
    return {};
}

bool importStatisticsCsv(UnitContext& ctx, const std::string& path, const std::string& kind, std::int64_t* rows,
                         Error* error) {
    std::vector<std::string> header, cells;
    auto reader = openCsvWithHeader(path, &header, error);
    if (!reader) return false;
    if (statisticsKindOfHeader(header) != kind) {
        *error = Error{ErrorCode::BadCsv, path, 0, 1, -1, "the " + kind + " header", {}};
        return false;
    }
    const std::map<std::string, int> columns = columnsOf(header);
    std::vector<AscendStatisticRow> statistics;
    std::vector<AscendOperatorDetailRow> details;
    // Rows go to the sink in batches: an operator_details.csv has a row per operator call, millions
    // in a long run, and the table never needs to be held whole.
    constexpr std::size_t kBatchRows = 4096;
    auto flush = [&] {
        if (!statistics.empty()) ctx.writer.addAscendStatistics(path, statistics);
        if (!details.empty()) ctx.writer.addAscendOperatorDetails(path, details);
        statistics.clear();
        details.clear();
    };
    while (reader->next(&cells)) {
        if (statistics.size() + details.size() >= kBatchRows) flush();
        if (csvRecordCutShort(*reader, header.size(), cells.size(), error)) break;
        RowReader row(columns, cells);
        std::int64_t deviceId = -1;
        if (auto ordinal = deviceOrdinalOfCell(row.cell("device_id")); ordinal && *ordinal >= 0 && ctx.deviceFor)
            deviceId = ctx.deviceFor(*ordinal);
        else if (!ordinal && kind != "api_statistic" && ctx.deviceFor)
            deviceId = ctx.deviceFor(ctx.deviceOr(-1)); // torch_npu writes no Device_id: the unit's NPU
        ++*rows;
        if (kind == "operator_details") {
            AscendOperatorDetailRow r;
            r.deviceId = deviceId;
            r.name = std::string(row.cell("name"));
            r.inputShapes = std::string(row.cell("input shapes"));
            r.callStack = std::string(row.cell("call stack"));
            r.hostSelfNs = row.micros("host self duration");
            r.hostTotalNs = row.micros("host total duration");
            r.deviceSelfNs = row.micros("device self duration");
            r.deviceTotalNs = row.micros("device total duration");
            r.deviceSelfAicoreNs = row.micros("device self duration with aicore");
            r.deviceTotalAicoreNs = row.micros("device total duration with aicore");
            details.push_back(std::move(r));
            continue;
        }
        AscendStatisticRow r;
        r.kind = kind;
        r.deviceId = deviceId;
        const bool op = kind == "op_statistic";
        r.category = std::string(row.cell(op ? "core type" : "level"));
        r.name = std::string(row.cell(op ? "op type" : "api name"));
        r.count = parseInteger(row.cell("count")).value_or(0);
        r.totalNs = row.micros(op ? "total time" : "time");
        r.minNs = row.micros(op ? "min time" : "min");
        r.avgNs = row.micros(op ? "avg time" : "avg");
        r.maxNs = row.micros(op ? "max time" : "max");
        if (op) r.ratioPercent = row.number("ratio");
        else r.variance = row.number("variance");
        statistics.push_back(std::move(r));
    }
    if (reader->error() && !*error) *error = reader->error();
    flush();
    return true;
}

} // namespace opscope::ascend
