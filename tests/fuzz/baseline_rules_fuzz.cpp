// libFuzzer harness: the baseline and the rules readers (small JSON documents read whole).
#include "core/analysis/baseline_json.h"
#include "core/analysis/rules_config.h"

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
    return 0;
}
