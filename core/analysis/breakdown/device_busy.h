// opscope's one "device busy" (docs/device-time.md): compute ∪ communication ∪ memory per device. Which
// classes unite, which tracks and slices of a snapshot are device work, and what a gap waits for.
#pragma once
#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/analysis/snapshot/track_selection.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

// The union of the classes that make device busy: the one definition the breakdown and every analysis
// over a snapshot (bubbles, diagnosis, phases, comparison, report) share. byClass holds merged unions.
std::vector<Interval> deviceBusyUnion(const std::array<std::vector<Interval>, kDeviceClassCount>& byClass);

// True when the snapshot's store classified device slices (device_slice_class has rows). A store that
// predates classes, or a synthetic one without them, keeps the old rule: every slice of a compute track.
bool hasDeviceClasses(const StoreSnapshot& snapshot);

// True when the slice counts in device busy. Without stored classes, every slice of a compute track counts
// (the rule of stores written before classes existed).
bool isBusySlice(const StoreSnapshot& snapshot, const TrackRecord& track, const SliceRecord& slice);

// The tracks device busy is made of. Compute scope with stored classes: every device track holding
// compute, communication or memory slices (compute streams, communication streams and HCCL operator lanes,
// copy streams), so each analysis unites the same slices as the breakdown. Otherwise as selectTracks.
SelectedTracks selectBusyTracks(const StoreSnapshot& snapshot, const TrackSelection& selection);

// A wait or marker on a device track, with its device: what a gap may be waiting for.
struct DeviceWaitRef {
    std::int64_t sliceId = 0;
    std::int64_t trackId = 0;
    std::int64_t deviceKey = 0;
    TimeNs tsNs = 0, endNs = 0;
    std::uint32_t nameId = 0;
    DeviceClass deviceClass = DeviceClass::Wait;
};

// The waits and markers of the given tracks (those left out at load and those still on the tracks), by start.
std::vector<DeviceWaitRef> deviceNotWork(const StoreSnapshot& snapshot, const std::vector<std::int64_t>& tracks);

// What a wait waits for, from its name or task type: "event", "notify", "stream" or "" (unknown).
std::string waitTarget(std::string_view waitName);

// What one wait task of a device track waits for, as the bubble analysis names a gap's wait: "collective"
// when communication of the same device covers at least half of it (collective names it), else the target
// its name gives, "event" when it gives none.
struct DeviceWaitReason {
    std::string waitFor;
    std::string collective;
    std::int64_t collectiveSliceId = 0;
};
DeviceWaitReason waitReasonOf(const StoreSnapshot& snapshot, std::int64_t trackId, TimeNs tsNs, TimeNs endNs,
                              std::string_view waitName);

} // namespace opscope
