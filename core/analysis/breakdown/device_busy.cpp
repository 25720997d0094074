#include "core/analysis/breakdown/device_busy.h"

#include "core/analysis/breakdown/interval_set.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cctype>

namespace opscope {

std::vector<Interval> deviceBusyUnion(const std::array<std::vector<Interval>, kDeviceClassCount>& byClass) {
    return uniteIntervals(uniteIntervals(byClass[static_cast<int>(DeviceClass::Compute)],
                                         byClass[static_cast<int>(DeviceClass::Communication)]),
                          byClass[static_cast<int>(DeviceClass::Memory)]);
}

bool hasDeviceClasses(const StoreSnapshot& snapshot) {
    return snapshot.deviceClasses.available && !snapshot.deviceClasses.empty();
}

bool isBusySlice(const StoreSnapshot& snapshot, const TrackRecord& track, const SliceRecord& slice) {
    if (!hasDeviceClasses(snapshot) || track.deviceId <= 0) return track.isCompute;
    std::optional<DeviceClass> c = snapshot.deviceClasses.classOf(slice.id);
    return c && isDeviceWork(*c);
}

SelectedTracks selectBusyTracks(const StoreSnapshot& snapshot, const TrackSelection& selection) {
    SelectedTracks selected = selectTracks(snapshot.catalog, selection);
    if (selection.scope != TrackScope::Compute || !snapshot.deviceClasses.available) return selected;
    // No device at all (a CPU-only trace): no device numbers, rather than host threads posing as devices.
    const auto& tracks = snapshot.catalog.tracks();
    if (selected.fellBackToAll &&
        std::none_of(tracks.begin(), tracks.end(), [](const TrackRecord& t) { return t.deviceId > 0; }))
        return {};
    if (!hasDeviceClasses(snapshot)) return selected;
    // Widen the compute tracks by the device tracks of the snapshot that hold device work.
    std::vector<std::int64_t> ids;
    const SliceSet& set = snapshot.slices;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t t = 0; t < set.trackCount(); ++t) {
        const TrackRecord* track = snapshot.catalog.find(set.trackIds[t]);
        if (!track || track->deviceId <= 0 || track->kind == "counter") continue;
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i)
            if (isBusySlice(snapshot, *track, walk[i])) {
                ids.push_back(set.trackIds[t]);
                break;
            }
    }
    if (ids.empty()) return selected; // nothing loaded beyond the compute tracks (a compute-only snapshot)
    for (std::int64_t id : selected.fellBackToAll ? std::vector<std::int64_t>{} : selected.logicalIds) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return {ids, false};
}

std::vector<DeviceWaitRef> deviceNotWork(const StoreSnapshot& snapshot, const std::vector<std::int64_t>& tracks) {
    std::vector<DeviceWaitRef> out;
    auto deviceOf = [&](std::int64_t trackId) {
        const TrackRecord* t = snapshot.catalog.find(trackId);
        return t ? t->deviceKey() : 0;
    };
    for (const NotWorkSlice& s : snapshot.notWork)
        if (std::binary_search(tracks.begin(), tracks.end(), s.trackId))
            out.push_back({s.sliceId, s.trackId, deviceOf(s.trackId), s.tsNs, s.endNs, s.nameId, s.deviceClass});
    if (hasDeviceClasses(snapshot)) {
        const SliceSet& set = snapshot.slices;
        PageReleasingWalk<SliceRecord> walk(set.slices);
        for (std::int64_t id : tracks) {
            int t = set.indexOfTrack(id);
            if (t < 0) continue;
            for (std::uint32_t i = set.begin(static_cast<std::size_t>(t)); i < set.end(static_cast<std::size_t>(t)); ++i) {
                const SliceRecord& s = walk[i];
                std::optional<DeviceClass> c = snapshot.deviceClasses.classOf(s.id);
                if (c && !isDeviceWork(*c)) out.push_back({s.id, id, deviceOf(id), s.tsNs, s.endNs(), s.nameId, *c});
            }
        }
    }
    std::sort(out.begin(), out.end(), [](const DeviceWaitRef& a, const DeviceWaitRef& b) {
        return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.sliceId < b.sliceId;
    });
    return out;
}

std::string waitTarget(std::string_view waitName) {
    std::string lower(waitName);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower.find("notify") != std::string::npos) return "notify";
    if (lower.find("event") != std::string::npos) return "event";
    if (lower.find("stream") != std::string::npos || lower.find("sync") != std::string::npos) return "stream";
    return "";
}

DeviceWaitReason waitReasonOf(const StoreSnapshot& snapshot, std::int64_t trackId, TimeNs tsNs, TimeNs endNs,
                              std::string_view waitName) {
    DeviceWaitReason out;
    const TrackRecord* track = snapshot.catalog.find(trackId);
    const SliceSet& set = snapshot.slices;
    TimeNs bestNs = 0;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t t = 0; track && hasDeviceClasses(snapshot) && t < set.trackCount(); ++t) {
        const TrackRecord* other = snapshot.catalog.find(set.trackIds[t]);
        if (!other || other->deviceKey() != track->deviceKey()) continue;
        for (std::uint32_t i = set.begin(t); i < set.end(t) && walk[i].tsNs < endNs; ++i) {
            const SliceRecord& s = walk[i];
            const TimeNs o = overlapNs(tsNs, endNs, s.tsNs, s.endNs());
            if (o <= bestNs || snapshot.deviceClasses.classOf(s.id) != DeviceClass::Communication) continue;
            bestNs = o;
            out.collective = std::string(snapshot.strings.at(s.nameId));
            out.collectiveSliceId = s.id;
        }
    }
    // The bubble analysis's rule (explainWait): a collective covering at least half of the wait.
    if (bestNs > 0 && 2 * bestNs >= endNs - tsNs) {
        out.waitFor = "collective";
        return out;
    }
    out.collective.clear();
    out.collectiveSliceId = 0;
    out.waitFor = waitTarget(waitName);
    if (out.waitFor.empty()) out.waitFor = "event";
    return out;
}

} // namespace opscope
