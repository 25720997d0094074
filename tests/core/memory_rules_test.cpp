// The memory diagnosis rules at their thresholds, on both sides: reserved share of the device capacity
// (> 0.9), fragmentation at the allocated peak (> 0.3), allocated memory at step start growing (>= 3 steps);
// and the shipped rules file carries those defaults.
#include "core/analysis/memory/memory_rules.h"
#include "core/analysis/diagnosis/rules_config.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

RuleConfig rule(const char* id, double threshold) {
    RuleConfig r;
    r.id = id;
    r.params = {{"threshold", threshold}};
    return r;
}

// One device whose PTA records are the given (ts, allocated, reserved) samples.
MemoryData deviceWith(std::vector<MemorySample> samples) {
    MemoryData d;
    d.traceRange = {0, 1'000'000};
    d.devices = {{1, "NPU 0", "npu"}};
    d.series.push_back({1, "PTA", std::move(samples)});
    return d;
}

FindingStatus reservedStatus(std::int64_t reserved, std::int64_t capacity) {
    MemoryData d = deviceWith({{10, 100, reserved, kNoBytes}});
    return evaluateReservedCapacity(d, summarizeMemory(d, {}), capacity, rule("memory_reserved_capacity", 0.9)).status;
}

FindingStatus fragmentationStatus(std::int64_t allocated, std::int64_t reserved) {
    MemoryData d = deviceWith({{10, allocated, reserved, kNoBytes}});
    return evaluateFragmentation(summarizeMemory(d, {}), rule("memory_fragmentation", 0.3)).status;
}

// Allocated at the start of each of the steps: one sample per step start.
Finding growth(const std::vector<std::int64_t>& allocatedAtStepStart) {
    std::vector<MemorySample> samples;
    std::vector<TimeNs> starts;
    for (std::size_t i = 0; i < allocatedAtStepStart.size(); ++i) {
        TimeNs t = 1000 * static_cast<TimeNs>(i + 1);
        samples.push_back({t - 10, allocatedAtStepStart[i], 4096, kNoBytes});
        samples.push_back({t + 500, allocatedAtStepStart[i] + 999, 4096, kNoBytes}); // inside the step: ignored
        starts.push_back(t);
    }
    MemoryData d = deviceWith(samples);
    return evaluateMemoryGrowth(d, summarizeMemory(d, {}), starts, rule("memory_growth", 3));
}

} // namespace

TEST_CASE("memory rule: reserved above 90 % of the device's capacity", "[memory][diagnosis]") {
    CHECK(reservedStatus(900, 1000) == FindingStatus::Passed); // exactly 0.9
    CHECK(reservedStatus(901, 1000) == FindingStatus::Fired);
    CHECK(reservedStatus(899, 1000) == FindingStatus::Passed);
    CHECK(reservedStatus(900, 0) == FindingStatus::MissingInput); // no capacity in the device profile
    MemoryData d = deviceWith({{10, 100, 950, kNoBytes}});
    Finding f = evaluateReservedCapacity(d, summarizeMemory(d, {}), 1000, rule("memory_reserved_capacity", 0.9));
    CHECK(f.measured == Approx(0.95));
    REQUIRE_FALSE(f.ranges.empty());
    CHECK(f.ranges[0].startNs == 10);
}

TEST_CASE("memory rule: fragmentation above 30 % of reserved at the allocated peak", "[memory][diagnosis]") {
    CHECK(fragmentationStatus(700, 1000) == FindingStatus::Passed); // exactly 0.3
    CHECK(fragmentationStatus(699, 1000) == FindingStatus::Fired);
    CHECK(fragmentationStatus(701, 1000) == FindingStatus::Passed);
    CHECK(fragmentationStatus(700, kNoBytes) == FindingStatus::MissingInput);
    // At the peak, not at its worst moment: a later, emptier record does not count.
    MemoryData d = deviceWith({{10, 800, 1000, kNoBytes}, {20, 100, 1000, kNoBytes}});
    Finding f = evaluateFragmentation(summarizeMemory(d, {}), rule("memory_fragmentation", 0.3));
    CHECK(f.measured == Approx(0.2));
    CHECK(f.status == FindingStatus::Passed);
}

TEST_CASE("memory rule: allocated memory at step start growing over three or more steps", "[memory][diagnosis]") {
    Finding three = growth({100, 200, 300, 400}); // three increases in a row
    CHECK(three.measured == 3);
    CHECK(three.status == FindingStatus::Fired);
    REQUIRE(three.ranges.size() == 1);
    CHECK(three.ranges[0].startNs == 1000);
    CHECK(three.ranges[0].endNs == 4000);
    Finding two = growth({100, 200, 300, 300, 400}); // the run breaks after two
    CHECK(two.measured == 2);
    CHECK(two.status == FindingStatus::Passed);
    CHECK(growth({400, 300, 200, 100}).status == FindingStatus::Passed);
    CHECK(growth({100}).status == FindingStatus::MissingInput); // one step: nothing to compare
}

TEST_CASE("memory rules: the shipped rules file holds the documented defaults", "[memory][diagnosis]") {
    RulesConfig config = defaultRulesConfig();
    REQUIRE(config.find("memory_reserved_capacity"));
    CHECK(config.find("memory_reserved_capacity")->threshold() == 0.9);
    REQUIRE(config.find("memory_fragmentation"));
    CHECK(config.find("memory_fragmentation")->threshold() == 0.3);
    REQUIRE(config.find("memory_growth"));
    CHECK(config.find("memory_growth")->threshold() == 3);
}
