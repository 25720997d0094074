// The store's meta table read in one place: a value by key, and the trace span every consumer needs.
#pragma once
#include "core/model/time.h"

#include <string>
#include <utility>
#include <vector>

namespace opscope {

class Database;

// meta.value for key, or fallback when there is no such row. Throws SqliteError like every Database call.
std::string readMetaText(Database& db, const std::string& key, const std::string& fallback = {});

// Every meta row whose key starts with prefix, as (key without the prefix, value), in key order.
std::vector<std::pair<std::string, std::string>> readMetaWithPrefix(Database& db, const std::string& prefix);

// [trace_start_ns, trace_end_ns) from meta; an empty range {0, 0} when either is absent or not an integer.
TimeRange readTraceSpan(Database& db);

} // namespace opscope
