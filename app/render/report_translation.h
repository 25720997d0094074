// The HTML report's strings (core/report/report_strings.h) in the user's language: a table from each
// English text to its translation, for the report writer to look up (core itself has no Qt).
#pragma once
#include <string>
#include <unordered_map>

namespace opscope::gui {

// English text -> translation (UTF-8) of every string of report_strings.h that the current language
// translates; empty in English, so a look-up falls back to the English constant.
std::unordered_map<std::string, std::string> reportStringTable();
// One report string in the current language; a leading '>' (numeric column marker) is kept.
std::string translateReportString(const char* english);

} // namespace opscope::gui
