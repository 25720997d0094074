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
    std::vector<SliceRecord> rows; // unless the rows go to a mapped file (below)
    // A stretch of a mapped scratch file the rows are written to instead, with room for mappedCapacity
    // (a scan of an id range holds at most one row an id); what lies behind the writer is handed back
    // to the file as it goes.
    const MappedScratchFile* mappedFile = nullptr;
    std::size_t mappedOffset = 0, mappedCapacity = 0, mappedCount = 0;
    std::size_t rowCount() const { return mappedFile ? mappedCount : rows.size(); }
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
// of one scan. With `into`, a mapped file with room for a row per id of the store's id span (from its
// first byte), the rows are written there: each part in its own id range's room, then moved together.
// SqliteError (or another failure of a part) is thrown after every part has stopped.
void scanAllSlices(Database& db, const SliceScanPlan& plan, std::size_t parts, ScannedSlices* out,
                   const MappedScratchFile* into = nullptr);

} // namespace opscope
