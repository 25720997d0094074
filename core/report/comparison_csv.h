// The comparison as one CSV table (`opscope-cli compare --csv`): totals, devices, operators (largest
// change first) and findings, one row each; times in microseconds with exact ns decimals, units in
// the header names.
#pragma once
#include "core/analysis/compare/comparison.h"

#include <string>
#include <vector>

namespace opscope {

std::vector<std::string> comparisonCsvHeader();
std::vector<std::vector<std::string>> comparisonCsvRows(const ComparisonResult& result);
// "1234.567" from integer ns (exact, no double involved); "-0.500" for -500.
std::string exactMicros(TimeNs ns);

} // namespace opscope
