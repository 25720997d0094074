// Readers that hand finish() the pending slices and flow end points in nesting order, either from
// memory or from the scratch tables a spilled import wrote: slices by (track, ts, longer first, file
// order), end points by (track, ts, file order).
#pragma once
#include "core/store/chunked_vector.h"
#include "core/store/slice_nesting.h"
#include "core/model/spill_file.h"
#include "core/store/store_writer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opscope {

class SliceCursor {
public:
    virtual ~SliceCursor() = default;
    virtual bool next(NestSliceItem* item) = 0;
};

class EndpointCursor {
public:
    virtual ~EndpointCursor() = default;
    virtual bool next(NestEndpointItem* item) = 0;
};

// Positions of the rows in nesting order.
std::vector<std::uint32_t> sliceNestingOrder(const ChunkedVector<StoreWriter::PendingSlice>& slices);
std::vector<std::uint32_t> endpointNestingOrder(const ChunkedVector<PendingEndpoint>& endpoints);

std::unique_ptr<SliceCursor> memorySliceCursor(const ChunkedVector<StoreWriter::PendingSlice>& slices);
std::unique_ptr<EndpointCursor> memoryEndpointCursor(const ChunkedVector<PendingEndpoint>& endpoints,
                                                     const FlowNamePool& names);

// A spill writes each batch as one run, already in nesting order; reading merges the runs.
// Slice records: PendingSlice, then the uint32 file-order index.
// End point records: PendingEndpoint (its name field unused), the uint32 index, then the name text.
void appendSliceRecord(SpillFile& file, const StoreWriter::PendingSlice& slice, std::uint32_t index);
void appendEndpointRecord(SpillFile& file, const PendingEndpoint& endpoint, std::uint32_t index, std::string_view name);
bool readSliceRecord(SpillFile::Reader& reader, NestSliceItem* item);
std::unique_ptr<SliceCursor> spilledSliceCursor(const SpillFile& file);
std::unique_ptr<EndpointCursor> spilledEndpointCursor(const SpillFile& file);

// A flow end point bound to its slice, read back in (identity, ts, file order) order for linking.
struct BoundEndpoint {
    std::uint64_t keyHash = 0;
    TimeNs tsNs = 0;
    std::int64_t sliceId = 0;
    std::uint32_t index = 0;
    StringId cat = 0;
    FlowEndpoint::Phase phase = FlowEndpoint::Phase::Start;
    bool onDevice = false; // the bound slice is on a device's track
    TimeNs sliceTsNs = 0;  // the bound slice's start
    std::string name;
};
// The order flow linking reads bound end points in: by identity, then time, then file order. Any
// record with keyHash, tsNs and index sorts with it.
template <typename Bound>
bool linkOrderBefore(const Bound& a, const Bound& b) {
    if (a.keyHash != b.keyHash) return a.keyHash < b.keyHash;
    if (a.tsNs != b.tsNs) return a.tsNs < b.tsNs;
    return a.index < b.index;
}

class BoundCursor {
public:
    virtual ~BoundCursor() = default;
    virtual bool next(BoundEndpoint* item) = 0;
};
void appendBoundRecord(SpillFile& file, const BoundEndpoint& bound);
std::unique_ptr<BoundCursor> spilledBoundCursor(const SpillFile& file);

} // namespace opscope
