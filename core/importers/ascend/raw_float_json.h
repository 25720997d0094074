// Parsing the small JSON files Ascend tools write (communication.json, cluster_communication.json,
// communication_matrix.json) into a DOM whose floating-point numbers are kept as their text, so that
// "Start Timestamp(us)" (16+ significant digits) and ms durations reach int64 ns without a double.
#pragma once
#include "core/model/error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace opscope::ascend {

// Reads path whole (these files are kB to a few MB) and parses it. On failure error names the file,
// says whether it was cut short, and what was expected.
bool parseRawFloatJsonFile(const std::string& path, std::string_view expected, nlohmann::json* root, Error* error);

// A number as text: floats already are (see above), integers are dumped, strings kept.
std::string numberText(const nlohmann::json& value);
// A number as a double, for ratios and sizes that are not times (nullopt when not a number).
std::optional<double> numberOf(const nlohmann::json& value);

} // namespace opscope::ascend
