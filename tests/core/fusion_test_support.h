// Fusion pattern sets written in a test, for the matcher and the rule tests.
#pragma once
#include "core/analysis/diagnosis/fusion_patterns.h"

#include <catch2/catch.hpp>

#include <string>

namespace opscope::test {

inline FusionPatternSet fusionPatterns(const std::string& yaml) {
    FusionPatternSet set;
    Error error;
    const bool ok = parseFusionPatterns(yaml, "p.yaml", &set, &error);
    INFO(describe(error));
    REQUIRE(ok);
    return set;
}

} // namespace opscope::test
