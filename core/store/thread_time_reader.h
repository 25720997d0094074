// Thread (CPU) time of the slices that have it (Chrome tts/tdur), read from the store for analyses
// such as operator statistics' CPU time column.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <unordered_map>

namespace opscope {

class Database;

// slice id -> thread_dur for every slice with a thread duration. A store whose import saw none
// (stat slices.with_thread_time absent or 0) is answered without scanning the slice table.
bool readThreadDurations(Database& db, std::unordered_map<std::int64_t, TimeNs>* out, Error* error);

} // namespace opscope
