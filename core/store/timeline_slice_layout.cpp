#include "core/store/timeline_slice_layout.h"

#include "core/store/timeline_lod.h"
#include "core/store/timeline_slice_scan.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace opscope {

namespace {

void describeRun(std::span<const TimelineSlice> slices, DepthRun* run) {
    std::int64_t lastEnd = std::numeric_limits<std::int64_t>::min();
    for (std::uint32_t i = run->begin; i < run->end; ++i) {
        const TimelineSlice& s = slices[i];
        if (s.endNs() < lastEnd) run->endsSorted = false;
        lastEnd = std::max(lastEnd, s.endNs());
        run->maxDurNs = std::max(run->maxDurNs, s.durNs);
    }
}

} // namespace

void groupTrackByDepth(std::span<TimelineSlice> slices, std::span<std::uint32_t> categories, std::uint32_t base,
                       TrackSliceLayout* track, std::vector<LodLevel>* levels, std::vector<std::uint32_t>* starts,
                       DepthGrouping* scratch) {
    track->begin = base;
    track->end = base + static_cast<std::uint32_t>(slices.size());
    track->depths.clear();
    if (slices.empty()) return;
    int maxDepth = 0;
    for (const TimelineSlice& s : slices) maxDepth = std::max<int>(maxDepth, s.depth);
    std::vector<std::uint32_t>& counts = scratch->counts;
    counts.assign(static_cast<std::size_t>(maxDepth) + 2, 0);
    for (const TimelineSlice& s : slices) ++counts[s.depth + 1u];
    std::partial_sum(counts.begin(), counts.end(), counts.begin());
    track->depths.resize(static_cast<std::size_t>(maxDepth) + 1);
    for (int d = 0; d <= maxDepth; ++d) {
        track->depths[static_cast<std::size_t>(d)].begin = counts[static_cast<std::size_t>(d)];
        track->depths[static_cast<std::size_t>(d)].end = counts[static_cast<std::size_t>(d) + 1];
    }
    // The counting sort's destinations, then the permutation applied in place by swaps along its cycles
    // (each swap puts one slice where it belongs): the largest track, which grows with the trace, is not
    // held twice. Same order as a copy would give: stable within each depth.
    if (maxDepth > 0) {
        std::vector<std::uint32_t>& to = scratch->destinations;
        to.resize(slices.size());
        for (std::size_t i = 0; i < slices.size(); ++i) to[i] = counts[slices[i].depth]++;
        const bool withCategories = !categories.empty();
        for (std::uint32_t i = 0; i < to.size(); ++i) {
            while (to[i] != i) {
                const std::uint32_t k = to[i];
                std::swap(slices[i], slices[k]);
                if (withCategories) std::swap(categories[i], categories[k]);
                std::swap(to[i], to[k]);
            }
        }
    }
    // Summaries over positions in this track, then moved to positions in the whole array.
    for (DepthRun& run : track->depths) {
        describeRun(slices, &run);
        const std::size_t firstStart = starts->size();
        buildLodLevels(slices, &run, levels, starts, &scratch->lodJoins);
        for (std::size_t k = firstStart; k < starts->size(); ++k) (*starts)[k] += base;
        run.begin += base;
        run.end += base;
    }
}

void CategoryTracker::add(std::uint32_t nameId, std::uint32_t categoryId) {
    if (perSliceNeeded_) return;
    if (nameId >= first_.size()) { // a name outside the string table has no category of its own
        perSliceNeeded_ = categoryId != 0;
        return;
    }
    std::uint32_t& first = first_[nameId];
    if (first == 0) {
        if (categoryId == 0) sawNone_[nameId] = 1;
        else if (sawNone_[nameId]) perSliceNeeded_ = true;
        if (categoryId != 0) first = categoryId;
    } else if (categoryId != first) {
        perSliceNeeded_ = true;
    }
}

TimelineSliceLayout scanSliceLayout(Database& db, const std::vector<std::int64_t>& trackIds, std::size_t nameCount) {
    std::unordered_map<std::int64_t, std::uint32_t> trackIndex;
    for (std::size_t i = 0; i < trackIds.size(); ++i) trackIndex.emplace(trackIds[i], static_cast<std::uint32_t>(i));
    SliceScan scan = scanSlices(db, trackIndex, trackIds.size(), true);
    // Ids were not assigned in (track, ts) order: let the index order them instead.
    if (!scan.contiguous) scan = scanSlices(db, trackIndex, trackIds.size(), false);
    TimelineSliceLayout layout;
    scan.slices.shrink_to_fit();
    layout.slices = std::move(scan.slices);
    CategoryTracker categories(nameCount);
    for (std::size_t i = 0; i < layout.slices.size(); ++i) categories.add(layout.slices[i].nameId, scan.categories[i]);
    layout.nameCategory = categories.takeNameCategories();
    const bool perSlice = categories.perSliceNeeded();
    if (perSlice) {
        scan.categories.shrink_to_fit();
        layout.sliceCategory = std::move(scan.categories);
    }
    // Tracks in the order of their slices, as the pack writer meets them.
    std::vector<std::uint32_t> order;
    for (std::uint32_t ti = 0; ti < trackIds.size(); ++ti)
        if (scan.trackRanges[ti].first < scan.trackRanges[ti].second) order.push_back(ti);
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return scan.trackRanges[a].first < scan.trackRanges[b].first; });
    DepthGrouping scratch;
    for (std::uint32_t ti : order) {
        const auto [begin, end] = scan.trackRanges[ti];
        TrackSliceLayout track;
        track.trackId = trackIds[ti];
        const std::span<std::uint32_t> cats =
            perSlice ? std::span<std::uint32_t>(layout.sliceCategory.data() + begin, end - begin) : std::span<std::uint32_t>();
        groupTrackByDepth(std::span<TimelineSlice>(layout.slices.data() + begin, end - begin), cats, begin, &track,
                          &layout.lodLevels, &layout.lodStarts, &scratch);
        layout.tracks.push_back(std::move(track));
    }
    layout.lodLevels.shrink_to_fit();
    layout.lodStarts.shrink_to_fit();
    return layout;
}

} // namespace opscope
