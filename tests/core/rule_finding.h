// The finding of one diagnosis rule on a store, with the rule's parameters overridden by a JSON object
// ("{\"threshold\": 3}"), for the rule tests.
#pragma once
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/rules_config.h"

#include <catch2/catch.hpp>

#include <string>

namespace opscope::test {

inline Finding findingOf(Database& db, const std::string& id, const std::string& params = {}) {
    DiagnosisOptions options;
    Error error;
    if (!params.empty())
        REQUIRE(mergeRulesConfig(R"({"rules":[{"id":")" + id + R"(","params":)" + params + "}]}", &options.rules, &error));
    DiagnosisReport report;
    REQUIRE(runDiagnosis(db, options, &report, &error));
    for (const Finding& f : report.findings)
        if (f.ruleId == id) return f;
    FAIL("no finding " << id);
    return {};
}

} // namespace opscope::test
