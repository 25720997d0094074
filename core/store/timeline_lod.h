// Level-of-detail summaries of the timeline's depth runs (after Tracy's merged zones, precomputed):
// built once at load so that zoomed-out frames fold a few thousand items instead of walking every slice.
#pragma once
#include "core/store/timeline_data.h"

#include <cstdint>
#include <span>
#include <vector>

namespace opscope {

// Runs shorter than this are folded slice by slice; a summary would not save anything.
inline constexpr std::size_t kLodMinRunSlices = 64;

// Lowest level at which slices a and b (a before b in a run with sorted ends) fall into one item:
// 2^level must exceed both durations and the gap between them.
int lodJoinLevel(const TimelineSlice& a, const TimelineSlice& b);

// Appends the summaries of one run (slices [run.begin, run.end), ends sorted) to levels and starts and
// records them in run.lodBegin/lodCount. A level is kept only when it has at most an eighth of the
// run's slices and at most half the items of the finer level kept before it, so the summaries of a
// run take at most about half a byte per slice. joinScratch is reused between runs.
void buildLodLevels(std::span<const TimelineSlice> slices, DepthRun* run, std::vector<LodLevel>* levels,
                    std::vector<std::uint32_t>* starts, std::vector<std::uint8_t>* joinScratch);

// The coarsest level whose items the timeline may fold as they are when foldNs (the duration of
// two pixels) is the fold threshold: 2^log2Ns <= foldNs. Null when none is that fine.
const LodLevel* lodLevelFor(std::span<const LodLevel> levels, double foldNs);

} // namespace opscope
