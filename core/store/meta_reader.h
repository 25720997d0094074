// The store's meta table read in one place: a value by key, and the trace span every consumer needs.
#pragma once
#include "core/model/time.h"

#include <string>

namespace opscope {

class Database;

// meta.value for key, or fallback when there is no such row. Throws SqliteError like every Database call.
std::string readMetaText(Database& db, const std::string& key, const std::string& fallback = {});

// [trace_start_ns, trace_end_ns) from meta; an empty range {0, 0} when either is absent or not an integer.
TimeRange readTraceSpan(Database& db);

} // namespace opscope
