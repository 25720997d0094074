// Store-side, at the end of an import: writes device_slice_class, one row per device slice with its class
// (compute, communication, memory, wait, other) and the rule that decided it, applies HCCL
// membership on Ascend, and counts unknown task types in the warning table.
#pragma once
#include "core/model/device_class.h"
#include "core/model/time.h"
#include "core/store/sorted_spill.h"

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

struct DeviceClassCounts {
    std::array<std::int64_t, kDeviceClassCount> slices{}; // by DeviceClass
    std::int64_t unknownTaskTypes = 0;
    std::int64_t hcclMembers = 0; // tasks made communication because they ran inside an HCCL op on its stream
};

class StoreWriter;
struct DeviceSliceFactsRow;

// Classes device slices as they are handed over, in any order (the writer hands them over while it
// writes the slice rows), and writes device_slice_class, the track flags, stats and warnings at once.
// A row per device slice waits until then: past budgetBytes they wait in sorted runs in scratchPath.
class DeviceClassCollector {
public:
    explicit DeviceClassCollector(DeviceSliceClassifier classify, std::string scratchPath = {},
                                  std::size_t budgetBytes = std::numeric_limits<std::size_t>::max())
        : classify_(std::move(classify)), rows_(std::move(scratchPath), budgetBytes) {}
    void add(const DeviceSliceFactsRow& slice);
    // Inside the import's transaction, as a finish pass: slices and strings are written, warnings and
    // stats not yet.
    DeviceClassCounts write(StoreWriter& writer);

    struct Row {
        std::int64_t sliceId;
        TimeNs tsNs, endNs;
        std::int64_t deviceId, trackId;
        DeviceClass deviceClass;
        const char* rule;
        bool hcclOp; // an HCCL operator slice (a "Group N Communication" lane): its range defines membership
    };
    struct DecisionKey {
        std::int64_t processId, nameId, catId; // processId kAnyProcess: a Kineto-like slice, whatever its process
        std::string taskType;
        bool communicationLane;
        bool operator<(const DecisionKey& o) const;
    };

    struct RowBySlice {
        bool operator()(const Row& a, const Row& b) const { return a.sliceId < b.sliceId; }
    };

private:
    DeviceSliceClassifier classify_;
    std::map<DecisionKey, DeviceClassDecision> decisions_;
    std::map<std::string, std::int64_t> unknownTypes_;
    SortedSpill<Row, RowBySlice> rows_; // rule points into decisions_ or at a literal: valid all import long
    // What HCCL membership needs of every row, gathered as they come: the op ranges per device, the
    // streams that carry HCCL tasks.
    std::map<std::int64_t, std::vector<std::pair<TimeNs, TimeNs>>> hcclOpsByDevice_;
    std::set<std::int64_t> hcclStreams_;
    // The first name seen per process id: the facts use it for every slice of the process.
    std::unordered_map<std::int64_t, std::string> processNames_;
    DecisionKey key_; // reused: most lookups find a decision
    static constexpr std::int64_t kAnyProcess = std::numeric_limits<std::int64_t>::min(); // no process row has it
};

// The same from a scan of the written device slices (slice, track, device, process, thread, args).
// classify: the rules of core/importers/device_class, bound by the caller (deviceSliceClassifier).
DeviceClassCounts writeDeviceClasses(StoreWriter& writer, const DeviceSliceClassifier& classify);

} // namespace opscope
