// Links memory_allocation rows that do not know their operator's slice (torch_npu operator_memory,
// OP_MEMORY, NPU_OP_MEM) to it: the slice of the same name whose span holds the allocation time
// (the latest-starting one when they nest), so that the Memory view can select it on the timeline.
#pragma once
#include "core/store/sqlite_db.h"

#include <cstdint>

namespace opscope {

// Returns the number of allocations linked.
std::int64_t linkAllocationsToSlices(Database& db);

} // namespace opscope
