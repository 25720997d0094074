#include "core/store/device_class_pass.h"

#include "core/model/time.h"
#include "core/store/batch_insert.h"
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

using Row = DeviceClassCollector::Row;

// HCCL membership: a task on a stream that carries HCCL tasks, lying inside one of the device's HCCL
// operator ranges, is part of that collective (Notify Wait, Memcpy, event records inside the op).
// opsByDevice: sorted.
bool isHcclMember(const Row& r, const std::map<std::int64_t, std::vector<std::pair<TimeNs, TimeNs>>>& opsByDevice,
                  const std::set<std::int64_t>& hcclStreams) {
    if (r.deviceClass == DeviceClass::Communication || !hcclStreams.count(r.trackId)) return false;
    auto it = opsByDevice.find(r.deviceId);
    if (it == opsByDevice.end()) return false;
    const auto& ops = it->second;
    // The last op starting at or before the task; ops of one device do not nest deeply, so also
    // look at the few before it (a long op may contain a later short one).
    auto upper = std::upper_bound(ops.begin(), ops.end(), std::make_pair(r.tsNs, std::numeric_limits<TimeNs>::max()));
    for (auto op = upper; op != ops.begin();) {
        --op;
        if (op->first <= r.tsNs && r.endNs <= op->second) return true;
        if (upper - op > 8) break;
    }
    return false;
}

} // namespace

bool DeviceClassCollector::DecisionKey::operator<(const DecisionKey& o) const {
    return std::tie(processId, nameId, catId, taskType, communicationLane) <
           std::tie(o.processId, o.nameId, o.catId, o.taskType, o.communicationLane);
}

void DeviceClassCollector::add(const DeviceSliceFactsRow& slice) {
    // Kineto-like rules read a slice's name and category only (kinetoDecision in core/importers/
    // device_class): their decisions are shared by every process. A metadata-heavy trace makes each of its
    // 24,000 streams a process of its own, and keyed by process each ran the rules' regexes again.
    const bool byProcess = slice.ascend;
    key_.processId = byProcess ? slice.processId : kAnyProcess;
    key_.nameId = slice.nameId;
    key_.catId = slice.catId;
    if (byProcess) key_.taskType = slice.taskType;
    else key_.taskType.clear();
    key_.communicationLane = byProcess && slice.communicationLane;
    auto it = decisions_.find(key_);
    if (it == decisions_.end()) {
        // Strings are read from the writer's dictionary when the pass writes; names are needed now. A
        // process's first slice always decides (its id is in the key), so its name is the first one seen.
        const std::string& processName = processNames_.try_emplace(slice.processId, slice.processName).first->second;
        DeviceSliceFacts facts{slice.ascend, processName, slice.name, slice.category, key_.taskType,
                               key_.communicationLane};
        it = decisions_.emplace(key_, classify_(facts)).first;
    }
    const DeviceClassDecision& d = it->second;
    if (!d.deviceWork) return;
    if (d.unknownTaskType) ++unknownTypes_[key_.taskType.empty() ? "(none)" : key_.taskType];
    TimeNs ts = slice.tsNs, dur = std::max<TimeNs>(slice.durNs, 0);
    TimeNs end = dur > std::numeric_limits<TimeNs>::max() - ts ? std::numeric_limits<TimeNs>::max() : ts + dur;
    bool hcclOp = slice.ascend && d.rule == std::string_view("hccl_op");
    if (hcclOp) hcclOpsByDevice_[slice.deviceId].push_back({ts, end});
    else if (d.deviceClass == DeviceClass::Communication && std::string_view(d.rule) == "task_type")
        hcclStreams_.insert(slice.trackId);
    rows_.push({slice.sliceId, ts, end, slice.deviceId, slice.trackId, d.deviceClass, d.rule, hcclOp});
}

DeviceClassCounts DeviceClassCollector::write(StoreWriter& writer) {
    DeviceClassCounts counts;
    for (auto& [device, ops] : hcclOpsByDevice_) std::sort(ops.begin(), ops.end());
    BatchInsert insert(writer.database(), "device_slice_class", "slice_id, device_id, class, rule", 4);
    std::set<std::int64_t> computeTracks;
    // Slice id order: the rows go into the table's B-tree at its end.
    rows_.drainInOrder([&](const Row& row) {
        Row r = row;
        if (isHcclMember(r, hcclOpsByDevice_, hcclStreams_)) {
            r.deviceClass = DeviceClass::Communication;
            r.rule = "hccl_member";
            ++counts.hcclMembers;
        }
        if (r.deviceClass == DeviceClass::Compute) computeTracks.insert(r.trackId);
        insert.value(r.sliceId).value(r.deviceId).value(std::string_view(deviceClassName(r.deviceClass)));
        insert.value(std::string_view(r.rule)).endRow();
        ++counts.slices[static_cast<int>(r.deviceClass)];
    });
    insert.flush();
    hcclOpsByDevice_.clear();
    hcclStreams_.clear();
    // A stream that runs compute tasks is a compute track, whatever task types the importer knew
    // (Ascend DSA streams, for one): operator statistics and bubbles look at compute tracks.
    for (std::int64_t track : computeTracks) writer.setTrackCompute(track, true);
    for (int c = 0; c < kDeviceClassCount; ++c)
        writer.addStat(std::string("device_class.") + deviceClassName(static_cast<DeviceClass>(c)), counts.slices[c]);
    writer.addStat("device_class.hccl_members", counts.hcclMembers);
    // One warning row: the count of slices, and every unknown type with its count as the sample.
    std::string sample;
    for (const auto& [type, n] : unknownTypes_) {
        counts.unknownTaskTypes += n;
        sample += (sample.empty() ? "" : ", ") + type + " x" + std::to_string(n);
    }
    for (std::int64_t k = 0; k < counts.unknownTaskTypes; ++k)
        writer.addWarning("unknown_device_task_type", "", -1, -1, sample);
    return counts;
}

DeviceClassCounts writeDeviceClasses(StoreWriter& writer, const DeviceSliceClassifier& classify) {
    Database& db = writer.database();
    StringLookup strings(db);
    DeviceClassCollector collector(classify);
    forEachDeviceSlice(db, [&](const DeviceSliceFactsRow& slice) {
        DeviceSliceFactsRow row = slice;
        std::string name = strings.text(slice.nameId), category = strings.text(slice.catId);
        row.name = name;
        row.category = category;
        collector.add(row);
    });
    return collector.write(writer);
}

} // namespace opscope
