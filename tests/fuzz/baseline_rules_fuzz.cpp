// libFuzzer harness: the small JSON documents a user hands to a command, read whole: a baseline
// (compare, baseline show), a rules file (diagnose), a device profile and a history thresholds file.
#include "core/analysis/compare/baseline_json.h"
#include "core/analysis/roofline/device_profile.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/history/history_thresholds.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    const std::string text(reinterpret_cast<const char*>(data), size);
    BaselineAggregates baseline;
    Error error;
    if (baselineFromJson(text, &baseline, &error)) baselineToJson(baseline);
    RulesConfig rules;
    parseRulesConfig(text, &rules, &error);
    DeviceProfile profile;
    parseDeviceProfile(text, &profile, &error);
    history::ThresholdsConfig thresholds;
    if (history::parseThresholds(text, "thresholds.json", &thresholds, &error))
        thresholds.forMetric("op.total_ns", "ns");
    return 0;
}
