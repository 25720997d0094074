// Which metric values a run history keeps: finite numbers within the magnitude of int64 nanoseconds.
#pragma once

namespace opscope::history {

// The largest magnitude of a metric value a history keeps: that of int64 nanoseconds, the widest unit any
// metric has. Within it every difference, slope and median of a series stays a finite number; a value
// beyond it (or not a number) is refused on write and reported as an error on read.
inline constexpr double kMaxMetricMagnitude = 9223372036854775808.0; // 2^63
bool isKeepableMetricValue(double value);

} // namespace opscope::history
