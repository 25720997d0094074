// The row loop under loadSlices (store_access.h): slice rows turned into SliceRecords with the load
// filter applied, in one scan or in id ranges read on several read-only connections at once.
#pragma once
#include "core/analysis/snapshot/store_access.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace opscope {

class SliceRowReader;

// What the scan needs to know of one store track, looked up once per row in a flat array.
struct TrackScanFacts {
    std::int32_t logicalIndex = -1; // index into the wanted logical ids; -1: not wanted
    bool compute = false;
};

// The facts a scan reads, shared read-only by the threads of a parallel scan.
struct SliceScanPlan {
    const std::vector<std::int64_t>* logicalIds = nullptr;
    const SliceLoadFilter* filter = nullptr;
    std::vector<TrackScanFacts> tracks; // by store track id
    std::int64_t wantedSlices = 0;      // the catalog's count of the wanted tracks' slices (a hint)
};

// What one scan keeps: the rows of wanted tracks, and what the filter left out.
struct ScannedSlices {
    std::vector<SliceRecord> rows;
    std::int64_t skippedAnnotations = 0, skippedNotWork = 0;
    std::vector<NotWorkSlice> notWork;
};

// Reads the reader's rows to its end, appending to *out.
void scanSliceRows(SliceRowReader& reader, const SliceScanPlan& plan, ScannedSlices* out);

// How many id ranges a whole-table scan of this many slices over db is read in: one per core (at most
// four) when db is read-only and the store holds at least filter.parallelScanMinSlices; else 1.
std::size_t sliceScanParts(const Database& db, std::int64_t storeSlices, const SliceLoadFilter& filter);

// Every slice in id order, read in `parts` id ranges at once (the first on db, the others on read-only
// siblings of it under its interrupt flag), concatenated in id order into *out (empty on entry): the rows
// of one scan.
// SqliteError (or another failure of a part) is thrown after every part has stopped.
void scanAllSlices(Database& db, const SliceScanPlan& plan, std::size_t parts, ScannedSlices* out);

} // namespace opscope
