#include "core/store/slice_nesting.h"

#include "core/store/schema.h"

#include <algorithm>

namespace opscope {

void SliceNester::beginTrack(TrackId track, bool async) {
    track_ = track;
    async_ = async;
    lanes_.clear();
    lanes_.push_back({track, {}});
    waitingForNext_.clear();
}

// The top slice of a lane is complete once it is popped: its children have all been seen.
void SliceNester::close(Lane& lane) {
    Open& open = lane.stack.back();
    open.row.selfDurNs = std::max<TimeNs>(0, open.row.slice.durNs - open.childDurNs);
    cb_.emit(open.row);
    lane.stack.pop_back();
}

void SliceNester::closeEndingBefore(Lane& lane, TimeNs tsNs, bool inclusive) {
    while (!lane.stack.empty() && (inclusive ? lane.stack.back().endNs <= tsNs : lane.stack.back().endNs < tsNs))
        close(lane);
}

// Perfetto's rule: closed-open intervals, so a slice ending where the new one starts is closed,
// except that 0-length slices at one timestamp stack on each other (the later one nests), up to
// Perfetto's depth limit: a burst of thousands of "ts":0,"dur":0 events must not make a track
// thousands of rows deep.
void SliceNester::closeBeforeSlice(Lane& lane, TimeNs tsNs, TimeNs durNs) {
    constexpr std::size_t kMaxZeroLengthStack = 512;
    while (!lane.stack.empty()) {
        const Open& top = lane.stack.back();
        const bool endsBefore = top.endNs < tsNs;
        const bool stacks = top.row.slice.durNs == 0 && durNs == 0 && lane.stack.size() < kMaxZeroLengthStack;
        const bool endsAtAndNotStacked = top.endNs == tsNs && !stacks;
        if (!endsBefore && !endsAtAndNotStacked) break;
        close(lane);
    }
}

void SliceNester::endpoint(const NestEndpointItem& item) {
    if (item.binding == FlowEndpoint::Binding::NextSlice) {
        Waiting waiting{item, std::string(item.name)};
        waitingForNext_.push_back(std::move(waiting));
        return;
    }
    // A slice that ends exactly at the end point still encloses it.
    for (Lane& lane : lanes_) {
        closeEndingBefore(lane, item.tsNs, false);
        if (!lane.stack.empty()) {
            cb_.bound(item, lane.stack.back().row);
            return;
        }
    }
    cb_.endpointWarning("flow_no_enclosing_slice", item);
}

void SliceNester::slice(const NestSliceItem& item) {
    const TimeNs endNs = item.slice.tsNs + item.slice.durNs;
    std::size_t laneIndex = 0;
    for (;; ++laneIndex) {
        if (laneIndex == lanes_.size()) lanes_.push_back({cb_.newLane(track_, static_cast<int>(laneIndex)), {}});
        Lane& lane = lanes_[laneIndex];
        closeBeforeSlice(lane, item.slice.tsNs, item.slice.durNs);
        if (lane.stack.empty() || endNs <= lane.stack.back().endNs) break;
    }
    Lane& lane = lanes_[laneIndex];
    Open open{};
    open.row.id = nextId_++;
    open.row.track = lane.track;
    open.row.slice = item.slice;
    open.row.index = item.index;
    open.row.depth = static_cast<std::int32_t>(lane.stack.size());
    open.endNs = endNs;
    // Async slices overlap by nature; on a thread an overlap breaks the nesting rule.
    if (laneIndex > 0 && !async_) {
        open.row.slice.flags |= kSliceOverlap;
        cb_.overlap(open.row);
    }
    if (!lane.stack.empty()) {
        open.row.parentId = lane.stack.back().row.id;
        lane.stack.back().childDurNs += item.slice.durNs;
    }
    if (lane.stack.size() >= static_cast<std::size_t>(kMaxSliceDepth)) {
        // Closed at once: its own children, if any, become its siblings one level up.
        open.row.selfDurNs = open.row.slice.durNs;
        if (cb_.tooDeep) cb_.tooDeep(open.row);
        cb_.emit(open.row);
    } else {
        lane.stack.push_back(open);
    }
    for (Waiting& waiting : waitingForNext_) {
        waiting.item.name = waiting.name;
        cb_.bound(waiting.item, open.row); // open is a copy: still this slice
    }
    waitingForNext_.clear();
}

void SliceNester::endTrack() {
    for (Waiting& waiting : waitingForNext_) {
        waiting.item.name = waiting.name;
        cb_.endpointWarning("flow_no_next_slice", waiting.item);
    }
    waitingForNext_.clear();
    for (Lane& lane : lanes_)
        while (!lane.stack.empty()) close(lane);
    lanes_.clear();
}

} // namespace opscope
