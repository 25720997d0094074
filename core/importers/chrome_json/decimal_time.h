// Exact conversion of decimal microsecond text ("1700000000123456.789", "-3", "1.5e3") to int64
// nanoseconds, digit by digit: trace timestamps have 19 significant digits, more than a double holds.
#pragma once
#include "core/model/time.h"

#include <optional>
#include <string_view>

namespace opscope {

// Rounds half away from zero beyond the nanosecond. Returns nullopt for text that is not a number
// (leading/trailing spaces and a trailing tab, as Ascend CSVs write, are accepted) or that overflows.
std::optional<TimeNs> parseMicrosToNs(std::string_view text);

// The same for a plain decimal number of any unit, scaled by 10^scaleDigits (3 for µs -> ns).
std::optional<TimeNs> parseDecimalScaled(std::string_view text, int scaleDigits);

} // namespace opscope
