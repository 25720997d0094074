// Internal to the HTML report: the section writers shared by html_report*.cpp.
#pragma once
#include "core/report/html_report.h"

#include <string>
#include <string_view>

namespace opscope::report {

// Appends one section each; an empty section still says why it is empty.
void writeOperators(std::string& out, const ReportData& data);
void writeBubbles(std::string& out, const ReportData& data);
void writeFindings(std::string& out, const ReportData& data);
void writePhases(std::string& out, const ReportData& data);
void writeTrends(std::string& out, const ReportData& data);
void writeComparison(std::string& out, const ReportData& data);

// A report string in the language of the translations renderHtmlReport() was given (English when
// absent); a leading '>' (numeric column marker) is kept.
std::string tx(const char* english);
// A rule text in the report's language (English when the rules file has no such translation).
const std::string& localized(const LocalizedText& text);

// Small builders shared by the sections; titles and labels are English constants, translated here.
std::string esc(std::string_view text);
void sectionStart(std::string& out, const char* id, const char* title);
void sectionEnd(std::string& out);
// A horizontal bar whose filled part is share (0..1) of its width.
std::string shareBar(double share, const char* cssClass = "bar");
// <th> cells; a leading '>' in a label marks a numeric (right-aligned) column.
void headerRow(std::string& out, std::initializer_list<const char*> labels);
// <td> cells: numeric ones right-aligned with tabular figures.
std::string td(std::string_view escapedHtml, bool numeric = false);

const char* reportCss();

} // namespace opscope::report
