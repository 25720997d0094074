// Counter tracks for the diagnosis: samples of one track, time-weighted means (a sample holds until
// the next), and bandwidth units ("MB/s", "GB/s" ...) recognised from a track's unit or name.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class Database;

struct CounterSeries {
    std::int64_t trackId = 0;
    std::vector<TimeNs> tsNs;
    std::vector<double> values;
};

bool loadCounterSeries(Database& db, std::int64_t trackId, CounterSeries* out, Error* error);

// Mean of the step function over [first sample, last sample) (clipped to range); NaN when it has no length.
double timeWeightedMean(const CounterSeries& series, const std::optional<TimeRange>& range);
// Time (ns) during which the step function is below (or above) a value.
TimeNs timeBelow(const CounterSeries& series, double value, const std::optional<TimeRange>& range);

// Factor from the unit to GB/s (1e-3 for "MB/s"); 0 when the text names no bandwidth unit.
double bandwidthToGBps(std::string_view unitOrName);

} // namespace opscope
