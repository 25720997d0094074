#include "core/store/device_class_pass.h"

#include "core/model/time.h"
#include "core/store/device_class_rows.h"
#include "core/store/store_writer.h"
#include "core/store/string_reader.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace opscope {

namespace {

struct Row {
    std::int64_t sliceId;
    TimeNs tsNs, endNs;
    std::int64_t deviceId, trackId;
    DeviceClass deviceClass;
    const char* rule;
    bool hcclOp; // an HCCL operator slice (a "Group N Communication" lane): its range defines membership
};

struct DecisionKey {
    std::int64_t processId, nameId, catId;
    std::string taskType;
    bool communicationLane;
    bool operator<(const DecisionKey& o) const {
        return std::tie(processId, nameId, catId, taskType, communicationLane) <
               std::tie(o.processId, o.nameId, o.catId, o.taskType, o.communicationLane);
    }
};

// HCCL membership: a task on a stream that carries HCCL tasks, lying inside one of the device's HCCL
// operator ranges, is part of that collective (Notify Wait, Memcpy, event records inside the op).
std::int64_t applyHcclMembership(std::vector<Row>& rows) {
    std::map<std::int64_t, std::vector<std::pair<TimeNs, TimeNs>>> opsByDevice;
    std::set<std::int64_t> hcclStreams;
    for (const Row& r : rows) {
        if (r.hcclOp) opsByDevice[r.deviceId].push_back({r.tsNs, r.endNs});
        else if (r.deviceClass == DeviceClass::Communication && std::string_view(r.rule) == "task_type")
            hcclStreams.insert(r.trackId);
    }
    for (auto& [device, ops] : opsByDevice) std::sort(ops.begin(), ops.end());
    std::int64_t members = 0;
    for (Row& r : rows) {
        if (r.deviceClass == DeviceClass::Communication || !hcclStreams.count(r.trackId)) continue;
        auto it = opsByDevice.find(r.deviceId);
        if (it == opsByDevice.end()) continue;
        const auto& ops = it->second;
        // The last op starting at or before the task; ops of one device do not nest deeply, so also
        // look at the few before it (a long op may contain a later short one).
        auto upper = std::upper_bound(ops.begin(), ops.end(), std::make_pair(r.tsNs, std::numeric_limits<TimeNs>::max()));
        bool inside = false;
        for (auto op = upper; op != ops.begin() && !inside;) {
            --op;
            if (op->first <= r.tsNs && r.endNs <= op->second) inside = true;
            if (upper - op > 8) break;
        }
        if (inside) {
            r.deviceClass = DeviceClass::Communication;
            r.rule = "hccl_member";
            ++members;
        }
    }
    return members;
}

} // namespace

DeviceClassCounts writeDeviceClasses(StoreWriter& writer, const DeviceSliceClassifier& classify) {
    Database& db = writer.database();
    DeviceClassCounts counts;
    StringLookup strings(db);
    std::map<DecisionKey, DeviceClassDecision> decisions;
    std::map<std::string, std::int64_t> unknownTypes;
    std::vector<Row> rows;
    // The first name seen per process id: the facts use it for every slice of the process.
    std::unordered_map<std::int64_t, std::string> processNames;
    forEachDeviceSlice(db, [&](const DeviceSliceFactsRow& slice) {
        const std::string& processName = processNames.try_emplace(slice.processId, slice.processName).first->second;
        DecisionKey key{slice.processId, slice.nameId, slice.catId, slice.taskType, slice.communicationLane};
        auto it = decisions.find(key);
        if (it == decisions.end()) {
            std::string name = strings.text(key.nameId), category = strings.text(key.catId);
            DeviceSliceFacts facts{slice.ascend, processName, name, category, key.taskType, key.communicationLane};
            it = decisions.emplace(key, classify(facts)).first;
        }
        const DeviceClassDecision& d = it->second;
        if (!d.deviceWork) return;
        if (d.unknownTaskType) ++unknownTypes[key.taskType.empty() ? "(none)" : key.taskType];
        TimeNs ts = slice.tsNs, dur = std::max<TimeNs>(slice.durNs, 0);
        TimeNs end = dur > std::numeric_limits<TimeNs>::max() - ts ? std::numeric_limits<TimeNs>::max() : ts + dur;
        bool hcclOp = slice.ascend && d.rule == std::string_view("hccl_op");
        rows.push_back({slice.sliceId, ts, end, slice.deviceId, slice.trackId, d.deviceClass, d.rule, hcclOp});
    });
    counts.hcclMembers = applyHcclMembership(rows);
    DeviceSliceClassWriter insert(db);
    std::set<std::int64_t> computeTracks;
    for (const Row& r : rows) {
        if (r.deviceClass == DeviceClass::Compute) computeTracks.insert(r.trackId);
        insert.add(r.sliceId, r.deviceId, deviceClassName(r.deviceClass), r.rule);
        ++counts.slices[static_cast<int>(r.deviceClass)];
    }
    // A stream that runs compute tasks is a compute track, whatever task types the importer knew
    // (Ascend DSA streams, for one): operator statistics and bubbles look at compute tracks.
    for (std::int64_t track : computeTracks) writer.setTrackCompute(track, true);
    for (int c = 0; c < kDeviceClassCount; ++c)
        writer.addStat(std::string("device_class.") + deviceClassName(static_cast<DeviceClass>(c)), counts.slices[c]);
    writer.addStat("device_class.hccl_members", counts.hcclMembers);
    // One warning row: the count of slices, and every unknown type with its count as the sample.
    std::string sample;
    for (const auto& [type, n] : unknownTypes) {
        counts.unknownTaskTypes += n;
        sample += (sample.empty() ? "" : ", ") + type + " x" + std::to_string(n);
    }
    for (std::int64_t k = 0; k < counts.unknownTaskTypes; ++k)
        writer.addWarning("unknown_device_task_type", "", -1, -1, sample);
    return counts;
}

} // namespace opscope
