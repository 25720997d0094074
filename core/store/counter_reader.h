// Reads the samples of counter tracks (table counter) for the analyses.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <vector>

namespace opscope {

class Database;

// Appends the samples of one counter track in time order. Throws SqliteError like every Database call.
void readCounterSamples(Database& db, std::int64_t trackId, std::vector<TimeNs>* tsNs, std::vector<double>* values);

} // namespace opscope
