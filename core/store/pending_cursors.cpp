#include "core/store/pending_cursors.h"

#include "core/store/schema.h"

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
// A slice marked kSliceSortByArrival ranks as 0 long, so it keeps its arrival order among the others.
TimeNs nestingRankDur(const PendingSlice& s) {
    return (s.flags & static_cast<std::uint32_t>(kSliceSortByArrival)) ? 0 : s.durNs;
}

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

NestEndpointItem endpointItem(const PendingEndpoint& e, std::uint32_t index) {
    NestEndpointItem item;
    item.phase = e.phase;
    item.binding = e.binding;
    item.keyHash = e.keyHash;
    item.track = e.track;
    item.tsNs = e.tsNs;
    item.cat = e.cat;
    item.index = index;
    return item;
}

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
        *item = endpointItem(e, index);
        item->name = names_.at(e.name);
        item->nameRef = e.name;
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
    return SliceKey{a.slice.tsNs, nestingRankDur(a.slice), a.index} < SliceKey{b.slice.tsNs, nestingRankDur(b.slice), b.index};
}

bool endpointBefore(const NestEndpointItem& a, const NestEndpointItem& b) {
    if (a.track != b.track) return a.track < b.track;
    return EndpointKey{a.tsNs, a.index} < EndpointKey{b.tsNs, b.index};
}

// Merges the sorted runs of a spill file: a reader and a head record per run, a heap of runs.
template <typename Item, bool (*Before)(const Item&, const Item&), bool (*Read)(SpillFile::Reader&, Item*)>
class RunMerge {
public:
    explicit RunMerge(const SpillFile& file) {
        heads_.reserve(file.runCount());
        for (std::size_t r = 0; r < file.runCount(); ++r) heads_.push_back({SpillFile::Reader(file, r), Item{}});
        for (std::size_t r = 0; r < heads_.size(); ++r)
            if (Read(heads_[r].reader, &heads_[r].item)) heap_.push_back(r);
        std::make_heap(heap_.begin(), heap_.end(), later());
    }
    bool next(Item* item) {
        if (heap_.empty()) return false;
        std::pop_heap(heap_.begin(), heap_.end(), later());
        const std::size_t r = heap_.back();
        *item = heads_[r].item;
        if (Read(heads_[r].reader, &heads_[r].item)) std::push_heap(heap_.begin(), heap_.end(), later());
        else heap_.pop_back();
        return true;
    }

private:
    struct Head {
        SpillFile::Reader reader;
        Item item;
    };
    auto later() {
        return [this](std::size_t a, std::size_t b) { return Before(heads_[b].item, heads_[a].item); };
    }
    std::vector<Head> heads_;
    std::vector<std::size_t> heap_;
};

// Spilled end points keep their names in the item: the merge hands items out by value.
struct SpilledEndpoint {
    NestEndpointItem item;
    std::string name;
};

bool spilledEndpointBefore(const SpilledEndpoint& a, const SpilledEndpoint& b) { return endpointBefore(a.item, b.item); }

bool readEndpointRecord(SpillFile::Reader& reader, SpilledEndpoint* out) {
    if (reader.atEnd()) return false;
    const auto e = reader.readValue<PendingEndpoint>();
    out->item = endpointItem(e, reader.readValue<std::uint32_t>());
    reader.readText(&out->name);
    return true;
}

class SpilledSliceCursor : public SliceCursor {
public:
    explicit SpilledSliceCursor(const SpillFile& file) : merge_(file) {}
    bool next(NestSliceItem* item) override { return merge_.next(item); }

private:
    RunMerge<NestSliceItem, sliceBefore, readSliceRecord> merge_;
};

class SpilledEndpointCursor : public EndpointCursor {
public:
    explicit SpilledEndpointCursor(const SpillFile& file) : merge_(file) {}
    bool next(NestEndpointItem* item) override {
        if (!merge_.next(&current_)) return false;
        *item = current_.item;
        item->name = current_.name;
        return true;
    }

private:
    RunMerge<SpilledEndpoint, spilledEndpointBefore, readEndpointRecord> merge_;
    SpilledEndpoint current_;
};

bool readBoundRecord(SpillFile::Reader& reader, BoundEndpoint* item) {
    if (reader.atEnd()) return false;
    item->keyHash = reader.readValue<std::uint64_t>();
    item->tsNs = reader.readValue<TimeNs>();
    item->sliceId = reader.readValue<std::int64_t>();
    item->index = reader.readValue<std::uint32_t>();
    item->cat = reader.readValue<StringId>();
    item->phase = reader.readValue<FlowEndpoint::Phase>();
    item->onDevice = reader.readValue<bool>();
    item->sliceTsNs = reader.readValue<TimeNs>();
    reader.readText(&item->name);
    return true;
}

class SpilledBoundCursor : public BoundCursor {
public:
    explicit SpilledBoundCursor(const SpillFile& file) : merge_(file) {}
    bool next(BoundEndpoint* item) override { return merge_.next(item); }

private:
    RunMerge<BoundEndpoint, linkOrderBefore<BoundEndpoint>, readBoundRecord> merge_;
};

} // namespace

std::unique_ptr<BoundCursor> spilledBoundCursor(const SpillFile& file) {
    return std::make_unique<SpilledBoundCursor>(file);
}

void appendSliceRecord(SpillFile& file, const PendingSlice& slice, std::uint32_t index) {
    file.appendValue(slice);
    file.appendValue(index);
}

void appendEndpointRecord(SpillFile& file, const PendingEndpoint& endpoint, std::uint32_t index, std::string_view name) {
    file.appendValue(endpoint);
    file.appendValue(index);
    file.appendText(name);
}

void appendBoundRecord(SpillFile& file, const BoundEndpoint& bound) {
    file.appendValue(bound.keyHash);
    file.appendValue(bound.tsNs);
    file.appendValue(bound.sliceId);
    file.appendValue(bound.index);
    file.appendValue(bound.cat);
    file.appendValue(bound.phase);
    file.appendValue(bound.onDevice);
    file.appendValue(bound.sliceTsNs);
    file.appendText(bound.name);
}

bool readSliceRecord(SpillFile::Reader& reader, NestSliceItem* item) {
    if (reader.atEnd()) return false;
    item->slice = reader.readValue<PendingSlice>();
    item->index = reader.readValue<std::uint32_t>();
    return true;
}

std::unique_ptr<SliceCursor> memorySliceCursor(const ChunkedVector<PendingSlice>& slices) {
    return std::make_unique<MemorySliceCursor>(slices);
}
std::unique_ptr<EndpointCursor> memoryEndpointCursor(const ChunkedVector<PendingEndpoint>& endpoints,
                                                     const FlowNamePool& names) {
    return std::make_unique<MemoryEndpointCursor>(endpoints, names);
}
std::unique_ptr<SliceCursor> spilledSliceCursor(const SpillFile& file) {
    return std::make_unique<SpilledSliceCursor>(file);
}
std::unique_ptr<EndpointCursor> spilledEndpointCursor(const SpillFile& file) {
    return std::make_unique<SpilledEndpointCursor>(file);
}

std::vector<std::uint32_t> sliceNestingOrder(const ChunkedVector<PendingSlice>& slices) {
    return nestingOrder<PendingSlice, SliceKey>(slices, [](const PendingSlice& s, std::uint32_t i) {
        return SliceKey{s.tsNs, nestingRankDur(s), i};
    });
}
std::vector<std::uint32_t> endpointNestingOrder(const ChunkedVector<PendingEndpoint>& endpoints) {
    return nestingOrder<PendingEndpoint, EndpointKey>(endpoints, [](const PendingEndpoint& e, std::uint32_t i) {
        return EndpointKey{e.tsNs, i};
    });
}

} // namespace opscope
