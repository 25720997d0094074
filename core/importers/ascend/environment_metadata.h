// torch_npu's profiler_metadata.json ENV_VARIABLES (the environment of the profiled process) kept in the
// store's meta table as "ascend.env.<NAME>" rows, for the advisor's environment variable rule.
#pragma once
#include "core/model/trace_sink.h"

#include <string>

namespace opscope::ascend {

inline constexpr const char* kEnvMetaPrefix = "ascend.env.";

// Reads <unitRoot>/profiler_metadata.json when present; returns how many variables were kept. A variable
// another unit already set keeps its first value (the ranks of one job share their environment).
int importEnvironmentMetadata(TraceSink& writer, const std::string& unitRoot);

} // namespace opscope::ascend
