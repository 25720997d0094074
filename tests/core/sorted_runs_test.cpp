// SortedRuns (core/analysis/breakdown/interval_union.h): runs sorted by start come back as one run sorted
// by start holding every interval of every run, whatever their number.
#include "core/analysis/breakdown/interval_union.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using namespace opscope;

namespace {

bool before(const Interval& a, const Interval& b) {
    return a.startNs != b.startNs ? a.startNs < b.startNs : a.endNs < b.endNs;
}

} // namespace

TEST_CASE("sorted runs: nothing, one run and many runs merge into one sorted run", "[intervals]") {
    SortedRuns none;
    CHECK(none.take().empty());
    none.add({}); // an empty run is dropped
    CHECK(none.take().empty());

    SortedRuns one;
    one.add({{1, 5}, {3, 4}, {9, 12}});
    const std::vector<Interval> single = one.take();
    REQUIRE(single.size() == 3);
    CHECK(single[2].startNs == 9);
    CHECK(one.take().empty()); // taken: the collection is empty again

    std::mt19937_64 rng(5);
    for (int runCount : {2, 3, 7, 64, 1000}) {
        INFO(runCount);
        SortedRuns runs;
        std::vector<Interval> all;
        for (int r = 0; r < runCount; ++r) {
            std::vector<Interval> run;
            TimeNs t = static_cast<TimeNs>(rng() % 100);
            for (int i = static_cast<int>(rng() % 5); i > 0; --i) { // some runs empty
                t += static_cast<TimeNs>(rng() % 50);
                run.push_back({t, t + 1 + static_cast<TimeNs>(rng() % 30)});
            }
            all.insert(all.end(), run.begin(), run.end());
            runs.add(std::move(run));
        }
        std::vector<Interval> merged = runs.take();
        CHECK(std::is_sorted(merged.begin(), merged.end(),
                             [](const Interval& a, const Interval& b) { return a.startNs < b.startNs; }));
        // The same intervals: sorted on both keys, they are equal one by one.
        std::sort(merged.begin(), merged.end(), before);
        std::sort(all.begin(), all.end(), before);
        REQUIRE(merged.size() == all.size());
        CHECK(std::equal(merged.begin(), merged.end(), all.begin(),
                         [](const Interval& a, const Interval& b) { return a.startNs == b.startNs && a.endNs == b.endNs; }));
    }
}
