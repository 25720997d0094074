// libFuzzer harness: a graph fusion pattern file (the YAML subset, then the pattern loader).
#include "fuzz_support.h"

#include "core/analysis/diagnosis/fusion_patterns.h"
#include "core/analysis/diagnosis/yaml_subset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    YamlDocument doc;
    Error error;
    parseYamlSubset(text, "in.yaml", &doc, &error);
    FusionPatternSet set;
    parseFusionPatterns(text, "in.yaml", &set, &error);
    return 0;
}
