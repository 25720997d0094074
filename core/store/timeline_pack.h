// The timeline's slice layout stored in the store (table timeline_pack, docs/schema.md): written once
// at import, after the rows, so that re-opening a store reads a few large blobs instead of decoding
// every slice row and rebuilding the level-of-detail summaries. An optional cache: a store without
// one, or with one that does not match its slices, is scanned as before.
#pragma once
#include "core/store/timeline_slice_layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

class Database;

// Bytes per blob (every blob of a part but its last has exactly this many): large enough that reading
// is a copy, small enough that the writer holds little and far below SQLite's largest blob.
inline constexpr std::size_t kTimelinePackChunkBytes = std::size_t{4} << 20;

// Builds the layout of the store's slices one track at a time and writes it, replacing any pack
// already there, in a transaction of its own (so call it outside one). Memory: the largest track's
// slices, held once (about 40 bytes each), not the trace's. Throws SqliteError.
void writeTimelinePack(Database& db, std::size_t chunkBytes = kTimelinePackChunkBytes);

// Where a large pack's slices (and per-slice categories) are read to: a mapped scratch file in the
// first of these folders that can hold one, once they take fromBytes or more; in memory otherwise.
struct SliceMappingPolicy {
    std::size_t fromBytes = SIZE_MAX;
    std::vector<std::string> directories;
    std::string* refusal = nullptr; // why no folder could hold the file, when one was wanted
    std::string* chosen = nullptr;  // the folder that holds it, when one does
};

// Reads the pack into *layout when the store has one that matches its tracks and slices and whose
// every position lies inside its arrays; false otherwise, with the reason in *whyNot (for tests and
// logs: a missing or stale pack is not an error). trackIds: the store's track ids; nameCount: the
// string table's size, as the loader sizes it. Throws SqliteError.
bool readTimelinePack(Database& db, const std::vector<std::int64_t>& trackIds, std::size_t nameCount,
                      TimelineSliceLayout* layout, std::string* whyNot, const SliceMappingPolicy& mapping = {});

} // namespace opscope
