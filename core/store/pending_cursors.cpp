#include "core/store/pending_cursors.h"

#include <algorithm>

namespace opscope {

namespace {

using PendingSlice = StoreWriter::PendingSlice;

// Groups indices by track with a counting sort (stable, so file order holds within a track), then
// sorts each track's run by key unless it is already in order, as most tracks of a real trace are.
template <typename Row, typename Key, typename MakeKey>
std::vector<std::uint32_t> nestingOrder(const ChunkedVector<Row>& rows, MakeKey makeKey) {
    std::uint32_t maxTrack = 0;
    for (const Row& r : rows) maxTrack = std::max(maxTrack, r.track);
    std::vector<std::uint32_t> start(static_cast<std::size_t>(maxTrack) + 2, 0);
    for (const Row& r : rows) ++start[r.track + 1];
    for (std::size_t t = 1; t < start.size(); ++t) start[t] += start[t - 1];
    std::vector<std::uint32_t> order(rows.size());
    {
        std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
        for (std::uint32_t i = 0; i < rows.size(); ++i) order[fill[rows[i].track]++] = i;
    }
    std::vector<Key> keys;
    for (std::size_t t = 0; t + 1 < start.size(); ++t) {
        const std::uint32_t from = start[t], to = start[t + 1];
        bool sorted = true;
        for (std::uint32_t k = from + 1; k < to && sorted; ++k)
            sorted = !(makeKey(rows[order[k]], order[k]) < makeKey(rows[order[k - 1]], order[k - 1]));
        if (sorted) continue;
        keys.clear();
        for (std::uint32_t k = from; k < to; ++k) keys.push_back(makeKey(rows[order[k]], order[k]));
        std::sort(keys.begin(), keys.end());
        for (std::uint32_t k = from; k < to; ++k) order[k] = keys[k - from].index;
    }
    return order;
}

// Perfetto's order: by ts; at equal ts the longer slice first so it becomes the parent; then file order.
struct SliceKey {
    TimeNs tsNs;
    TimeNs durNs;
    std::uint32_t index;
    bool operator<(const SliceKey& o) const {
        if (tsNs != o.tsNs) return tsNs < o.tsNs;
        if (durNs != o.durNs) return durNs > o.durNs;
        return index < o.index;
    }
};

struct EndpointKey {
    TimeNs tsNs;
    std::uint32_t index;
    bool operator<(const EndpointKey& o) const { return tsNs != o.tsNs ? tsNs < o.tsNs : index < o.index; }
};

class MemorySliceCursor : public SliceCursor {
public:
    explicit MemorySliceCursor(const ChunkedVector<PendingSlice>& slices)
        : slices_(slices), order_(sliceNestingOrder(slices)) {}
    bool next(NestSliceItem* item) override {
        if (pos_ == order_.size()) return false;
        item->index = order_[pos_++];
        item->slice = slices_[item->index];
        return true;
    }

private:
    const ChunkedVector<PendingSlice>& slices_;
    std::vector<std::uint32_t> order_;
    std::size_t pos_ = 0;
};

class MemoryEndpointCursor : public EndpointCursor {
public:
    MemoryEndpointCursor(const ChunkedVector<PendingEndpoint>& endpoints, const FlowNamePool& names)
        : endpoints_(endpoints), names_(names), order_(endpointNestingOrder(endpoints)) {}
    bool next(NestEndpointItem* item) override {
        if (pos_ == order_.size()) return false;
        const std::uint32_t index = order_[pos_++];
        const PendingEndpoint& e = endpoints_[index];
        item->phase = e.phase;
        item->binding = e.binding;
        item->keyHash = e.keyHash;
        item->tsNs = e.tsNs;
        item->cat = e.cat;
        item->index = index;
        item->name = names_.at(e.name);
        item->nameRef = e.name;
        item->track = e.track;
        return true;
    }

private:
    const ChunkedVector<PendingEndpoint>& endpoints_;
    const FlowNamePool& names_;
    std::vector<std::uint32_t> order_;
    std::size_t pos_ = 0;
};

bool sliceBefore(const NestSliceItem& a, const NestSliceItem& b) {
    if (a.slice.track != b.slice.track) return a.slice.track < b.slice.track;
    return SliceKey{a.slice.tsNs, a.slice.durNs, a.index} < SliceKey{b.slice.tsNs, b.slice.durNs, b.index};
}

bool endpointBefore(const NestEndpointItem& a, const NestEndpointItem& b) {
    if (a.track != b.track) return a.track < b.track;
    return EndpointKey{a.tsNs, a.index} < EndpointKey{b.tsNs, b.index};
}

// Merges sorted runs of one scratch table: a statement and a head row per run, a heap of runs.
template <typename Item, bool (*Before)(const Item&, const Item&), void (*Read)(Statement&, Item*)>
class RunMerge {
public:
    RunMerge(Database& db, const std::string& select, const std::vector<StageRun>& runs) {
        for (const StageRun& run : runs) {
            Statement st = db.prepare(select + " WHERE rid >= ? AND rid < ? ORDER BY rid");
            st.bind(1, run.firstRow).bind(2, run.endRow);
            heads_.push_back({std::move(st), Item{}, false});
        }
        for (std::size_t r = 0; r < heads_.size(); ++r)
            if (advance(r)) heap_.push_back(r);
        std::make_heap(heap_.begin(), heap_.end(), later());
    }
    bool next(Item* item) {
        if (heap_.empty()) return false;
        std::pop_heap(heap_.begin(), heap_.end(), later());
        const std::size_t r = heap_.back();
        *item = heads_[r].item;
        if (advance(r)) std::push_heap(heap_.begin(), heap_.end(), later());
        else heap_.pop_back();
        return true;
    }

private:
    struct Head {
        Statement st;
        Item item;
        bool live;
    };
    bool advance(std::size_t r) {
        Head& h = heads_[r];
        h.live = h.st.step();
        if (h.live) Read(h.st, &h.item);
        return h.live;
    }
    auto later() {
        return [this](std::size_t a, std::size_t b) { return Before(heads_[b].item, heads_[a].item); };
    }
    std::vector<Head> heads_;
    std::vector<std::size_t> heap_;
};

void readSlice(Statement& st, NestSliceItem* item) {
    item->index = static_cast<PendingSliceIndex>(st.int64(0));
    PendingSlice& s = item->slice;
    s.track = static_cast<std::uint32_t>(st.int64(1));
    s.tsNs = st.int64(2);
    s.durNs = st.int64(3);
    s.name = static_cast<StringId>(st.int64(4));
    s.category = static_cast<StringId>(st.int64(5));
    s.type = static_cast<StringId>(st.int64(6));
    s.args = static_cast<std::uint32_t>(st.int64(7));
    s.flags = static_cast<std::uint32_t>(st.int64(8));
}

// Staged end points keep their names in the item: the merge hands items out by value.
struct StagedEndpoint {
    NestEndpointItem item;
    std::string name;
};

bool stagedEndpointBefore(const StagedEndpoint& a, const StagedEndpoint& b) { return endpointBefore(a.item, b.item); }

void readEndpoint(Statement& st, StagedEndpoint* out) {
    NestEndpointItem& item = out->item;
    item.index = static_cast<std::uint32_t>(st.int64(0));
    item.track = st.int64(1);
    item.tsNs = st.int64(2);
    item.keyHash = static_cast<std::uint64_t>(st.int64(3));
    item.phase = static_cast<FlowEndpoint::Phase>(st.int64(4));
    item.binding = static_cast<FlowEndpoint::Binding>(st.int64(5));
    item.cat = static_cast<StringId>(st.int64(6));
    out->name = st.text(7);
}

class StagedSliceCursor : public SliceCursor {
public:
    StagedSliceCursor(Database& db, const std::vector<StageRun>& runs)
        : merge_(db, "SELECT idx, track, ts, dur, name, cat, type, args, flags FROM temp.stage_slice", runs) {}
    bool next(NestSliceItem* item) override { return merge_.next(item); }

private:
    RunMerge<NestSliceItem, sliceBefore, readSlice> merge_;
};

class StagedEndpointCursor : public EndpointCursor {
public:
    StagedEndpointCursor(Database& db, const std::vector<StageRun>& runs)
        : merge_(db, "SELECT idx, track, ts, key, phase, binding, cat, name FROM temp.stage_endpoint", runs) {}
    bool next(NestEndpointItem* item) override {
        if (!merge_.next(&current_)) return false;
        *item = current_.item;
        item->name = current_.name;
        return true;
    }

private:
    RunMerge<StagedEndpoint, stagedEndpointBefore, readEndpoint> merge_;
    StagedEndpoint current_;
};

void readBound(Statement& st, BoundEndpoint* item) {
    item->keyHash = static_cast<std::uint64_t>(st.int64(0));
    item->tsNs = st.int64(1);
    item->index = static_cast<std::uint32_t>(st.int64(2));
    item->phase = static_cast<FlowEndpoint::Phase>(st.int64(3));
    item->sliceId = st.int64(4);
    item->cat = static_cast<StringId>(st.int64(5));
    item->name = st.text(6);
}

class StagedBoundCursor : public BoundCursor {
public:
    StagedBoundCursor(Database& db, const std::vector<StageRun>& runs)
        : merge_(db, "SELECT key, ts, idx, phase, slice_id, cat, name FROM temp.stage_bound", runs) {}
    bool next(BoundEndpoint* item) override { return merge_.next(item); }

private:
    RunMerge<BoundEndpoint, boundBefore, readBound> merge_;
};

} // namespace

StageRun appendRun(std::vector<StageRun>& runs, std::size_t rows) {
    StageRun run;
    run.firstRow = runs.empty() ? 0 : runs.back().endRow;
    run.endRow = run.firstRow + static_cast<std::int64_t>(rows);
    runs.push_back(run);
    return run;
}

bool boundBefore(const BoundEndpoint& a, const BoundEndpoint& b) {
    if (a.keyHash != b.keyHash) return a.keyHash < b.keyHash;
    if (a.tsNs != b.tsNs) return a.tsNs < b.tsNs;
    return a.index < b.index;
}

std::unique_ptr<BoundCursor> stagedBoundCursor(Database& db, const std::vector<StageRun>& runs) {
    return std::make_unique<StagedBoundCursor>(db, runs);
}

std::unique_ptr<SliceCursor> memorySliceCursor(const ChunkedVector<PendingSlice>& slices) {
    return std::make_unique<MemorySliceCursor>(slices);
}
std::unique_ptr<EndpointCursor> memoryEndpointCursor(const ChunkedVector<PendingEndpoint>& endpoints,
                                                     const FlowNamePool& names) {
    return std::make_unique<MemoryEndpointCursor>(endpoints, names);
}
std::unique_ptr<SliceCursor> stagedSliceCursor(Database& db, const std::vector<StageRun>& runs) {
    return std::make_unique<StagedSliceCursor>(db, runs);
}
std::unique_ptr<EndpointCursor> stagedEndpointCursor(Database& db, const std::vector<StageRun>& runs) {
    return std::make_unique<StagedEndpointCursor>(db, runs);
}

std::vector<std::uint32_t> sliceNestingOrder(const ChunkedVector<PendingSlice>& slices) {
    return nestingOrder<PendingSlice, SliceKey>(slices, [](const PendingSlice& s, std::uint32_t i) {
        return SliceKey{s.tsNs, s.durNs, i};
    });
}
std::vector<std::uint32_t> endpointNestingOrder(const ChunkedVector<PendingEndpoint>& endpoints) {
    return nestingOrder<PendingEndpoint, EndpointKey>(endpoints, [](const PendingEndpoint& e, std::uint32_t i) {
        return EndpointKey{e.tsNs, i};
    });
}

const char* stagingTablesSql() {
    return R"SQL(
CREATE TEMP TABLE IF NOT EXISTS stage_slice(rid INTEGER PRIMARY KEY, idx INTEGER, track INTEGER, ts INTEGER, dur INTEGER,
  name INTEGER, cat INTEGER, type INTEGER, args INTEGER, flags INTEGER);
CREATE TEMP TABLE IF NOT EXISTS stage_endpoint(rid INTEGER PRIMARY KEY, idx INTEGER, track INTEGER, ts INTEGER, key INTEGER,
  phase INTEGER, binding INTEGER, cat INTEGER, name TEXT);
CREATE TEMP TABLE IF NOT EXISTS stage_bound(rid INTEGER PRIMARY KEY, key INTEGER, ts INTEGER, idx INTEGER, phase INTEGER,
  slice_id INTEGER, cat INTEGER, name TEXT);
)SQL";
}

} // namespace opscope
