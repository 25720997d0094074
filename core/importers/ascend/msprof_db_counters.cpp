// The counter tables of a DB export (AI Core frequency, HBM, DDR, LLC, NPU memory, HCCS, PCIe, QoS,
// Acc PMU, SoC bandwidth, sampled AI Core utilization ...) as counter tracks named like the JSON
// timeline's, plus OVERLAP_ANALYSIS ranges and STEP_TIME step markers.
#include "core/importers/ascend/msprof_db_importer.h"

#include "core/importers/ascend/step_trace_importer.h"
#include "core/model/time_bounds.h"

#include <map>

namespace opscope::ascend::db_detail {

namespace {

struct Series {
    std::string column;
    std::string nameTemplate; // "{hbmId}" and the like are replaced by the row's value of that column
    std::string unit;
};

struct CounterTable {
    std::string table, process;
    std::vector<std::string> labelColumns; // string ids or small integers used in names
    std::vector<Series> series;
};

// Units as the export documents them: ns, bytes, bytes/s, MHz.
const std::vector<CounterTable>& counterTables() {
    static const std::vector<CounterTable> tables = {
        {"AICORE_FREQ", "AI Core Freq", {}, {{"freq", "AI Core Freq", "MHz"}}},
        {"HBM", "HBM", {"hbmId", "type"}, {{"bandwidth", "HBM {hbmId}/{type}", "B/s"}}},
        {"DDR", "DDR", {}, {{"read", "DDR/Read", "B/s"}, {"write", "DDR/Write", "B/s"}}},
        {"LLC", "LLC", {"llcId", "mode"},
         {{"hitRate", "LLC {llcId} {mode}/Hit Rate", "%"}, {"throughput", "LLC {llcId} {mode}/Throughput", "B/s"}}},
        {"NPU_MEM", "NPU MEM", {"type"}, {{"ddr", "{type}/DDR", "B"}, {"hbm", "{type}/HBM", "B"}}},
        {"NPU_MODULE_MEM", "NPU Module MEM", {"moduleId"}, {{"totalReserved", "Module {moduleId}/Total Reserved", "B"}}},
        {"HCCS", "HCCS", {}, {{"txThroughput", "Tx", "B/s"}, {"rxThroughput", "Rx", "B/s"}}},
        {"QOS", "QoS", {"eventName"}, {{"bandwidth", "QoS {eventName}", "B/s"}}},
        {"ACC_PMU", "Acc PMU", {"accId"},
         {{"readBwLevel", "Acc {accId}/read_bandwidth", ""}, {"writeBwLevel", "Acc {accId}/write_bandwidth", ""},
          {"readOstLevel", "Acc {accId}/read_ost", ""}, {"writeOstLevel", "Acc {accId}/write_ost", ""}}},
        {"SOC_BANDWIDTH_LEVEL", "Stars Soc Info", {},
         {{"l2BufferBwLevel", "L2 Buffer Bw Level", ""}, {"mataBwLevel", "Mata Bw Level", ""}}},
        {"SAMPLE_PMU_TIMELINE", "AI Core Utilization", {"coreType", "coreId"},
         {{"usage", "{coreType} Core {coreId}/Utilization", "%"}, {"freq", "{coreType} Core {coreId}/Freq", "MHz"}}},
    };
    return tables;
}

// Columns whose values are STRING_IDS ids.
bool isStringLabel(const std::string& column) {
    return column == "type" || column == "mode" || column == "eventName" || column == "coreType";
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
    std::vector<std::string> labels, values;
    for (const std::string& l : spec.labelColumns)
        if (db.hasColumn(spec.table, l)) labels.push_back(l);
    std::vector<const Series*> series;
    for (const Series& s : spec.series)
        if (db.hasColumn(spec.table, s.column)) series.push_back(&s);
    if (series.empty()) return;
    std::string sql = "SELECT timestampNs, " + std::string(db.hasColumn(spec.table, "deviceId") ? "deviceId" : "NULL");
    for (const std::string& l : labels) sql += ", \"" + l + "\"";
    for (const Series* s : series) sql += ", \"" + s->column + "\"";
    Statement st = db.db().prepare(sql + " FROM \"" + spec.table + "\"");
    std::map<std::pair<int, std::string>, TrackId> tracks;
    while (st.step()) {
        int device = pass.ctx.deviceOr(st.isNull(1) ? -1 : static_cast<int>(st.int64(1)));
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            int col = 2 + static_cast<int>(i);
            std::string v = isStringLabel(labels[i]) ? db.stringColumn(st, col) : st.text(col);
            if (isStringLabel(labels[i]) && !v.empty()) v[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(v[0])));
            row[labels[i]] = v;
        }
        for (std::size_t i = 0; i < series.size(); ++i) {
            int col = 2 + static_cast<int>(labels.size() + i);
            if (st.isNull(col)) continue;
            std::string name = expand(series[i]->nameTemplate, row);
            auto key = std::make_pair(device, name);
            auto it = tracks.find(key);
            if (it == tracks.end())
                it = tracks.emplace(key, pass.ctx.writer.counterTrack(deviceProcess(pass.ctx, device, spec.process), name,
                                                                      series[i]->unit)).first;
            pass.ctx.writer.addCounter(it->second, st.int64(0), st.real(col));
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
