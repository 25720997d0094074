// The time of a run as users write it on the command line (ISO 8601 in UTC, or seconds since the Unix
// epoch) and as the history prints it, exact to the nanosecond as int64.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace opscope::history {

// "2026-12-01T10:00:00Z", "2026-12-01T10:00:00.5Z", "2026-12-01" (midnight UTC) or "1764583200" (seconds).
std::optional<std::int64_t> parseRunTime(const std::string& text);
// "2026-12-01T10:00:00Z" (fractions of a second are dropped).
std::string formatRunTime(std::int64_t ns);

} // namespace opscope::history
