#include "core/store/timeline_data.h"

#include <algorithm>

namespace opscope {

std::span<const TimelineSlice> TimelineData::depthSlices(const TimelineTrack& track, int depth) const {
    if (depth < 0 || depth >= static_cast<int>(track.depths.size())) return {};
    const DepthRun& run = track.depths[static_cast<std::size_t>(depth)];
    return std::span<const TimelineSlice>(slices_.data() + run.begin, run.end - run.begin);
}

std::string_view TimelineData::string(std::uint32_t id) const {
    if (id + 1 >= stringOffsets_.size()) return {};
    return std::string_view(stringPool_).substr(stringOffsets_[id], stringOffsets_[id + 1] - stringOffsets_[id]);
}

std::uint32_t TimelineData::categoryOfName(std::uint32_t nameId) const {
    return nameId < nameCategory_.size() ? nameCategory_[nameId] : 0;
}

int TimelineData::trackIndexOf(std::int64_t trackId) const {
    auto it = std::lower_bound(trackIds_.begin(), trackIds_.end(), trackId);
    if (it == trackIds_.end() || *it != trackId) return -1;
    return static_cast<int>(trackIdIndex_[static_cast<std::size_t>(it - trackIds_.begin())]);
}

const TimelineSlice* TimelineData::findSlice(std::int64_t sliceId, int* trackIndex) const {
    for (std::size_t ti = 0; ti < tracks_.size(); ++ti) {
        auto [lo, hi] = trackSliceIdRange_[ti];
        if (sliceId < lo || sliceId > hi) continue;
        for (const DepthRun& run : tracks_[ti].depths) {
            const TimelineSlice *first = slices_.begin() + run.begin, *last = slices_.begin() + run.end;
            // Within a depth, ts order is id order because ids follow (track, ts).
            auto it = std::lower_bound(first, last, sliceId,
                                       [](const TimelineSlice& s, std::int64_t id) { return s.id < id; });
            if (it != last && it->id == sliceId) {
                if (trackIndex) *trackIndex = static_cast<int>(ti);
                return &*it;
            }
        }
    }
    for (std::size_t i = 0; i < slices_.size(); ++i) { // ids out of order: rare, so a plain scan
        if (slices_[i].id != sliceId) continue;
        for (std::size_t ti = 0; ti < tracks_.size(); ++ti) {
            for (const DepthRun& run : tracks_[ti].depths) {
                if (i >= run.begin && i < run.end) {
                    if (trackIndex) *trackIndex = static_cast<int>(ti);
                    return &slices_[i];
                }
            }
        }
    }
    return nullptr;
}

std::size_t TimelineData::memoryBytes() const {
    std::size_t bytes = slices_.memoryBytes();
    bytes += counterTs_.capacity() * sizeof(std::int64_t) + counterValues_.capacity() * sizeof(double);
    bytes += (counterBlockMins_.capacity() + counterBlockMaxs_.capacity()) * sizeof(double);
    bytes += flows_.memoryBytes();
    bytes += stringPool_.capacity() + stringOffsets_.capacity() * 4 + nameCategory_.capacity() * 4;
    bytes += sliceCategory_.memoryBytes() + lodStarts_.capacity() * 4 + lodLevels_.capacity() * sizeof(LodLevel);
    for (const TimelineTrack& t : tracks_) bytes += sizeof(TimelineTrack) + t.depths.capacity() * sizeof(DepthRun);
    return bytes;
}

std::size_t firstVisibleSlice(std::span<const TimelineSlice> run, const DepthRun& info, TimeNs startNs) {
    if (info.endsSorted) {
        auto it = std::partition_point(run.begin(), run.end(),
                                       [startNs](const TimelineSlice& s) { return s.endNs() < startNs; });
        return static_cast<std::size_t>(it - run.begin());
    }
    // Ends out of order (overlaps the importer could not separate): no slice starting before
    // startNs - maxDur can reach startNs.
    TimeNs from = startNs - info.maxDurNs;
    auto it = std::partition_point(run.begin(), run.end(), [from](const TimelineSlice& s) { return s.tsNs < from; });
    return static_cast<std::size_t>(it - run.begin());
}

} // namespace opscope
