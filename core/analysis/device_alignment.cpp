#include "core/analysis/device_alignment.h"

#include "core/store/process_key.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace opscope {

const char* alignmentSourceName(AlignmentSource source) {
    switch (source) {
    case AlignmentSource::None: return "none";
    case AlignmentSource::ClockOffsets: return "clock_offsets";
    case AlignmentSource::StepMarkers: return "step";
    case AlignmentSource::SyncMarkers: return "sync";
    }
    return "none";
}

bool DeviceAlignment::shifts() const {
    return std::any_of(groups.begin(), groups.end(), [](const AlignmentGroup& g) { return g.offsetNs != 0; });
}

std::vector<std::pair<std::int64_t, TimeNs>> DeviceAlignment::processOffsets() const {
    std::vector<std::pair<std::int64_t, TimeNs>> out;
    for (const AlignmentGroup& g : groups)
        if (g.offsetNs != 0)
            for (std::int64_t p : g.processIds) out.emplace_back(p, g.offsetNs);
    return out;
}

std::string inputPrefixOfProcessKey(const std::string& pid) { return inputOfProcessKey(pid); }

namespace {

struct ProcessRow {
    std::int64_t id = 0;
    std::string prefix;
    std::int64_t deviceId = 0;
    std::string deviceName;
    int ordinal = 0;
};

std::vector<ProcessRow> readProcesses(Database& db) {
    std::vector<ProcessRow> out;
    Statement st = db.prepare("SELECT p.id, p.pid, coalesce(p.device_id, 0), coalesce(d.name, ''), "
                              "coalesce(d.ordinal, 0) FROM process p LEFT JOIN device d ON d.id = p.device_id ORDER BY p.id");
    while (st.step())
        out.push_back({st.int64(0), inputPrefixOfProcessKey(st.text(1)), st.int64(2), st.text(3), static_cast<int>(st.int64(4))});
    return out;
}

// Several inputs: one group per input. One input: one group per device, host processes unmoved.
std::vector<AlignmentGroup> makeGroups(const std::vector<ProcessRow>& processes) {
    std::set<std::string> prefixes;
    for (const ProcessRow& p : processes) prefixes.insert(p.prefix);
    const bool byInput = prefixes.size() > 1;
    std::map<std::pair<int, std::string>, AlignmentGroup> groups; // ordered: rank 0 first
    std::map<std::string, std::set<std::string>> deviceNames;
    std::map<std::string, int> order;
    for (const ProcessRow& p : processes) {
        if (!byInput && p.deviceId == 0) continue;
        const std::string key = byInput ? p.prefix : "device:" + std::to_string(p.deviceId);
        if (!order.count(key)) order[key] = byInput ? static_cast<int>(order.size()) : p.ordinal;
        AlignmentGroup& g = groups[{order[key], key}];
        g.key = key;
        g.processIds.push_back(p.id);
        if (!p.deviceName.empty()) deviceNames[key].insert(p.deviceName);
    }
    std::vector<AlignmentGroup> out;
    for (auto& [sortKey, g] : groups) {
        for (const std::string& name : deviceNames[g.key]) g.label += (g.label.empty() ? "" : ", ") + name;
        if (g.label.empty()) g.label = g.key;
        out.push_back(std::move(g));
    }
    return out;
}

std::string likeAny(const std::vector<std::string>& patterns, bool prefix) {
    std::string sql;
    for (const std::string& p : patterns) {
        std::string escaped;
        for (char c : p) {
            if (c == '\'') escaped += "''";
            else if (c == '%' || c == '_' || c == '\\') escaped += std::string("\\") + c;
            else escaped.push_back(c);
        }
        if (!sql.empty()) sql += " OR ";
        sql += "value LIKE '" + std::string(prefix ? "" : "%") + escaped + "%' ESCAPE '\\'";
    }
    return sql.empty() ? "0" : sql;
}

struct Anchor {
    TimeNs ns = 0;
    std::string name;
};

// Per process: the earliest marker. SQLite takes bare columns from the row that holds min(ts).
std::unordered_map<std::int64_t, Anchor> anchorsPerProcess(Database& db, const std::string& where, bool useEnd) {
    std::unordered_map<std::int64_t, Anchor> out;
    Statement st = db.prepare("SELECT t.process_id, min(s.ts), s.ts + s.dur, n.value FROM slice s "
                              "JOIN track t ON t.id = s.track_id JOIN string n ON n.id = s.name_id WHERE " +
                              where + " GROUP BY t.process_id");
    while (st.step()) out[st.int64(0)] = {useEnd ? st.int64(2) : st.int64(1), st.text(3)};
    return out;
}

// Every group gets its earliest anchor; false when some group has none.
bool assignAnchors(std::vector<AlignmentGroup>& groups, const std::unordered_map<std::int64_t, Anchor>& anchors) {
    bool all = true;
    for (AlignmentGroup& g : groups) {
        g.hasAnchor = false;
        for (std::int64_t p : g.processIds) {
            auto it = anchors.find(p);
            if (it == anchors.end()) continue;
            if (!g.hasAnchor || it->second.ns < g.anchorNs) {
                g.anchorNs = it->second.ns;
                g.anchorName = it->second.name;
            }
            g.hasAnchor = true;
        }
        all = all && g.hasAnchor;
    }
    return all;
}

} // namespace

bool computeDeviceAlignment(Database& db, const AlignmentOptions& options, DeviceAlignment* out, Error* error) {
    *out = DeviceAlignment{};
    try {
        if (db.scalarInt("SELECT count(*) FROM device WHERE clock_offset_ns != 0") > 0) {
            out->source = AlignmentSource::ClockOffsets;
            return true;
        }
        out->groups = makeGroups(readProcesses(db));
        if (out->groups.size() < 2) return true;
        const std::string stepWhere = "t.kind = 'step' OR s.name_id IN (SELECT id FROM string WHERE " +
                                      likeAny(options.stepPrefixes, true) + ")";
        const std::string syncWhere = "s.name_id IN (SELECT id FROM string WHERE " + likeAny(options.syncPatterns, false) + ")";
        if (assignAnchors(out->groups, anchorsPerProcess(db, stepWhere, false))) out->source = AlignmentSource::StepMarkers;
        else if (assignAnchors(out->groups, anchorsPerProcess(db, syncWhere, true))) out->source = AlignmentSource::SyncMarkers;
        else return true; // no marker every rank shares: leave the times alone
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    out->referenceGroup = 0;
    const TimeNs reference = out->groups[0].anchorNs;
    for (AlignmentGroup& g : out->groups) g.offsetNs = reference - g.anchorNs;
    return true;
}

} // namespace opscope
