// Cell and header conventions of Ascend CSVs: "N/A" for missing, times followed by a tab,
// shapes wrapped in literal quotes, 4294967295 for "no id", units in parentheses in the header.
#pragma once
#include "core/model/time.h"

#include <optional>
#include <string>
#include <string_view>

namespace opscope::ascend {

inline constexpr std::string_view kNoId = "4294967295"; // UINT32_MAX: "no model / no subtask"

// Trims spaces, tabs and CR/LF around a cell and drops the literal quotes of shape cells
// ("\"32,3,224,224\"" -> "32,3,224,224").
std::string_view cleanCell(std::string_view cell);

// True for the markers tools write for "no value".
bool isMissing(std::string_view cleaned);

// A finite number, or nullopt ("N/A", text, empty).
std::optional<double> parseNumber(std::string_view cleaned);
std::optional<long long> parseInteger(std::string_view cleaned);

// Exact µs text -> ns (no double on the way).
std::optional<TimeNs> parseMicros(std::string_view cleaned);

// "Duration(us)" -> {"Duration", "us"}; "cube_utilization(%)" -> {"cube_utilization", "%"};
// "Device_id" -> {"Device_id", ""}.
struct ColumnName {
    std::string key;
    std::string unit;
};
ColumnName splitColumnName(std::string_view header);

inline constexpr int kHostDevice = -2; // deviceOrdinalOfCell: the row is about the host

// A device cell ("NPU:0", "0", "host", "CPU") -> NPU ordinal, kHostDevice, or nullopt.
std::optional<int> deviceOrdinalOfCell(std::string_view cleaned);

// Lower-case ASCII copy, for case-insensitive header matching.
std::string lowerAscii(std::string_view text);

} // namespace opscope::ascend
