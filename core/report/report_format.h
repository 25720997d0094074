// Text helpers for the HTML report: escaping, base64 for data URIs, and human-readable numbers
// (durations with a unit chosen by size, shares, counts with separators).
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace opscope::report {

// Escapes & < > " ' so any trace text is safe in element content and in quoted attributes.
std::string htmlEscape(std::string_view text);
// Standard base64 (RFC 4648) with padding, for data: URIs.
std::string base64Encode(std::string_view bytes);
// The one human format, every piece kept: "0s", "740ns", "1us 250ns", "13ms 200us"; "–" for NaN.
std::string durationLabel(double ns);
inline std::string durationLabel(TimeNs ns) { return durationLabel(static_cast<double>(ns)); }
// "12.3%" for 0.123; "–" for NaN.
std::string percentLabel(double share, int decimals = 1);
// "1,234,567".
std::string countLabel(std::int64_t value);
// A metric value with a sensible number of digits ("0.875", "12,345", "1.2e+09"); "–" for NaN.
std::string numberLabel(double value);

} // namespace opscope::report
