// Baselines as small JSON files (`opscope-cli baseline save`): the aggregates of one trace, so that
// later traces can be compared against it without keeping the old trace or store. Times are int64 ns.
#pragma once
#include "core/analysis/compare/comparison.h"

#include <string>

namespace opscope {

inline constexpr const char* kBaselineFormat = "opscope-baseline";
inline constexpr int kBaselineVersion = 1;

std::string baselineToJson(const BaselineAggregates& baseline);
bool baselineFromJson(const std::string& text, BaselineAggregates* out, Error* error);

bool writeBaselineFile(const std::string& path, const BaselineAggregates& baseline, Error* error);
bool readBaselineFile(const std::string& path, BaselineAggregates* out, Error* error);

// True when the file starts like a baseline (the "format" key comes first): cheap, reads 4 KiB.
bool looksLikeBaselineFile(const std::string& path);

} // namespace opscope
