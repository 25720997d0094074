// A job's host processes take the rank of their input's devices (the timeline's "rank 1 · Python").
#include "core/store/host_process_ranks.h"

#include <catch2/catch.hpp>

using namespace opscope;

TEST_CASE("host process ranks: each input's host processes take its devices' rank", "[ranks][timeline]") {
    const std::vector<ProcessRankFacts> job = {
        {"ascend:/job/rank0|3096504", false, -1}, // Python of rank 0
        {"ascend:/job/rank0|3170820512", true, 0},
        {"ascend:/job/rank1|3096506", false, -1},
        {"ascend:/job/rank1|3170822561", true, 1},
        {"2/4242", false, -1}, // a third input without a device: nothing to say
    };
    CHECK(hostProcessRanks(job) == std::vector<int>{0, -1, 1, -1, -1});
}

TEST_CASE("host process ranks: Kineto inputs keyed N/ take their GPU's rank", "[ranks][timeline]") {
    const std::vector<ProcessRankFacts> job = {
        {"1/2971362", false, -1}, {"1/0", true, 3}, {"2/2971362", false, -1}, {"2/0", true, 5}};
    CHECK(hostProcessRanks(job) == std::vector<int>{3, -1, 5, -1});
}

TEST_CASE("host process ranks: one rank in the store labels nothing", "[ranks][timeline]") {
    CHECK(hostProcessRanks({{"100", false, -1}, {"0", true, 0}, {"1", true, 0}}) == std::vector<int>{-1, -1, -1});
    CHECK(hostProcessRanks({{"100", false, -1}, {"0", true, -1}}) == std::vector<int>{-1, -1});
}

TEST_CASE("host process ranks: an input with two ranks or an unranked device labels its host processes with none",
          "[ranks][timeline]") {
    // A single input holding two ranks' devices (one file of a whole node): whose the host process is, is unknown.
    CHECK(hostProcessRanks({{"100", false, -1}, {"0", true, 0}, {"1", true, 1}}) == std::vector<int>{-1, -1, -1});
    const std::vector<ProcessRankFacts> mixed = {
        {"1/100", false, -1}, {"1/0", true, 0}, {"1/1", true, -1}, {"2/100", false, -1}, {"2/0", true, 1}};
    CHECK(hostProcessRanks(mixed) == std::vector<int>{-1, -1, -1, 1, -1});
}
