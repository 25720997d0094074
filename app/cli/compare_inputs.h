// What `compare` and `report --compare` share: a side's aggregates from a trace, a store or a baseline
// file (TraceSession::baseline, with --step), the --step N[:M] pair, and the comparison as JSON.
#pragma once
#include "core/analysis/compare/comparison.h"

#include <nlohmann/json.hpp>

#include <string>

namespace opscope::cli {

// "N" (both sides) or "N:M".
bool parseStepPair(const std::string& text, std::int64_t* base, std::int64_t* current);
// Prints its own message (prefixed "opscope-cli <command>:") on failure.
bool loadAggregates(const std::string& input, const BaselineOptions& options, BaselineAggregates* out, const char* command);
// `compare --json` (docs/cli.md, compare): totals, device operators and host operators, exact ns.
nlohmann::ordered_json comparisonJson(const ComparisonResult& result);

} // namespace opscope::cli
