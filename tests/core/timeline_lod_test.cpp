// Level-of-detail summaries: each level cuts a run exactly where two neighbours cannot be folded at
// that level's threshold, the levels stay small, and the timeline picks the coarsest one that fits.
#include "core/store/timeline_data.h"
#include "core/store/timeline_lod.h"
#include "tests/timeline_fixture.h"

#include <catch2/catch.hpp>

#include <random>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

TimelineSlice at(std::int64_t tsNs, std::int64_t durNs, std::int64_t id = 0) { return {tsNs, durNs, id, 0, 0, 0}; }

// A run like a busy thread: durations and gaps spread over several orders of magnitude.
std::vector<TimelineSlice> randomRun(std::size_t n) {
    std::mt19937_64 rng(7);
    std::vector<TimelineSlice> run;
    std::int64_t cursor = 1'000'000;
    for (std::size_t i = 0; i < n; ++i) {
        const std::int64_t dur = std::int64_t(1) << std::uniform_int_distribution<int>(3, 16)(rng);
        const int gapLog2 = std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? std::uniform_int_distribution<int>(8, 24)(rng) : 3;
        const std::int64_t gap = std::int64_t(1) << gapLog2;
        run.push_back(at(cursor, dur, static_cast<std::int64_t>(i + 1)));
        cursor += dur + gap;
    }
    return run;
}

} // namespace

TEST_CASE("join level is the first power of two above both durations and the gap", "[timeline_lod]") {
    CHECK(lodJoinLevel(at(0, 0), at(0, 0)) == 0);       // 2^0 = 1 > 0
    CHECK(lodJoinLevel(at(0, 1), at(1, 0)) == 1);       // widest 1
    CHECK(lodJoinLevel(at(0, 5), at(5, 3)) == 3);       // widest 5: 2^3 = 8
    CHECK(lodJoinLevel(at(0, 5), at(105, 3)) == 7);     // gap 100: 2^7 = 128
    CHECK(lodJoinLevel(at(0, 1024), at(1024, 1)) == 11); // 1024 itself needs 2^11
    CHECK(lodJoinLevel(at(0, 10), at(5, 1)) == 4);      // overlap counts as no gap
}

TEST_CASE("each level cuts the run exactly where neighbours stay apart", "[timeline_lod]") {
    const std::vector<TimelineSlice> slices = randomRun(5000);
    DepthRun run{0, static_cast<std::uint32_t>(slices.size()), true, 0};
    std::vector<LodLevel> levels;
    std::vector<std::uint32_t> starts;
    std::vector<std::uint8_t> scratch;
    buildLodLevels(slices, &run, &levels, &starts, &scratch);
    REQUIRE(run.lodCount >= 2);
    REQUIRE(levels.size() == run.lodCount);
    std::size_t previousItems = slices.size();
    int previousLevel = -1;
    for (const LodLevel& level : levels) {
        CHECK(level.log2Ns > previousLevel);
        CHECK(level.itemCount <= slices.size() / 8);
        CHECK(level.itemCount <= previousItems / 2);
        const std::uint32_t* s = starts.data() + level.startsBegin;
        CHECK(s[0] == run.begin);
        CHECK(s[level.itemCount] == run.end);
        std::size_t k = 1;
        for (std::uint32_t i = 1; i < slices.size(); ++i) {
            const bool cut = k < level.itemCount && s[k] == i;
            CHECK(cut == (lodJoinLevel(slices[i - 1], slices[i]) > level.log2Ns));
            if (cut) ++k;
        }
        CHECK(k == level.itemCount);
        previousItems = level.itemCount;
        previousLevel = level.log2Ns;
    }
    CHECK(starts.size() * sizeof(std::uint32_t) < slices.size()); // under a byte per slice
}

TEST_CASE("short runs and runs with unsorted ends get no summary", "[timeline_lod]") {
    std::vector<TimelineSlice> slices = randomRun(kLodMinRunSlices - 1);
    DepthRun shortRun{0, static_cast<std::uint32_t>(slices.size()), true, 0};
    std::vector<LodLevel> levels;
    std::vector<std::uint32_t> starts;
    std::vector<std::uint8_t> scratch;
    buildLodLevels(slices, &shortRun, &levels, &starts, &scratch);
    CHECK(shortRun.lodCount == 0);
    slices = randomRun(1000);
    DepthRun unsorted{0, 1000, false, 0};
    buildLodLevels(slices, &unsorted, &levels, &starts, &scratch);
    CHECK(unsorted.lodCount == 0);
    CHECK(levels.empty());
}

TEST_CASE("the coarsest level at or under the fold threshold is picked", "[timeline_lod]") {
    const std::vector<LodLevel> levels = {{0, 100, 4}, {0, 40, 7}, {0, 10, 12}};
    CHECK(lodLevelFor(levels, 15.9) == nullptr); // 2^4 = 16 > 15.9
    CHECK(lodLevelFor(levels, 16.0) == &levels[0]);
    CHECK(lodLevelFor(levels, 200.0) == &levels[1]);
    CHECK(lodLevelFor(levels, 4096.0) == &levels[2]);
    CHECK(lodLevelFor(levels, 1e12) == &levels[2]);
    CHECK(lodLevelFor({}, 1e12) == nullptr);
}

TEST_CASE("loaded dense tracks carry summaries within the memory budget", "[timeline_lod]") {
    FixtureStore store("timeline-lod-load");
    std::int64_t p = store.process("1", "p");
    std::int64_t t = store.track(p, 0, "async", "lane");
    const std::vector<TimelineSlice> slices = randomRun(4000);
    for (const TimelineSlice& s : slices) store.slice(t, s.tsNs, s.durNs, 0, "op", "cat");
    store.finish(slices.front().tsNs, slices.back().endNs());
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    const TimelineTrack& track = data->tracks()[0];
    const DepthRun& run = track.depths[0];
    REQUIRE(run.lodCount > 0);
    for (const LodLevel& level : data->lodLevels(run)) {
        auto starts = data->lodStarts(level);
        CHECK(starts.front() == run.begin);
        CHECK(starts.back() == run.end);
    }
    CHECK(data->memoryBytes() < 40 * slices.size());
}
