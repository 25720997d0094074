// Nesting limits for JSON read from input files: every reader that could recurse (dump, copy,
// flatten) sees only documents at most this deep; deeper ones are refused or replaced, and counted.
#pragma once
#include <string_view>

namespace opscope {

// Args of one event ("args": {...}): real producers nest a handful of levels.
inline constexpr int kMaxArgsDepth = 100;
// Whole documents read with nlohmann (graph files, baselines, rules): a few levels of structure
// plus the args-like attributes inside.
inline constexpr int kMaxDocumentDepth = 200;
// What replaces args nested beyond kMaxArgsDepth (warning code args_too_deep).
inline constexpr std::string_view kArgsTooDeepJson = R"({"opscope_note":"args nested deeper than 100 levels were dropped"})";

// True when json opens more than limit objects/arrays inside each other. One pass, no recursion;
// strings (and brackets inside them) are skipped. Not a validator: malformed text is measured as is.
bool jsonNestingExceeds(std::string_view json, int limit);

} // namespace opscope
