// The diagnosis report as JSON (for `opscope-cli diagnose --json` and report exports); times stay int64 ns.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::ordered_json diagnosisToJson(const DiagnosisReport& report);

} // namespace opscope
