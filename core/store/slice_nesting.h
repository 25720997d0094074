// Nesting of one track's slices, fed in (ts, longer first, file order) order: a stack per lane
// (Perfetto's closed-open rule), overflow lanes for slices that overlap a sibling, and flow end
// points bound to the slice that encloses them or to the next one. Rows leave as soon as their slice
// closes (children before parents), so memory is bounded by nesting depth, not by slice count.
#pragma once
#include "core/model/time.h"
#include "core/store/store_writer.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct NestSliceItem {
    StoreWriter::PendingSlice slice;
    PendingSliceIndex index = 0; // file order
};

struct NestEndpointItem {
    FlowEndpoint::Phase phase = FlowEndpoint::Phase::Start;
    FlowEndpoint::Binding binding = FlowEndpoint::Binding::Enclosing;
    std::uint64_t keyHash = 0;
    TrackId track = 0;
    TimeNs tsNs = 0;
    StringId cat = 0;
    std::uint32_t index = 0; // file order
    std::string_view name;
    FlowNamePool::Ref nameRef = 0; // where name lives, for end points read from memory
};

struct NestedSlice {
    std::int64_t id = 0;
    TrackId track = 0; // the lane's track
    std::int64_t parentId = 0; // 0: a root
    std::int32_t depth = 0;
    TimeNs selfDurNs = 0;
    StoreWriter::PendingSlice slice;
    PendingSliceIndex index = 0;
};

class SliceNester {
public:
    struct Callbacks {
        std::function<TrackId(TrackId base, int laneIndex)> newLane; // a track for overflow lane N
        std::function<void(const NestedSlice&)> emit;
        // The slice an end point is bound to (its id, lane track and times: launch links need them).
        std::function<void(const NestEndpointItem&, const NestedSlice& slice)> bound;
        std::function<void(std::string_view code, const NestEndpointItem&)> endpointWarning;
        std::function<void(const NestedSlice&)> overlap; // a thread slice moved to an overflow lane
        std::function<void(const NestedSlice&)> tooDeep; // nested beyond kMaxSliceDepth: kept as a leaf
    };
    explicit SliceNester(Callbacks callbacks) : cb_(std::move(callbacks)) {}

    void beginTrack(TrackId track, bool async);
    // Within a track, an end point comes before every slice that starts after it.
    void endpoint(const NestEndpointItem& item);
    void slice(const NestSliceItem& item);
    void endTrack();
    std::int64_t slicesNested() const { return nextId_ - 1; }

private:
    struct Open {
        NestedSlice row;
        TimeNs endNs;
        TimeNs childDurNs;
    };
    struct Lane {
        TrackId track;
        std::vector<Open> stack;
    };
    struct Waiting {
        NestEndpointItem item;
        std::string name; // owned: the item's view may not outlive the call
    };
    void close(Lane& lane);
    void closeEndingBefore(Lane& lane, TimeNs tsNs, bool inclusive);
    void closeBeforeSlice(Lane& lane, TimeNs tsNs, TimeNs durNs);

    Callbacks cb_;
    std::vector<Lane> lanes_;
    std::vector<Waiting> waitingForNext_;
    TrackId track_ = 0;
    bool async_ = false;
    std::int64_t nextId_ = 1;
};

} // namespace opscope
