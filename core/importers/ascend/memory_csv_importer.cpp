#include "core/importers/ascend/memory_csv_importer.h"

#include "core/importers/ascend/counter_csv_importer.h"
#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "core/model/byte_units.h"
#include "core/model/time_bounds.h"

#include <cctype>
#include <map>

namespace opscope::ascend {

namespace {

// Header columns by lower-case key ("total allocated"), with the power of two (bytes) or of ten
// (times, to ns) their unit asks for.
class MemoryColumns {
public:
    explicit MemoryColumns(const std::vector<std::string>& header) {
        for (std::size_t i = 0; i < header.size(); ++i) {
            ColumnName name = splitColumnName(cleanCell(header[i]));
            columns_.emplace(lowerAscii(name.key), Column{static_cast<int>(i), lowerAscii(name.unit)});
        }
    }
    bool has(const std::string& key) const { return columns_.count(key) != 0; }

    std::string_view cell(const std::vector<std::string>& row, const std::string& key) const {
        auto it = columns_.find(key);
        if (it == columns_.end() || it->second.index >= static_cast<int>(row.size())) return {};
        std::string_view v = cleanCell(row[static_cast<std::size_t>(it->second.index)]);
        return isMissing(v) ? std::string_view{} : v;
    }
    std::optional<std::int64_t> bytes(const std::vector<std::string>& row, const std::string& key) const {
        std::string_view v = cell(row, key);
        if (v.empty()) return std::nullopt;
        const std::string& unit = columns_.at(key).unit;
        int shift = unit == "mb" ? kMiBShift : unit == "kb" ? kKiBShift : 0;
        return parseBinaryScaledBytes(v, shift);
    }
    std::optional<TimeNs> timeNs(const std::vector<std::string>& row, const std::string& key) const {
        std::string_view v = cell(row, key);
        if (v.empty()) return std::nullopt;
        return parseDecimalScaled(v, columns_.at(key).unit == "ns" ? 0 : 3);
    }

private:
    struct Column {
        int index;
        std::string unit;
    };
    std::map<std::string, Column> columns_;
};

struct MemoryCsv {
    UnitContext& ctx;
    MemoryColumns columns;
    std::string source; // the file name without msprof's suffix: "memory_record.csv"
    TraceSink& out; // memory rows go to the sink

    std::int64_t deviceOf(const std::vector<std::string>& row) const {
        int ordinal = -1;
        for (const char* key : {"device type", "device", "device_id"}) {
            if (auto d = deviceOrdinalOfCell(columns.cell(row, key))) {
                ordinal = *d;
                break;
            }
        }
        if (ordinal == kHostDevice) return 0;
        return ctx.deviceFor ? ctx.deviceFor(ctx.deviceOr(ordinal)) : 0;
    }
};

// Allocator totals: torch_npu (MB, "Total Active") or msprof (KB).
bool recordRow(MemoryCsv& f, const std::vector<std::string>& row) {
    auto ts = f.columns.timeNs(row, "timestamp");
    if (!ts) return false;
    MemoryRecordRow r;
    r.deviceId = f.deviceOf(row);
    r.component = std::string(f.columns.cell(row, "component"));
    r.tsNs = *ts;
    r.allocatedBytes = f.columns.bytes(row, "total allocated");
    r.reservedBytes = f.columns.bytes(row, "total reserved");
    r.activeBytes = f.columns.bytes(row, "total active");
    r.source = f.source;
    f.out.addMemoryRow(r);
    return true;
}

bool allocationRow(MemoryCsv& f, const std::vector<std::string>& row) {
    auto size = f.columns.bytes(row, "size");
    std::string_view name = f.columns.cell(row, "name");
    if (!size || name.empty()) return false;
    MemoryAllocationRow a;
    a.deviceId = f.deviceOf(row);
    a.operatorName = std::string(name);
    a.sizeBytes = *size;
    a.allocTsNs = f.columns.timeNs(row, "allocation time");
    a.releaseTsNs = f.columns.timeNs(row, "release time");
    a.activeReleaseTsNs = f.columns.timeNs(row, "active release time");
    // msprof's operator_memory has no release time, only the duration.
    if (!a.releaseTsNs && !f.columns.has("release time") && a.allocTsNs)
        if (auto dur = f.columns.timeNs(row, "duration")) a.releaseTsNs = saturatingAdd(*a.allocTsNs, *dur);
    a.allocTotalAllocatedBytes = f.columns.bytes(row, "allocation total allocated");
    a.allocTotalReservedBytes = f.columns.bytes(row, "allocation total reserved");
    a.allocTotalActiveBytes = f.columns.bytes(row, "allocation total active");
    a.releaseTotalAllocatedBytes = f.columns.bytes(row, "release total allocated");
    a.releaseTotalReservedBytes = f.columns.bytes(row, "release total reserved");
    a.releaseTotalActiveBytes = f.columns.bytes(row, "release total active");
    a.streamPtr = std::string(f.columns.cell(row, "stream ptr"));
    a.source = f.source;
    f.out.addMemoryRow(a);
    return true;
}

bool moduleRow(MemoryCsv& f, const std::vector<std::string>& row) {
    auto ts = f.columns.timeNs(row, "timestamp");
    auto reserved = f.columns.bytes(row, "total reserved");
    if (!ts || !reserved) return false;
    f.out.addMemoryRow(MemoryModuleRow{f.deviceOf(row), std::string(f.columns.cell(row, "component")), *ts, *reserved, f.source});
    return true;
}

// msprof npu_mem: "event" (app / device) with ddr and hbm in KB; one component per (event, memory).
bool npuMemRow(MemoryCsv& f, const std::vector<std::string>& row) {
    auto ts = f.columns.timeNs(row, "timestamp");
    if (!ts) return false;
    std::string event(f.columns.cell(row, "event"));
    for (auto& c : event) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    bool any = false;
    for (const char* kind : {"ddr", "hbm"}) {
        auto bytes = f.columns.bytes(row, kind);
        if (!bytes) continue;
        std::string upper = kind[0] == 'd' ? "DDR" : "HBM";
        f.out.addMemoryRow(MemoryModuleRow{f.deviceOf(row), event.empty() ? upper : event + "/" + upper, *ts, *bytes, f.source});
        any = true;
    }
    return any;
}

} // namespace

std::string memoryCsvKindOf(std::string_view fileName) {
    std::string kind = counterKindOf(fileName);
    if (kind == "memory_record" || kind == "npu_module_mem" || kind == "npu_mem") return kind;
    std::string lowered = lowerAscii(fileName);
    if (lowered.rfind("operator_memory", 0) == 0 && lowered.size() > 4 && lowered.substr(lowered.size() - 4) == ".csv")
        return "operator_memory";
    return {};
}

bool importMemoryCsv(UnitContext& ctx, const std::string& path, std::string_view kind, std::int64_t* rows,
                     Error* error) {
    std::vector<std::string> header, cells;
    auto reader = openCsvWithHeader(path, &header, error);
    if (!reader) return false;
    MemoryCsv file{ctx, MemoryColumns(header), std::string(kind) + ".csv", ctx.writer};
    auto rowOf = kind == "memory_record"     ? recordRow
                 : kind == "operator_memory" ? allocationRow
                 : kind == "npu_module_mem"  ? moduleRow
                                             : npuMemRow;
    while (reader->next(&cells)) {
        if (csvRecordCutShort(*reader, header.size(), cells.size(), error)) break;
        // A row without its time or size cannot be placed: counted (first one located), not fatal.
        if (rowOf(file, cells)) ++*rows;
        else ctx.writer.addWarning("memory_row_skipped", path, reader->recordOffset(), reader->recordLine(), {});
    }
    return true;
}

} // namespace opscope::ascend
