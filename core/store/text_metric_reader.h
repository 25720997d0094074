// The text values of one per-slice metric (such as kernel_details' "Accelerator Core"), read from the
// store for analyses that group or filter by them.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <string>
#include <unordered_map>

namespace opscope {

class Database;

// slice id -> text of the metric named metricName; empty when the store has no such metric.
bool readTextMetric(Database& db, const std::string& metricName, std::unordered_map<std::int64_t, std::string>* out,
                    Error* error);

} // namespace opscope
