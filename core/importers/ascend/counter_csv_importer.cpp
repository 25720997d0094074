#include "core/importers/ascend/counter_csv_importer.h"

#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"
#include "core/importers/chrome_json/decimal_time.h"

#include <array>
#include <map>

namespace opscope::ascend {

namespace {

struct KindInfo {
    std::string_view kind, display;
    bool host;
};
constexpr std::array<KindInfo, 17> kKinds = {{
    {"ai_core_utilization", "AI Core Utilization", false}, {"ai_vector_core_utilization", "AI Vector Core Utilization", false},
    {"hbm", "HBM", false}, {"ddr", "DDR", false}, {"llc", "LLC", false}, {"hccs", "HCCS", false},
    {"pcie", "PCIe", false}, {"nic", "NIC", false}, {"roce", "RoCE", false}, {"npu_mem", "NPU MEM", false},
    {"npu_module_mem", "NPU Module MEM", false}, {"memory_record", "Memory Record", false},
    {"soc_pmu", "SoC PMU", false}, {"sys_mem", "Sys Mem", true}, {"process_mem", "Process Mem", true},
    {"cpu_usage", "CPU Usage", true}, {"process_cpu_usage", "Process CPU Usage", true},
}};

constexpr std::array<std::string_view, 15> kLabelColumns = {
    "component", "metric", "mode", "event", "core id", "core type", "cpu type", "funcid", "type", "die id",
    "acc id", "hbm id", "llc id", "core", "cpu no"};

enum class Role { Value, Time, Device, Label, Ignored };

struct CounterColumns {
    std::vector<Role> roles;
    std::vector<ColumnName> names;
    int time = -1;
    int timeScaleDigits = 3; // µs -> ns
};

CounterColumns columnsOf(const std::vector<std::string>& header, const std::vector<std::string>& firstRow) {
    CounterColumns c;
    for (std::size_t i = 0; i < header.size(); ++i) {
        std::string lowered = lowerAscii(cleanCell(header[i]));
        c.names.push_back(splitColumnName(header[i]));
        Role role = Role::Value;
        if (c.time < 0 && (lowered == "timestamp(us)" || lowered == "timestamp" || lowered == "time(us)")) {
            role = Role::Time;
            c.time = static_cast<int>(i);
        } else if (c.time < 0 && lowered == "timestamp(ns)") {
            role = Role::Time;
            c.time = static_cast<int>(i);
            c.timeScaleDigits = 0;
        } else if (lowered == "device_id" || lowered == "device" || lowered == "device type") {
            role = Role::Device;
        } else if (lowered == "stream ptr") {
            role = Role::Ignored;
        } else {
            for (std::string_view label : kLabelColumns)
                if (lowered == label) role = Role::Label;
            std::string_view first = i < firstRow.size() ? cleanCell(firstRow[i]) : "";
            if (role == Role::Value && !isMissing(first) && !parseNumber(first)) role = Role::Label;
        }
        c.roles.push_back(role);
    }
    return c;
}

std::string trackNameOf(const CounterColumns& c, const std::vector<std::string>& row, std::size_t valueColumn,
                        std::string_view display) {
    std::string labels;
    for (std::size_t i = 0; i < row.size() && i < c.roles.size(); ++i) {
        if (c.roles[i] != Role::Label) continue;
        std::string_view v = cleanCell(row[i]);
        if (isMissing(v)) continue;
        if (!labels.empty()) labels += ' ';
        if (parseNumber(v)) labels += (lowerAscii(c.names[i].key) == "metric" ? std::string(display) : c.names[i].key) + " ";
        labels += v;
    }
    const std::string& key = c.names[valueColumn].key;
    return labels.empty() ? key : labels + "/" + key;
}

struct CounterFile {
    UnitContext& ctx;
    std::string display;
    bool hostKind = false;
    std::map<std::pair<int, std::string>, TrackId> tracks;

    TrackId track(int device, const std::string& name, const std::string& unit, bool summary) {
        auto key = std::make_pair(device, name);
        if (auto it = tracks.find(key); it != tracks.end()) return it->second;
        std::string processName = summary ? display + " (summary)" : display;
        ProcessId process = device == kHostDevice ? hostProcess(ctx, processName) : deviceProcess(ctx, device, processName);
        TrackId id = ctx.writer.counterTrack(process, name, unit);
        tracks.emplace(key, id);
        return id;
    }
};

} // namespace

std::string counterKindOf(std::string_view fileName) {
    std::string stem(fileName);
    if (stem.size() > 4 && lowerAscii(stem.substr(stem.size() - 4)) == ".csv") stem.resize(stem.size() - 4);
    stem = lowerAscii(stem);
    // msprof appends "_<timestamp>", sliced output "_slice_<n>_<timestamp>".
    for (int pass = 0; pass < 3; ++pass) {
        std::size_t underscore = stem.rfind('_');
        if (underscore == std::string::npos) break;
        std::string_view tail = std::string_view(stem).substr(underscore + 1);
        bool digits = !tail.empty() && tail.find_first_not_of("0123456789") == std::string_view::npos;
        if (!digits && tail != "slice") break;
        stem.resize(underscore);
    }
    for (const KindInfo& k : kKinds)
        if (stem == k.kind) return stem;
    return {};
}

std::string counterDisplayName(std::string_view kind) {
    for (const KindInfo& k : kKinds)
        if (kind == k.kind) return std::string(k.display);
    return std::string(kind);
}

bool importCounterCsv(UnitContext& ctx, const std::string& path, std::string_view kind, std::int64_t* samples,
                      Error* error) {
    std::vector<std::string> header, cells;
    auto reader = openCsvWithHeader(path, &header, error);
    if (!reader) return false;
    CounterFile file{ctx, counterDisplayName(kind), false, {}};
    for (const KindInfo& k : kKinds)
        if (kind == k.kind) file.hostKind = k.host;
    std::optional<CounterColumns> columns;
    while (reader->next(&cells)) {
        if (csvRecordCutShort(*reader, header.size(), cells.size(), error)) break;
        if (!columns) columns = columnsOf(header, cells);
        const CounterColumns& c = *columns;
        int device = file.hostKind ? kHostDevice : ctx.deviceOr(-1);
        for (std::size_t i = 0; i < cells.size() && i < c.roles.size(); ++i)
            if (c.roles[i] == Role::Device)
                if (auto d = deviceOrdinalOfCell(cleanCell(cells[i]))) device = *d;
        std::vector<TimeNs> times;
        if (c.time >= 0) {
            auto t = parseDecimalScaled(cleanCell(c.time < static_cast<int>(cells.size()) ? cells[c.time] : ""),
                                        c.timeScaleDigits);
            if (!t) continue;
            times.push_back(*t);
        } else {
            // A summary: flat over the timeline of its device, when there is one.
            auto span = ctx.timeline.deviceSpan(device == kHostDevice ? -1 : device);
            if (!span) {
                *error = Error{ErrorCode::UnknownFormat, path, reader->recordOffset(), reader->recordLine(), -1,
                               "a timeline to place summary values on (this file has no timestamps)", {}};
                return false;
            }
            times = {span->first, span->second};
        }
        for (std::size_t i = 0; i < cells.size() && i < c.roles.size(); ++i) {
            if (c.roles[i] != Role::Value) continue;
            auto value = parseNumber(cleanCell(cells[i]));
            if (!value) continue;
            TrackId track = file.track(device, trackNameOf(c, cells, i, file.display), c.names[i].unit, c.time < 0);
            for (TimeNs t : times) ctx.writer.addCounter(track, t, *value);
            *samples += static_cast<std::int64_t>(times.size());
        }
    }
    return true;
}

} // namespace opscope::ascend
