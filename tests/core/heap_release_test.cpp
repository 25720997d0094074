// freeVector gives the buffer back, where `v = {}` and clear() keep it (the import's "freed" arrays of
// 4 bytes a slice stayed allocated through the timeline pack of a 10 GB trace).
#include "core/model/heap_release.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace opscope;

TEST_CASE("freeVector empties a vector and releases its capacity", "[heap_release]") {
    std::vector<std::uint32_t> ids(100000, 7);
    std::vector<std::uint32_t> kept = ids;
    kept = {}; // what the import did before: empty, capacity unchanged
    CHECK(kept.empty());
    CHECK(kept.capacity() >= 100000);
    freeVector(ids);
    CHECK(ids.empty());
    CHECK(ids.capacity() == 0);
    ids.push_back(1); // usable after
    CHECK(ids.size() == 1);
}
