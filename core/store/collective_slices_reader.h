// The slices of one collective operator on the timeline: on the devices of its rank, the slices named
// as the operator that overlap its time (the HCCL operator row and its hardware tasks share the name).
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

inline constexpr int kCollectiveSliceLimit = 1000; // a collective with more slices shows the first ones

// Slice ids by start; [startNs, endNs) in stored (unaligned) time; endNs <= startNs: any time.
// Empty when the store does not know ranks.
std::vector<std::int64_t> readCollectiveSliceIds(Database& db, int rank, const std::string& opName, TimeNs startNs,
                                                 TimeNs endNs);

} // namespace opscope
