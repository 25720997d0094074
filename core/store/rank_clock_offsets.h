// The manual per-rank clock offsets a user set (table rank_clock_offset): added to a rank's times on
// top of the automatic alignment by the one job clock (core/analysis/cluster/job_clock.h).
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <map>
#include <string>

namespace opscope {

// rank -> ns; empty for a store without the table.
std::map<int, TimeNs> readRankClockOffsets(Database& db);
// Replaces every stored offset with these (zeros are not kept), in one transaction.
void writeRankClockOffsets(Database& db, const std::map<int, TimeNs>& offsetsNs);
// Opens the finished store at storePath for writing (refused when it is not an opscope store) and
// replaces its offsets: the one write path of the table outside the import.
bool storeRankClockOffsets(const std::string& storePath, const std::map<int, TimeNs>& offsetsNs, Error* error);

} // namespace opscope
