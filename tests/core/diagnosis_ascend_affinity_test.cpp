// The msprof-analyze advisor's affinity API rule: the pattern syntax and both matching modes of
// fusion_ops_analyzer.py, the shipped patterns file, and the rule fired, passed at its threshold, with and
// without call stacks, and missing input without framework operators.
#include "analysis_fixture.h"
#include "rule_finding.h"

#include "core/analysis/diagnosis/affinity_patterns.h"
#include "core/model/small_file.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<std::pair<std::size_t, std::size_t>> matches(const std::string& sequence, const std::vector<std::string_view>& names) {
    ParsedSequence parsed;
    std::string message;
    REQUIRE(parseAffinitySequence(sequence, &parsed, &message));
    return matchAffinitySequence(parsed, names);
}

using Ranges = std::vector<std::pair<std::size_t, std::size_t>>;

// Host operators one after another on one thread, 10 us each, 1 us apart; args per operator (may be "").
Database& hostOps(AnalysisStore& s, const std::vector<std::string>& names, const std::string& args = {}) {
    s.slice(s.computeTrack(0, "Stream 2"), 0, 1000, "K");
    TrackId host = s.hostTrack("Python", "Thread 1");
    TimeNs ts = 0;
    for (const std::string& name : names) {
        s.slice(host, ts, 10'000, name, "cpu_op", {}, args);
        ts += 11'000;
    }
    return s.finish();
}

const std::vector<std::string> kRotary = {"aten::chunk", "aten::neg", "aten::cat", "aten::mul", "aten::add"};

} // namespace

TEST_CASE("affinity patterns: the advisor's syntax and its two ways of matching", "[diagnosis][ascend][affinity]") {
    // With parentheses: a regular expression, greedy, leftmost, no overlaps.
    CHECK(matches("(slice)-neg-cat-(mul){0,2}-add", {"slice", "neg", "cat", "mul", "mul", "add"}) == Ranges{{0, 6}});
    CHECK(matches("(slice)-neg-cat-(mul){0,2}-add", {"x", "slice", "neg", "cat", "add"}) == Ranges{{1, 5}});
    // Three muls exceed {0,2}: no match (the third is not "add").
    CHECK(matches("(slice)-neg-cat-(mul){0,2}-add", {"slice", "neg", "cat", "mul", "mul", "mul", "add"}).empty());
    // An optional leading part is taken when present, and the match does not overlap the next.
    CHECK(matches("(pow){0,1}-rsqrt-mul", {"pow", "rsqrt", "mul", "rsqrt", "mul"}) == Ranges{{0, 3}, {3, 5}});
    CHECK(matches("(a|b)-c", {"b", "c", "a", "c"}) == Ranges{{0, 2}, {2, 4}});
    CHECK(matches("(a)*-c", {"a", "a", "a", "c"}) == Ranges{{0, 4}});
    // Without parentheses: the exact run of names at every start, overlaps allowed.
    CHECK(matches("a-a", {"a", "a", "a"}) == Ranges{{0, 2}, {1, 3}});
    CHECK(matches("AdamW.step", {"AdamW.step", "SGD.step"}) == Ranges{{0, 1}});
    ParsedSequence parsed;
    std::string message;
    CHECK_FALSE(parseAffinitySequence("(mul", &parsed, &message));
    CHECK_FALSE(parseAffinitySequence("(mul){2,1}", &parsed, &message));
    CHECK_FALSE(parseAffinitySequence("mul--add", &parsed, &message));
    CHECK_FALSE(parseAffinitySequence("(mul)#", &parsed, &message));
}

TEST_CASE("affinity patterns: the shipped file, compiled in, every pattern valid and sourced", "[diagnosis][ascend][affinity]") {
    std::string shipped;
    Error error;
    REQUIRE(readSmallFile(std::string(OPSCOPE_SOURCE_DIR) + "/resources/rules/affinity_api_patterns.json", &shipped, &error));
    CHECK(nlohmann::json::parse(shipped) == nlohmann::json::parse(defaultAffinityPatternsJson()));
    std::vector<AffinityPattern> patterns;
    REQUIRE(loadAffinityPatterns(nullptr, &patterns, &error));
    CHECK(patterns.size() == 50);
    for (const AffinityPattern& p : patterns) CHECK_FALSE(p.source.empty());
    std::vector<AffinityPattern> bad;
    CHECK_FALSE(loadAffinityPatterns(R"({"patterns":[{"api":"x","sequence":"(a"}]})", &bad, &error));
    CHECK(mentions(error.expected, "x"));
}

TEST_CASE("ascend advisor: affinity API sequences with their time and call stack", "[diagnosis][ascend][affinity]") {
    AnalysisStore s;
    const std::string stack = R"({"Call stack": "model.py(42): rotate_half;\r\ntrain.py(7): main"})";
    Finding f = findingOf(hostOps(s, kRotary, stack), "ascend_affinity_api");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 1);
    CHECK(f.severity == Severity::Low); // the advisor's priority for this check
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "torch_npu.npu_rotary_mul <- (chunk)-neg-cat-(mul){0,2}-add");
    CHECK(f.operators[0].totalNs == 54'000); // first start to the last end of the five operators
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 0);
    CHECK(f.ranges[0].endNs == 54'000);
    CHECK(mentions(f.ranges[0].label, "at model.py(42): rotate_half"));
    CHECK(mentions(f.detail, "1 distinct call stack"));
    // At the threshold: one sequence is not more than 1.
    AnalysisStore at;
    CHECK(findingOf(hostOps(at, kRotary, stack), "ascend_affinity_api", R"({"threshold": 1})").status == FindingStatus::Passed);
}

TEST_CASE("ascend advisor: affinity API without stacks, without a match, without operators", "[diagnosis][ascend][affinity]") {
    AnalysisStore noStack;
    Finding f = findingOf(hostOps(noStack, kRotary), "ascend_affinity_api");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(mentions(f.detail, "needs input: with_stack=True"));
    // cat missing: no pattern matches.
    AnalysisStore broken;
    Finding none = findingOf(hostOps(broken, {"aten::chunk", "aten::neg", "aten::mul", "aten::add"}), "ascend_affinity_api");
    CHECK(none.status == FindingStatus::Passed);
    CHECK(none.measured == 0);
    // A synchronisation between two operators breaks the sequence, as in the advisor's aten list.
    AnalysisStore synced;
    Finding split = findingOf(hostOps(synced, {"aten::matmul", "AscendCL@aclrtSynchronizeStream", "aten::add"}), "ascend_affinity_api");
    CHECK(split.measured == 0);
    AnalysisStore joined;
    CHECK(findingOf(hostOps(joined, {"aten::matmul", "aten::add"}), "ascend_affinity_api").measured == 1);
    // The optimizer's step events.
    AnalysisStore optimizer;
    Finding adam = findingOf(hostOps(optimizer, {"Optimizer.step#AdamW.step"}), "ascend_affinity_api");
    REQUIRE(adam.operators.size() == 1);
    CHECK(adam.operators[0].name == "torch_npu.optim.NpuFusedAdamW <- AdamW.step");
    AnalysisStore device;
    device.slice(device.computeTrack(0, "Stream 2"), 0, 1000, "K");
    Finding m = findingOf(device.finish(), "ascend_affinity_api");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "aten::"));
}
