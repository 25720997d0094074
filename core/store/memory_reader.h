// Reads the memory tables of a store (memory_record, memory_allocation, memory_module) into
// MemoryData for the analyses, the CLI and the views. Stores written before these tables existed
// read as empty.
#pragma once
#include "core/model/error.h"
#include "core/model/memory_data.h"
#include "core/store/sqlite_db.h"

#include <string>
#include <vector>

namespace opscope {

bool readMemoryData(Database& db, MemoryData* out, Error* error);
// Only the allocation blocks (for per-operator figures), in allocation-time order; none in older stores.
bool readMemoryBlocks(Database& db, std::vector<MemoryBlock>* out, Error* error);

// A derived copy-bandwidth counter track (core/store/memory_copy_tracks.h): B/s over time, a step function.
struct CopyBandwidthTrack {
    std::int64_t deviceId = 0;
    std::string name; // "HtoD bandwidth" ...
    std::vector<std::pair<TimeNs, double>> bytesPerSecond;
};
bool readCopyBandwidth(Database& db, std::vector<CopyBandwidthTrack>* out, Error* error);

// Start times of the steps, in order and each once: slices of step tracks and slices whose name contains
// one of the patterns (case-insensitive, e.g. "profilerstep#").
bool readStepStarts(Database& db, const std::vector<std::string>& namePatterns, std::vector<TimeNs>* out, Error* error);

} // namespace opscope
