#include "core/analysis/cluster/device_alignment.h"

#include "core/store/alignment_reader.h"
#include "core/store/process_key.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

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
    for (const ProcessDeviceRow& p : readProcessDevices(db))
        out.push_back({p.id, inputPrefixOfProcessKey(p.pid), p.deviceId, p.deviceName, p.ordinal});
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

struct Anchor {
    TimeNs ns = 0;
    std::string name;
};

// Per process: the earliest marker, at its start or (sync markers) its end.
std::unordered_map<std::int64_t, Anchor> anchorsPerProcess(Database& db, const std::vector<std::string>& patterns,
                                                           MarkerMatch match, bool useEnd) {
    std::unordered_map<std::int64_t, Anchor> out;
    for (auto& [process, marker] : readFirstMarkers(db, patterns, match))
        out[process] = {useEnd ? marker.endNs : marker.startNs, std::move(marker.name)};
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
    bool anchored = false;
    const bool read = guardStore(db, error, [&] {
        if (storeHasClockOffsets(db)) {
            out->source = AlignmentSource::ClockOffsets;
            return true;
        }
        out->groups = makeGroups(readProcesses(db));
        if (out->groups.size() < 2) return true;
        if (assignAnchors(out->groups, anchorsPerProcess(db, options.stepPrefixes, MarkerMatch::StepOrPrefix, false)))
            out->source = AlignmentSource::StepMarkers;
        else if (assignAnchors(out->groups, anchorsPerProcess(db, options.syncPatterns, MarkerMatch::Contains, true)))
            out->source = AlignmentSource::SyncMarkers;
        else return true; // no marker every rank shares: leave the times alone
        anchored = true;
        return true;
    });
    if (!read) return false;
    if (!anchored) return true;
    out->referenceGroup = 0;
    const TimeNs reference = out->groups[0].anchorNs;
    for (AlignmentGroup& g : out->groups) g.offsetNs = reference - g.anchorNs;
    return true;
}

} // namespace opscope
