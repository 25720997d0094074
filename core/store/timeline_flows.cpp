#include "core/store/timeline_flows.h"

#include "core/model/gallop.h"
#include "core/model/huge_pages.h"
#include "core/model/id_index.h"
#include "core/model/mapped_scratch_file.h"
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
        std::int64_t lo = 0, hi = -1; // no slices: no ids
        if (!slices.empty()) lo = hi = slices[0].id;
        {
            PageReleasingWalk<TimelineSlice> walk(slices);
            for (std::size_t i = 0; i < slices.size(); ++i) {
                walk.at(i);
                lo = std::min(lo, slices[i].id);
                hi = std::max(hi, slices[i].id);
            }
        }
        positions_ = IdIndex<std::uint32_t>(lo, hi, slices.size(), kNone);
        PageReleasingWalk<TimelineSlice> walk(slices);
        for (std::uint32_t i = 0; i < slices.size(); ++i) {
            walk.at(i);
            positions_.set(slices[i].id, i);
        }
        positions_.seal();
    }
    bool find(std::int64_t id, std::uint32_t* position, std::uint32_t* track) const {
        const std::uint32_t pos = positions_.get(id);
        if (pos == kNone) return false;
        auto run = std::upper_bound(runs_.begin(), runs_.end(), std::make_pair(pos, kNone));
        if (run == runs_.begin()) return false;
        *position = pos;
        *track = std::prev(run)->second;
        return true;
    }

private:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    IdIndex<std::uint32_t> positions_; // by slice id
    std::vector<std::pair<std::uint32_t, std::uint32_t>> runs_; // (first position, track index)
};

} // namespace

namespace {

// The depth of the slice at this position of a track: the depth run holding it (runs tile the track's
// slices in depth order), so that a flow's rows are known without reading its slices.
std::uint16_t depthAt(const TimelineTrack& track, std::uint32_t position) {
    auto run = std::upper_bound(track.depths.begin(), track.depths.end(), position,
                                [](std::uint32_t p, const DepthRun& r) { return p < r.begin; });
    return static_cast<std::uint16_t>(run == track.depths.begin() ? 0 : run - track.depths.begin() - 1);
}

// One scratch file for arrays of a mapped timeline's flows, carved in order; arrays stay in memory when
// the timeline's slices do, or when the file cannot be made.
class FlowScratch {
public:
    FlowScratch(const TimelineData& data, std::size_t bytes) {
        if (!data.scratchDirectory().empty()) file_ = MappedScratchFile::create(data.scratchDirectory(), bytes, nullptr);
    }
    template <typename T>
    SpillableArray<T> array(std::size_t count) {
        if (!file_) return SpillableArray<T>(std::vector<T>(count));
        offset_ = (offset_ + alignof(std::max_align_t) - 1) / alignof(std::max_align_t) * alignof(std::max_align_t);
        SpillableArray<T> a(file_, offset_, count);
        offset_ += count * sizeof(T);
        return a;
    }
    static std::size_t bytesFor(std::size_t arrays, std::size_t bytes) { return bytes + arrays * alignof(std::max_align_t); }

private:
    std::shared_ptr<MappedScratchFile> file_;
    std::size_t offset_ = 0;
};

} // namespace

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data, const TimelineFlowArray& flows) {
    if (flows.empty()) return {};
    const std::vector<TimelineTrack>& tracks = data.tracks();
    // Pass 1: each flow's group (its two rows, from its slices' positions), counted.
    std::vector<FlowGroup> groups;
    std::vector<std::size_t> counts;
    std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, std::size_t, RowPairHash> groupOf; // a handful of row pairs
    std::pair<std::uint64_t, std::uint64_t> lastKey{~0ull, ~0ull};
    std::size_t lastGroup = 0;
    auto groupFor = [&](const TimelineFlow& f) {
        const std::uint16_t outDepth = depthAt(tracks[f.outTrack], f.outSlice), inDepth = depthAt(tracks[f.inTrack], f.inSlice);
        const std::pair<std::uint64_t, std::uint64_t> key{rowKey(f.outTrack, outDepth), rowKey(f.inTrack, inDepth)};
        if (key == lastKey) return lastGroup; // flows of one row pair mostly come one after another
        auto [it, added] = groupOf.try_emplace(key, groups.size());
        if (added) {
            FlowGroup g;
            g.outTrack = f.outTrack;
            g.inTrack = f.inTrack;
            g.outDepth = outDepth;
            g.inDepth = inDepth;
            groups.push_back(std::move(g));
            counts.push_back(0);
        }
        lastKey = key;
        lastGroup = it->second;
        return lastGroup;
    };
    for (std::size_t i = 0; i < flows.size(); ++i) ++counts[groupFor(flows[i])];

    // Pass 2: each group's flows in table order, into arrays of their exact size.
    FlowScratch scratch(data, FlowScratch::bytesFor(2 * groups.size(), flows.size() * (sizeof(std::uint32_t) + sizeof(TimeNs))));
    for (std::size_t k = 0; k < groups.size(); ++k) {
        groups[k].flows = scratch.array<std::uint32_t>(counts[k]);
        groups[k].leavesNs = scratch.array<TimeNs>(counts[k]);
    }
    {
        std::vector<std::size_t> filled(groups.size(), 0);
        lastKey = {~0ull, ~0ull};
        for (std::size_t i = 0; i < flows.size(); ++i) {
            const std::size_t k = groupFor(flows[i]);
            groups[k].flows[filled[k]++] = static_cast<std::uint32_t>(i);
        }
    }

    // Pass 3, a group at a time: departures and spans. A group's flows leave one row and arrive in
    // another, so in the order of their out slices' positions they leave in time order (where the row's
    // ends are sorted) and both rows are read front to back: the group's flows are put in that order
    // first (the table's order is no order of positions: reading the slices in it held the whole
    // mapped file, and handing pages back as it went made 9.4 M flows take 40-110 s), then read with
    // walks that hand mapped pages back behind them.
    const SpillableArray<TimelineSlice>& slices = data.slices();
    struct Ends {
        std::uint32_t outSlice, inSlice, flow;
    };
    for (FlowGroup& g : groups) {
        std::vector<Ends> ends(g.flows.size());
        {
            PageReleasingWalk<std::uint32_t> indexWalk(g.flows);
            PageReleasingWalk<TimelineFlow> flowWalk(flows); // indices rise: table order
            for (std::size_t j = 0; j < ends.size(); ++j) {
                indexWalk.at(j);
                const std::uint32_t i = g.flows[j];
                flowWalk.at(i);
                ends[j] = {flows[i].outSlice, flows[i].inSlice, i};
            }
        }
        std::sort(ends.begin(), ends.end(),
                  [](const Ends& a, const Ends& b) { return a.outSlice != b.outSlice ? a.outSlice < b.outSlice : a.flow < b.flow; });
        bool ordered = true; // by (departure, flow index), as the arrows' searches need
        {
            PageReleasingWalk<std::uint32_t> indexWalk(g.flows);
            PageReleasingWalk<TimeNs> leaveWalk(g.leavesNs);
            PageReleasingWalk<TimelineSlice> outWalk(slices), inWalk(slices);
            for (std::size_t j = 0; j < ends.size(); ++j) {
                outWalk.at(ends[j].outSlice);
                inWalk.at(ends[j].inSlice);
                const TimeNs leaves = slices[ends[j].outSlice].endNs(), arrives = slices[ends[j].inSlice].tsNs;
                g.maxSpanNs = std::max(g.maxSpanNs, std::abs(arrives - leaves));
                indexWalk.at(j);
                leaveWalk.at(j);
                if (j > 0 && (leaves < g.leavesNs[j - 1] || (leaves == g.leavesNs[j - 1] && ends[j].flow < g.flows[j - 1])))
                    ordered = false;
                g.flows[j] = ends[j].flow;
                g.leavesNs[j] = leaves;
            }
        }
        std::vector<Ends>().swap(ends);
        if (ordered) continue;
        // A row whose ends are not sorted, or two slices ending together: sorted by (departure, index).
        // The pairs read memory in order, where sorting indices by a time looked up in the slice array
        // missed the cache on every comparison (1.5 s of a 10M-event store's first frame).
        std::vector<std::pair<TimeNs, std::uint32_t>> byTime(g.flows.size());
        for (std::size_t j = 0; j < g.flows.size(); ++j) byTime[j] = {g.leavesNs[j], g.flows[j]};
        std::sort(byTime.begin(), byTime.end());
        for (std::size_t j = 0; j < byTime.size(); ++j) {
            g.leavesNs[j] = byTime[j].first;
            g.flows[j] = byTime[j].second;
        }
        g.leavesNs.releaseAll();
        g.flows.releaseAll();
    }
    return groups;
}

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data) { return buildFlowGroups(data, data.flows()); }

std::size_t firstFlowLeavingAt(const FlowGroup& group, const TimelineData& data, const TimelineFlowArray& flows,
                               std::size_t from, TimeNs tNs) {
    // A frame asks for the next pixel column's flows, a few places on: a galloping search from `from`.
    return gallopPartitionPoint(from, group.flows.size(),
                                [&](std::size_t pos) { return flowLeavesNs(group, data, flows, pos) < tNs; });
}

// The flow table alone, read in order, with slice ids turned into positions in memory: joining it to
// the slice table in SQL cost two B-tree searches per flow, 330 ms for 171K flows.
TimelineFlowArray readTimelineFlows(Database& db, const TimelineData& data) {
    // No flows, no position table (40 MB for 10M slices).
    if (!db.tableExists("flow") || db.scalarInt("SELECT EXISTS(SELECT 1 FROM flow)", 0) == 0) return {};
    const SlicePositions positions(data.slices(), data.tracks());
    // Room for every row up front (the last rowid: one b-tree step), no more than the file could hold at
    // 8 bytes a row, so that a crafted id cannot size the array.
    const auto mostRows = static_cast<std::int64_t>(storeFileBytes(db) / 8);
    const auto room = static_cast<std::size_t>(std::max<std::int64_t>(0, std::min(db.scalarInt("SELECT max(id) FROM flow", 0), mostRows)));
    Statement st = db.prepare("SELECT slice_out, slice_in FROM flow ORDER BY id");
    auto next = [&](TimelineFlow* flow) {
        while (st.step())
            if (positions.find(st.int64(0), &flow->outSlice, &flow->outTrack) && positions.find(st.int64(1), &flow->inSlice, &flow->inTrack))
                return true;
        return false; // flows whose slices are not in the timeline are left out
    };
    TimelineFlow flow;
    // A mapped timeline's flows go to a scratch file beside its slices, written front to back.
    std::shared_ptr<MappedScratchFile> file;
    if (!data.scratchDirectory().empty() && room > 0) file = MappedScratchFile::create(data.scratchDirectory(), room * sizeof(TimelineFlow), nullptr);
    if (file) {
        SpillableArray<TimelineFlow> all(file, 0, room);
        std::size_t count = 0;
        {
            PageReleasingWalk<TimelineFlow> walk(all);
            while (count < room && next(&flow)) {
                walk.at(count);
                all[count++] = flow;
            }
        }
        if (count < room || !next(&flow)) return TimelineFlowArray(file, 0, count);
        // More rows than the last id (ids below 1): the rest in memory, after those already read.
        std::vector<TimelineFlow> memory(all.begin(), all.end());
        memory.push_back(flow);
        while (next(&flow)) memory.push_back(flow);
        return TimelineFlowArray(std::move(memory));
    }
    std::vector<TimelineFlow> flows;
    reserveOnHugePages(flows, room);
    while (next(&flow)) flows.push_back(flow);
    flows.shrink_to_fit(); // growth by doubling left up to half of it unused
    return TimelineFlowArray(std::move(flows));
}

std::shared_ptr<const TimelineFlowSet> loadTimelineFlows(Database& db, const TimelineData& data) {
    auto set = std::make_shared<TimelineFlowSet>();
    set->timeline = &data;
    set->flows = readTimelineFlows(db, data);
    set->groups = buildFlowGroups(data, set->flows);
    return set;
}

} // namespace opscope
