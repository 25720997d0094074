// The counter tables of a DB export (AI Core frequency, HBM, DDR, LLC, NPU memory, HCCS, PCIe, QoS,
// Acc PMU, SoC bandwidth, sampled AI Core utilization ...) as counter tracks named like the JSON
// timeline's, plus OVERLAP_ANALYSIS ranges and STEP_TIME step markers.
#include "core/importers/ascend/msprof_db_importer.h"

#include "core/importers/ascend/step_trace_importer.h"
#include "core/model/time_bounds.h"

#include <algorithm>
#include <map>

namespace opscope::ascend::db_detail {

namespace {

struct Series {
    std::string column;
    std::string nameTemplate; // "{hbmId}" and the like are replaced by the row's value of that column
    std::string unit;
    double divisor = 1;       // DB unit -> the unit of the JSON timeline's lane of the same name
};

struct CounterTable {
    std::string table, process;
    std::vector<std::string> labelColumns; // string ids or small integers used in names
    std::vector<Series> series;
};

constexpr double kKiB = 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;

// Lanes named as the JSON timeline of the same run names them (the Chrome importer's "<event name>
// <args key>", e.g. "HBM 0/Read Read(MB/s)"), in the JSON's units: the DB's bytes and bytes/s are
// divided into KB and MB/s (binary units, as msprof's KB are). Tables the JSON sample does not show
// (DDR, NPU_MODULE_MEM, HCCS, SAMPLE_PMU_TIMELINE) keep names of opscope's own.
const std::vector<CounterTable>& counterTables() {
    static const std::vector<CounterTable> tables = {
        {"AICORE_FREQ", "AI Core Freq", {}, {{"freq", "AI Core Freq MHz", "MHz"}}},
        {"HBM", "HBM", {"hbmId", "type"}, {{"bandwidth", "HBM {hbmId}/{type} {type}(MB/s)", "MB/s", kMiB}}},
        {"DDR", "DDR", {}, {{"read", "DDR/Read", "B/s"}, {"write", "DDR/Write", "B/s"}}},
        {"LLC", "LLC", {"llcId", "mode"},
         {{"hitRate", "LLC {llcId} {mode}/Hit Rate Hit Rate(%)", "%"},
          {"throughput", "LLC {llcId} {mode}/Throughput Throughput(MB/s)", "MB/s", kMiB}}},
        {"NPU_MEM", "NPU MEM", {"type"},
         {{"ddr", "{type}/DDR KB", "KB", kKiB}, {"hbm", "{type}/HBM KB", "KB", kKiB},
          {"ddr+hbm", "{type}/Memory KB", "KB", kKiB}}},
        {"NPU_MODULE_MEM", "NPU Module MEM", {"moduleId"}, {{"totalReserved", "Module {moduleId}/Total Reserved", "B"}}},
        {"HCCS", "HCCS", {}, {{"txThroughput", "Tx", "B/s"}, {"rxThroughput", "Rx", "B/s"}}},
        {"QOS", "QoS", {"eventName"}, {{"bandwidth", "QoS {eventName} value", ""}}},
        // The JSON writes one "read_bandwidth" event per accelerator with args {value, acc_id}: two lanes.
        {"ACC_PMU", "Acc PMU", {},
         {{"readBwLevel", "read_bandwidth value", ""}, {"accId", "read_bandwidth acc_id", ""},
          {"writeBwLevel", "write_band_width value", ""}, {"accId", "write_band_width acc_id", ""},
          {"readOstLevel", "read_ost value", ""}, {"accId", "read_ost acc_id", ""},
          {"writeOstLevel", "write_ost value", ""}, {"accId", "write_ost acc_id", ""}}},
        {"SOC_BANDWIDTH_LEVEL", "Stars Soc Info", {},
         {{"l2BufferBwLevel", "L2 Buffer Bw Level L2 Buffer Bw Level", "L2 Buffer Bw Level"},
          {"mataBwLevel", "Mata Bw Level Mata Bw Level", "Mata Bw Level"}}},
        {"SAMPLE_PMU_TIMELINE", "AI Core Utilization", {"coreType", "coreId"},
         {{"usage", "{coreType} Core {coreId}/Utilization", "%"}, {"freq", "{coreType} Core {coreId}/Freq", "MHz"}}},
    };
    return tables;
}

// Columns whose values are STRING_IDS ids.
bool isStringLabel(const std::string& column) {
    return column == "type" || column == "mode" || column == "eventName" || column == "coreType";
}

// A string label as the JSON spells it: "read" -> "Read", NPU_MEM's "app" -> "APP".
std::string labelText(const std::string& table, std::string v) {
    if (table == "NPU_MEM" && v == "app") return "APP";
    if (!v.empty()) v[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(v[0])));
    return v;
}

// A series column, or "a+b" for the sum of two (NPU MEM's Memory lane: DDR plus HBM).
std::vector<std::string> seriesColumns(const std::string& column) {
    std::size_t plus = column.find('+');
    if (plus == std::string::npos) return {column};
    return {column.substr(0, plus), column.substr(plus + 1)};
}

std::string expand(const std::string& pattern, const std::map<std::string, std::string>& labels) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        std::size_t close = pattern[i] == '{' ? pattern.find('}', i) : std::string::npos;
        if (close == std::string::npos) {
            out.push_back(pattern[i]);
            continue;
        }
        auto it = labels.find(pattern.substr(i + 1, close - i - 1));
        out += it == labels.end() ? std::string() : it->second;
        i = close;
    }
    return out;
}

void importCounterTable(DbPass& pass, const CounterTable& spec) {
    MsprofDb& db = pass.db;
    if (!db.hasTable(spec.table) || !db.hasColumn(spec.table, "timestampNs")) return;
    std::vector<std::string> labels;
    for (const std::string& l : spec.labelColumns)
        if (db.hasColumn(spec.table, l)) labels.push_back(l);
    // Each series reads one or two columns of the row; columns are selected once each.
    std::vector<std::string> columns;
    auto columnIndex = [&](const std::string& c) {
        auto it = std::find(columns.begin(), columns.end(), c);
        if (it != columns.end()) return static_cast<int>(it - columns.begin());
        columns.push_back(c);
        return static_cast<int>(columns.size() - 1);
    };
    std::vector<std::pair<const Series*, std::vector<int>>> series;
    for (const Series& s : spec.series) {
        std::vector<std::string> parts = seriesColumns(s.column);
        if (!std::all_of(parts.begin(), parts.end(), [&](const std::string& c) { return db.hasColumn(spec.table, c); }))
            continue;
        std::vector<int> indices;
        for (const std::string& c : parts) indices.push_back(columnIndex(c));
        series.emplace_back(&s, std::move(indices));
    }
    if (series.empty()) return;
    std::string sql = "SELECT timestampNs, " + std::string(db.hasColumn(spec.table, "deviceId") ? "deviceId" : "NULL");
    for (const std::string& l : labels) sql += ", \"" + l + "\"";
    for (const std::string& c : columns) sql += ", \"" + c + "\"";
    Statement st = db.db().prepare(sql + " FROM \"" + spec.table + "\"");
    const int firstValue = 2 + static_cast<int>(labels.size());
    std::map<std::pair<int, std::string>, TrackId> tracks;
    while (st.step()) {
        int device = pass.ctx.deviceOr(st.isNull(1) ? -1 : static_cast<int>(st.int64(1)));
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            int col = 2 + static_cast<int>(i);
            row[labels[i]] = isStringLabel(labels[i]) ? labelText(spec.table, db.stringColumn(st, col)) : st.text(col);
        }
        for (const auto& [s, indices] : series) {
            double value = 0;
            bool present = true;
            for (int index : indices) {
                if (st.isNull(firstValue + index)) present = false;
                else value += st.real(firstValue + index);
            }
            if (!present) continue;
            std::string name = expand(s->nameTemplate, row);
            auto key = std::make_pair(device, name);
            auto it = tracks.find(key);
            if (it == tracks.end())
                it = tracks.emplace(key, pass.ctx.writer.counterTrack(deviceProcess(pass.ctx, device, spec.process), name,
                                                                      s->unit)).first;
            pass.ctx.writer.addCounter(it->second, st.int64(0), value / s->divisor);
            ++pass.result.counterSamples;
        }
    }
}

void importOverlap(DbPass& pass) {
    static const char* kTypeNames[] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
    Statement st = pass.db.db().prepare("SELECT deviceId, startNs, endNs, type FROM OVERLAP_ANALYSIS");
    while (st.step()) {
        int device = st.isNull(0) ? -1 : static_cast<int>(st.int64(0));
        std::int64_t type = st.isNull(3) ? -1 : st.int64(3);
        std::string name = type >= 0 && type < 4 ? kTypeNames[type] : "Type " + std::to_string(type);
        ProcessId process = deviceProcess(pass.ctx, device, "Overlap Analysis");
        SliceInput in;
        in.track = namedThreadTrack(pass.ctx, process, std::to_string(type), name);
        in.tsNs = st.int64(1);
        in.durNs = durationBetween(st.int64(1), st.int64(2));
        in.name = name;
        pass.ctx.writer.addSlice(in);
        ++pass.result.hostRanges;
    }
}

void importSteps(DbPass& pass) {
    Statement st = pass.db.db().prepare("SELECT id, startNs, endNs FROM STEP_TIME");
    while (st.step()) {
        auto start = MsprofDb::intColumn(st, 1), end = MsprofDb::intColumn(st, 2);
        if (!start || !end) continue;
        PendingSliceIndex slice = addStepMarker(pass.ctx, -1, "Step " + st.text(0), *start, *end);
        pass.ctx.writer.addMetric(slice, "Step", static_cast<double>(st.int64(0)), {}, {}, "Task");
        ++pass.result.hostRanges;
    }
}

} // namespace

void importCounters(DbPass& pass) {
    for (const CounterTable& spec : counterTables()) importCounterTable(pass, spec);
}

void importOverlapAndSteps(DbPass& pass) {
    if (pass.db.hasTable("OVERLAP_ANALYSIS") && pass.db.hasColumn("OVERLAP_ANALYSIS", "type")) importOverlap(pass);
    if (pass.db.hasTable("STEP_TIME")) importSteps(pass);
}

} // namespace opscope::ascend::db_detail
