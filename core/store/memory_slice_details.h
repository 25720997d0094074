// The "Memory" group of a slice's details: the allocations memory_allocation links to the slice
// (their count, total and largest size, and what was never released), as metric rows in bytes.
#pragma once
#include "core/store/slice_details.h"
#include "core/store/sqlite_db.h"

namespace opscope {

// Appends the group when the slice made at least one allocation; nothing for older stores.
void appendMemoryDetails(Database& db, std::int64_t sliceId, std::vector<SliceMetricGroup>* groups);

} // namespace opscope
