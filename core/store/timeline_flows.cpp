#include "core/store/timeline_flows.h"

#include "core/model/gallop.h"
#include "core/model/huge_pages.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_file_bytes.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <utility>

namespace opscope {

namespace {

std::uint64_t rowKey(std::uint32_t track, std::uint16_t depth) { return (std::uint64_t{track} << 16) | depth; }

struct RowPairHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& k) const {
        return std::hash<std::uint64_t>()(k.first * 0x9e3779b97f4a7c15ull ^ k.second);
    }
};

// Slice id -> position in slices() and track index, for the duration of the load: a direct table
// when ids are dense (as the importer writes them), sorted pairs otherwise.
class SlicePositions {
public:
    SlicePositions(const SpillableArray<TimelineSlice>& slices, const std::vector<TimelineTrack>& tracks) {
        for (std::uint32_t ti = 0; ti < tracks.size(); ++ti)
            for (const DepthRun& run : tracks[ti].depths)
                if (run.begin < run.end) runs_.push_back({run.begin, ti});
        std::sort(runs_.begin(), runs_.end());
        if (slices.empty()) return;
        std::int64_t lo = slices[0].id, hi = slices[0].id;
        {
            PageReleasingWalk<TimelineSlice> walk(slices);
            for (std::size_t i = 0; i < slices.size(); ++i) {
                walk.at(i);
                lo = std::min(lo, slices[i].id);
                hi = std::max(hi, slices[i].id);
            }
        }
        minId_ = lo;
        PageReleasingWalk<TimelineSlice> walk(slices);
        if (hi - lo < 2 * static_cast<std::int64_t>(slices.size()) + 1024) {
            reserveOnHugePages(dense_, static_cast<std::size_t>(hi - lo + 1));
            dense_.assign(static_cast<std::size_t>(hi - lo + 1), kNone);
            for (std::uint32_t i = 0; i < slices.size(); ++i) {
                walk.at(i);
                dense_[static_cast<std::size_t>(slices[i].id - lo)] = i;
            }
        } else {
            for (std::uint32_t i = 0; i < slices.size(); ++i) {
                walk.at(i);
                sparse_.push_back({slices[i].id, i});
            }
            std::sort(sparse_.begin(), sparse_.end());
        }
    }
    bool find(std::int64_t id, std::uint32_t* position, std::uint32_t* track) const {
        std::uint32_t pos = kNone;
        if (!dense_.empty()) {
            if (id >= minId_ && id - minId_ < static_cast<std::int64_t>(dense_.size()))
                pos = dense_[static_cast<std::size_t>(id - minId_)];
        } else {
            auto it = std::lower_bound(sparse_.begin(), sparse_.end(), std::make_pair(id, std::uint32_t{0}));
            if (it != sparse_.end() && it->first == id) pos = it->second;
        }
        if (pos == kNone) return false;
        auto run = std::upper_bound(runs_.begin(), runs_.end(), std::make_pair(pos, kNone));
        if (run == runs_.begin()) return false;
        *position = pos;
        *track = std::prev(run)->second;
        return true;
    }

private:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    std::int64_t minId_ = 0;
    std::vector<std::uint32_t> dense_;
    std::vector<std::pair<std::int64_t, std::uint32_t>> sparse_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> runs_; // (first position, track index)
};

} // namespace

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data, const std::vector<TimelineFlow>& flows) {
    std::vector<FlowGroup> groups;
    // Each group's flows with their departure times beside them: sorting the pairs reads memory in
    // order, where sorting indices by a time looked up in the slice array missed the cache on every
    // comparison (1.5 s of a 10M-event store's first frame).
    std::vector<std::vector<std::pair<TimeNs, std::uint32_t>>> departures;
    std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, std::size_t, RowPairHash> groupOf; // a handful of row pairs
    std::pair<std::uint64_t, std::uint64_t> lastKey{~0ull, ~0ull};
    std::size_t lastGroup = 0;
    for (std::uint32_t i = 0; i < flows.size(); ++i) {
        const TimelineFlowEnd out = data.flowOut(flows[i]), in = data.flowIn(flows[i]);
        const std::pair<std::uint64_t, std::uint64_t> key{rowKey(out.trackIndex, out.depth), rowKey(in.trackIndex, in.depth)};
        if (key != lastKey) { // flows of one row pair mostly come one after another
            auto [it, added] = groupOf.try_emplace(key, groups.size());
            if (added) {
                FlowGroup g;
                g.outTrack = out.trackIndex;
                g.inTrack = in.trackIndex;
                g.outDepth = out.depth;
                g.inDepth = in.depth;
                groups.push_back(std::move(g));
                departures.emplace_back();
            }
            lastKey = key;
            lastGroup = it->second;
        }
        FlowGroup& g = groups[lastGroup];
        departures[lastGroup].emplace_back(out.timeNs, i);
        g.maxSpanNs = std::max(g.maxSpanNs, std::abs(in.timeNs - out.timeNs));
    }
    // Mapped slices: the loop above read two of them a flow, in the flows' order, which is no order of
    // positions (a budget that released pages as it went made a 10 GB trace's 9.4 M flows take 40-60 s
    // instead of 5.6): every page it read is handed back once, here.
    data.slices().releaseAll();
    for (std::size_t k = 0; k < groups.size(); ++k) {
        auto& byTime = departures[k];
        std::sort(byTime.begin(), byTime.end()); // ties in flow order, as a stable sort by time left them
        groups[k].flows.reserve(byTime.size());
        groups[k].leavesNs.reserve(byTime.size());
        for (const auto& [t, i] : byTime) {
            groups[k].flows.push_back(i);
            groups[k].leavesNs.push_back(t);
        }
        std::vector<std::pair<TimeNs, std::uint32_t>>().swap(byTime);
    }
    return groups;
}

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data) { return buildFlowGroups(data, data.flows()); }

std::size_t firstFlowLeavingAt(const FlowGroup& group, const TimelineData& data, const std::vector<TimelineFlow>& flows,
                               std::size_t from, TimeNs tNs) {
    // A frame asks for the next pixel column's flows, a few places on: a galloping search from `from`.
    return gallopPartitionPoint(from, group.flows.size(),
                                [&](std::size_t pos) { return flowLeavesNs(group, data, flows, pos) < tNs; });
}

// The flow table alone, read in order, with slice ids turned into positions in memory: joining it to
// the slice table in SQL cost two B-tree searches per flow, 330 ms for 171K flows.
std::vector<TimelineFlow> readTimelineFlows(Database& db, const TimelineData& data) {
    std::vector<TimelineFlow> flows;
    // No flows, no position table (40 MB for 10M slices).
    if (!db.tableExists("flow") || db.scalarInt("SELECT EXISTS(SELECT 1 FROM flow)", 0) == 0) return flows;
    const SlicePositions positions(data.slices(), data.tracks());
    // Room for every row up front (the last rowid: one b-tree step), no more than the file could hold at
    // 8 bytes a row, so that a crafted id cannot size the array.
    const auto mostRows = static_cast<std::int64_t>(storeFileBytes(db) / 8);
    const std::int64_t lastId = db.scalarInt("SELECT max(id) FROM flow", 0);
    if (lastId > 0) reserveOnHugePages(flows, static_cast<std::size_t>(std::min(lastId, mostRows)));
    Statement st = db.prepare("SELECT slice_out, slice_in FROM flow ORDER BY id");
    while (st.step()) {
        TimelineFlow flow;
        if (!positions.find(st.int64(0), &flow.outSlice, &flow.outTrack) ||
            !positions.find(st.int64(1), &flow.inSlice, &flow.inTrack))
            continue;
        flows.push_back(flow);
    }
    flows.shrink_to_fit(); // growth by doubling left up to half of it unused
    return flows;
}

std::shared_ptr<const TimelineFlowSet> loadTimelineFlows(Database& db, const TimelineData& data) {
    auto set = std::make_shared<TimelineFlowSet>();
    set->timeline = &data;
    set->flows = readTimelineFlows(db, data);
    set->groups = buildFlowGroups(data, set->flows);
    return set;
}

} // namespace opscope
