// The manual per-rank clock offsets a user set (table rank_clock_offset): added to a rank's times on
// top of the automatic alignment by the one job clock (core/analysis/cluster/job_clock.h).
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <map>

namespace opscope {

// rank -> ns; empty for a store without the table.
std::map<int, TimeNs> readRankClockOffsets(Database& db);
// Replaces every stored offset with these (zeros are not kept), in one transaction.
void writeRankClockOffsets(Database& db, const std::map<int, TimeNs>& offsetsNs);

} // namespace opscope
