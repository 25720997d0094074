// The host ProfilerStep#N slices of a store as time spans: the step time operator shares are taken of.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <vector>

namespace opscope {

class Database;

// One span per ProfilerStep#N slice on a host track (several ranks: one per rank and step), by start.
bool readProfilerStepSpans(Database& db, std::vector<TimeRange>* out, Error* error);

} // namespace opscope
