// The AI Core frequency under an operator: the samples in effect during [start, end) and the drop below
// the device's highest sample, exactly at the boundaries; and through the session into the slice's Details.
#include "analysis_fixture.h"

#include "core/analysis/frequency/aicore_frequency.h"
#include "core/session/slice_details_json.h"
#include "core/session/trace_session.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

// 1800 MHz from 0, 1799 MHz from 100, back to 1800 at 200.
CounterSeries frequencySeries() {
    CounterSeries s;
    s.tsNs = {0, 100, 200};
    s.values = {1800, 1799, 1800};
    return s;
}

} // namespace

TEST_CASE("aicore frequency: samples in effect during an execution, at the boundaries", "[aicore_frequency]") {
    const CounterSeries series = frequencySeries();
    CHECK(highestSample(series) == 1800);
    // Ends exactly where the lower sample starts: [50, 100) never ran under it.
    auto before = frequencyDuring(series, 50, 100);
    REQUIRE(before);
    CHECK(before->lowestMhz == 1800);
    CHECK_FALSE(before->dropped());
    // One ns later it did.
    auto across = frequencyDuring(series, 50, 101);
    REQUIRE(across);
    CHECK(across->lowestMhz == 1799);
    CHECK(across->highestMhz == 1800);
    CHECK(across->samples == 2);
    CHECK(across->dropped()); // 1 MHz below the highest is a drop
    // Starting exactly at a sample: that sample is the one in effect.
    auto at = frequencyDuring(series, 100, 150);
    REQUIRE(at);
    CHECK(at->lowestMhz == 1799);
    CHECK(at->samples == 1);
    // Starting where the frequency is back up.
    auto after = frequencyDuring(series, 200, 300);
    REQUIRE(after);
    CHECK_FALSE(after->dropped());
    // Before the first sample nothing is in effect; an empty series has nothing.
    CHECK_FALSE(frequencyDuring(series, -10, 0).has_value());
    CHECK_FALSE(frequencyDuring(CounterSeries{}, 0, 10).has_value());
    CHECK(isAicoreFrequencyTrack("AI Core Freq", ""));
    CHECK(isAicoreFrequencyTrack("MHz", "AI Core Freq"));
    CHECK_FALSE(isAicoreFrequencyTrack("HBM", "NPU 0"));
}

TEST_CASE("aicore frequency: a drop during an operator reaches its Details", "[aicore_frequency]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 2");
    store.slice(stream, 1000, 99'000, "MatMul");   // [1000, 100000)
    store.slice(stream, 150'000, 100'000, "Add"); // across the drop to 1500 at 200000
    TrackId freq = store.counterTrack(0, "AI Core Freq", "MHz");
    store.writer().addCounter(freq, 0, 1800);
    store.writer().addCounter(freq, 200'000, 1500);
    store.writer().addCounter(freq, 300'000, 1800);
    Database& db = store.finish();
    const std::int64_t steady = db.scalarInt("SELECT id FROM slice_view WHERE name = 'MatMul'", -1);
    const std::int64_t throttled = db.scalarInt("SELECT id FROM slice_view WHERE name = 'Add'", -1);
    Error error;
    std::shared_ptr<TraceSession> session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    SliceDetails details;
    REQUIRE(session->sliceDetails(steady, &details, &error));
    INFO(details.name << " " << details.deviceClass);
    REQUIRE(details.aicoreLowestMhz);
    CHECK(*details.aicoreLowestMhz == 1800);
    CHECK(*details.aicoreHighestMhz == 1800);
    REQUIRE(session->sliceDetails(throttled, &details, &error));
    REQUIRE(details.aicoreLowestMhz);
    CHECK(*details.aicoreLowestMhz == 1500);
    CHECK(*details.aicoreHighestMhz == 1800);
    const nlohmann::json j = sliceDetailsToJson(details);
    CHECK(j["aicore_frequency"]["dropped"] == true);
    CHECK(j["aicore_frequency"]["lowest_mhz"] == 1500.0);
}
