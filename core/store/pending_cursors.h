// Readers that hand finish() the pending slices and flow end points in nesting order, either from
// memory or from the scratch tables a spilled import wrote: slices by (track, ts, longer first, file
// order), end points by (track, ts, file order).
#pragma once
#include "core/store/chunked_vector.h"
#include "core/store/slice_nesting.h"
#include "core/store/sqlite_db.h"
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

// Reading a spilled import merges its runs (see StageRun), so SQLite never sorts the rows.
// appendRun records the next run of rows rows and returns it.
StageRun appendRun(std::vector<StageRun>& runs, std::size_t rows);
std::unique_ptr<SliceCursor> stagedSliceCursor(Database& db, const std::vector<StageRun>& runs);
std::unique_ptr<EndpointCursor> stagedEndpointCursor(Database& db, const std::vector<StageRun>& runs);

// A flow end point bound to its slice, read back in (identity, ts, file order) order for linking.
struct BoundEndpoint {
    std::uint64_t keyHash = 0;
    TimeNs tsNs = 0;
    std::int64_t sliceId = 0;
    std::uint32_t index = 0;
    StringId cat = 0;
    FlowEndpoint::Phase phase = FlowEndpoint::Phase::Start;
    std::string name;
};
bool boundBefore(const BoundEndpoint& a, const BoundEndpoint& b);

class BoundCursor {
public:
    virtual ~BoundCursor() = default;
    virtual bool next(BoundEndpoint* item) = 0;
};
std::unique_ptr<BoundCursor> stagedBoundCursor(Database& db, const std::vector<StageRun>& runs);

// Scratch tables of a spilled import, in the TEMP schema (a file: temp_store=FILE).
const char* stagingTablesSql();

} // namespace opscope
