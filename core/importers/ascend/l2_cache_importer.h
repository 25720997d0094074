// l2_cache.csv / l2_cache_*.csv: per-task L2 hit and victim rates. The file has no times, so the
// n-th row of a (stream, task id) goes to the n-th timeline slice of that task, checked by name.
#pragma once
#include "core/importers/ascend/ascend_unit.h"

namespace opscope::ascend {

bool isL2CacheHeader(const std::vector<std::string>& header);

struct L2CacheResult {
    std::int64_t rows = 0, joined = 0, unjoined = 0;
};
bool importL2Cache(UnitContext& ctx, const std::string& path, L2CacheResult* result, Error* error);

} // namespace opscope::ascend
