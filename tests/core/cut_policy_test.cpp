// A Chrome trace cut off inside an event: an error by default; under KeepEventsBeforeCut the events
// before the cut are imported and the cut is a warning at the unfinished event's byte offset.
#include "core/importers/cut_policy.h"
#include "tests/core/test_support.h"

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;
using namespace opscope::test;

namespace {
const std::string kWhole = R"({"traceEvents": [{"name": "a", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1}, )"
                           R"({"name": "b", "ph": "X", "ts": 5, "dur": 2, "pid": 1, "tid": 1}, )";
} // namespace

TEST_CASE("a cut inside an event fails the import unless the events before the cut are kept", "[cut_policy]") {
    for (const std::string tail : {R"({"name": "ker)", R"({"name": "c", "ph": "X",)", R"({"name": "c", "ts": 12)"}) {
        INFO(tail);
        TempDir dir;
        CHECK_FALSE(KeepEventsBeforeCut::active());
        const ImportOutcome strict = importChromeText(dir, kWhole + tail, "strict.json");
        CHECK_FALSE(strict.ok);
        CHECK(strict.error.code == ErrorCode::Truncated);
        CHECK(strict.error.byteOffset == static_cast<std::int64_t>(kWhole.size()));

        KeepEventsBeforeCut keep;
        CHECK(KeepEventsBeforeCut::active());
        const ImportOutcome kept = importChromeText(dir, kWhole + tail, "kept.json");
        REQUIRE(kept.ok);
        CHECK(kept.summary.slices == 2);
        Database db = openReadOnly(kept.storePath);
        CHECK(db.scalarInt("SELECT count(*) FROM warning WHERE code = 'trace_cut_off'") == 1);
        CHECK(db.scalarInt("SELECT byte_offset FROM warning WHERE code = 'trace_cut_off'") ==
              static_cast<std::int64_t>(kWhole.size()));
    }
    CHECK_FALSE(KeepEventsBeforeCut::active()); // the scope ended with its block
}

TEST_CASE("keeping the events before a cut still fails a file with no whole event", "[cut_policy]") {
    TempDir dir;
    KeepEventsBeforeCut keep;
    const ImportOutcome r = importChromeText(dir, R"({"traceEvents": [{"name": "a", "ph")", "none.json");
    CHECK_FALSE(r.ok);
    CHECK(r.error.code == ErrorCode::Truncated);
}
