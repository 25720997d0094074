#include "core/store/breakdown_reader.h"

#include "core/store/launch_reader.h"
#include "core/store/process_key.h"
#include "core/store/stored_count_reserve.h"
#include "core/store/timeline_slice_scan.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

// A device and its host steps come from the same input (core/store/process_key.h: "N/" prefixes and
// Ascend folders' "ascend:<folder>|" keys alike).
std::string inputPrefix(const std::string& pid) { return inputOfProcessKey(pid); }

std::optional<std::int64_t> stepNumber(std::string_view name) {
    constexpr std::string_view prefix = "ProfilerStep#";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size() || name.size() > prefix.size() + 18) return std::nullopt;
    std::int64_t n = 0;
    for (char c : name.substr(prefix.size())) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

// The start of the host call that launched each device slice, by device slice id: the launch links
// (the launch reader's list), else the earliest host flow into the slice.
bool readLaunches(Database& db, std::vector<LaunchCallTime>* launches, LaunchSource* source, Error* error) {
    if (!readLaunchCallTimes(db, launches, error)) return false;
    if (!launches->empty()) {
        *source = LaunchSource::LaunchLink;
        return true;
    }
    // Without launch links: a flow from a host slice into a device slice is the launch (Kineto ac2g,
    // torch_npu HostToDevice). Flows are read in table order, then sorted with the earliest first for
    // each device slice: a GROUP BY would sort through a temporary B-tree (seconds on 1M events).
    Statement st = db.prepare(
        "SELECT f.slice_in, s.ts FROM flow f CROSS JOIN slice s ON s.id = f.slice_out "
        "CROSS JOIN track t ON t.id = s.track_id WHERE t.device_id IS NULL");
    while (st.step()) launches->push_back({st.int64(0), st.int64(1)});
    std::sort(launches->begin(), launches->end(), [](const LaunchCallTime& a, const LaunchCallTime& b) {
        return a.deviceSliceId != b.deviceSliceId ? a.deviceSliceId < b.deviceSliceId : a.callTsNs < b.callTsNs;
    });
    launches->erase(std::unique(launches->begin(), launches->end(),
                                [](const LaunchCallTime& a, const LaunchCallTime& b) { return a.deviceSliceId == b.deviceSliceId; }),
                    launches->end());
    launches->shrink_to_fit();
    *source = launches->empty() ? LaunchSource::None : LaunchSource::Flow;
    return true;
}

// Room for each device's slices from its tracks' slice counts: more than its classified slices where a
// device's tracks hold others too, but room never written is never resident.
void reserveDeviceSlices(Database& db, const std::map<std::int64_t, std::size_t>& deviceIndex,
                         std::vector<BreakdownDeviceInput>* devices) {
    Statement st = db.prepare("SELECT device_id, total(slice_count) FROM track WHERE device_id IS NOT NULL GROUP BY device_id");
    while (st.step())
        if (auto d = deviceIndex.find(st.int64(0)); d != deviceIndex.end())
            reserveForStoredCount(db, st.real(1), &(*devices)[d->second].slices);
}

} // namespace

bool readBreakdownInput(Database& db, BreakdownInput* out, Error* error) {
    *out = BreakdownInput{};
    try {
        // The reads below look slices up by id all over the file: map it rather than copy pages
        // through SQLite's small default cache (150k preads and 3 s on a 1M-event store).
        tuneReadOnlyConnection(db);
        if (!db.tableExists("device_slice_class")) {
            out->classified = false;
            return true;
        }
        std::map<std::int64_t, std::size_t> deviceIndex;
        {
            Statement st = db.prepare("SELECT id, name, kind, rank FROM device ORDER BY id");
            while (st.step()) {
                deviceIndex[st.int64(0)] = out->devices.size();
                std::optional<std::int64_t> rank;
                if (!st.isNull(3)) rank = st.int64(3);
                out->devices.push_back({st.int64(0), st.text(1), st.text(2), rank, {}, {}});
            }
        }
        reserveDeviceSlices(db, deviceIndex, &out->devices);
        std::vector<LaunchCallTime> launches;
        if (!readLaunches(db, &launches, &out->launchSource, error)) return false;
        std::size_t launchHint = 0;
        std::unordered_map<std::int64_t, std::uint32_t> nameIndex;
        Statement st = db.prepare(
            "SELECT c.slice_id, c.device_id, c.class, s.ts, s.dur, s.name_id FROM device_slice_class c "
            "CROSS JOIN slice s ON s.id = c.slice_id"); // slice id order; sorted by start below, in memory
        Statement nameText = db.prepare("SELECT value FROM string WHERE id = ?");
        while (st.step()) {
            auto d = deviceIndex.find(st.int64(1));
            if (d == deviceIndex.end()) continue;
            std::optional<DeviceClass> c = parseDeviceClass(st.textView(2));
            if (!c) continue;
            TimeNs ts = st.int64(3), dur = std::max<TimeNs>(st.int64(4), 0);
            if (dur > std::numeric_limits<TimeNs>::max() - ts) dur = std::numeric_limits<TimeNs>::max() - ts;
            std::int64_t nameId = st.int64(5);
            auto [it, added] = nameIndex.try_emplace(nameId, static_cast<std::uint32_t>(out->names.size()));
            if (added) {
                nameText.bind(1, nameId);
                out->names.push_back(nameText.step() ? nameText.text(0) : std::string());
                nameText.reset();
            }
            const LaunchCallTime* launch = findLaunchCall(launches, st.int64(0), &launchHint);
            out->devices[d->second].slices.push_back({ts, ts + dur, *c, it->second, launch ? launch->callTsNs : kNoLaunchNs});
        }
        for (BreakdownDeviceInput& d : out->devices)
            std::stable_sort(d.slices.begin(), d.slices.end(),
                             [](const BreakdownSlice& a, const BreakdownSlice& b) { return a.tsNs < b.tsNs; });
        // Host steps, matched to devices by input.
        std::map<std::string, std::vector<BreakdownHostStep>> stepsByInput;
        Statement steps = db.prepare(
            "SELECT p.pid, n.value, s.ts, s.dur FROM slice s JOIN string n ON n.id = s.name_id "
            "JOIN track t ON t.id = s.track_id JOIN process p ON p.id = t.process_id "
            "WHERE t.device_id IS NULL AND n.value LIKE 'ProfilerStep#%' ORDER BY s.ts");
        while (steps.step()) {
            std::optional<std::int64_t> n = stepNumber(steps.textView(1));
            if (!n) continue;
            TimeNs ts = steps.int64(2), dur = std::max<TimeNs>(steps.int64(3), 0);
            stepsByInput[inputPrefix(steps.text(0))].push_back({*n, ts, ts + dur});
        }
        Statement devicePid = db.prepare("SELECT pid FROM process WHERE device_id = ? LIMIT 1");
        for (BreakdownDeviceInput& d : out->devices) {
            devicePid.bind(1, d.id);
            std::string prefix = devicePid.step() ? inputPrefix(devicePid.text(0)) : std::string();
            devicePid.reset();
            if (auto it = stepsByInput.find(prefix); it != stepsByInput.end()) d.hostSteps = it->second;
        }
        // Devices without classified slices have no device activity: they are left out.
        out->devices.erase(std::remove_if(out->devices.begin(), out->devices.end(),
                                          [](const BreakdownDeviceInput& d) { return d.slices.empty(); }),
                           out->devices.end());
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
