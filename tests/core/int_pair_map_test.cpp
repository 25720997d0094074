// The flat table behind the importer's thread, process and track lookups, and the integer spellings
// that may key it by value.
#include "core/model/int_pair_map.h"
#include "core/model/plain_integer.h"

#include <catch2/catch.hpp>

#include <map>
#include <random>

using namespace opscope;

TEST_CASE("an IntPairMap holds what a std::map holds, across its growth", "[model][intpairmap]") {
    IntPairMap<std::int64_t> flat;
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> reference;
    std::mt19937_64 random(7);
    for (int i = 0; i < 20000; ++i) {
        // Small keys collide often; some extremes of int64 too.
        std::int64_t a = static_cast<std::int64_t>(random() % 300) - 150, b = static_cast<std::int64_t>(random() % 200);
        if (i % 97 == 0) a = INT64_MIN;
        if (i % 89 == 0) b = INT64_MAX;
        const std::int64_t value = i;
        const std::int64_t held = flat.insert(a, b, value);
        auto [it, inserted] = reference.emplace(std::make_pair(a, b), value);
        CHECK(held == it->second);
    }
    CHECK(flat.size() == reference.size());
    for (const auto& [key, value] : reference) {
        const std::int64_t* found = flat.find(key.first, key.second);
        REQUIRE(found != nullptr);
        CHECK(*found == value);
    }
    CHECK(flat.find(151, 0) == nullptr);
    std::size_t visited = 0;
    flat.forEach([&](std::int64_t a, std::int64_t b, std::int64_t value) {
        ++visited;
        CHECK(reference.at({a, b}) == value);
    });
    CHECK(visited == reference.size());
}

TEST_CASE("IntPairMap::slot maps a missing key to its default and keeps writes", "[model][intpairmap]") {
    IntPairMap<std::int64_t> flat;
    CHECK(flat.slot(5, 0) == 0);
    CHECK(flat.slot(6, 0, -1) == -1);
    flat.slot(5, 0) = 42;
    CHECK(*flat.find(5, 0) == 42);
    CHECK(flat.insert(5, 0, 7) == 42); // insert keeps what is held
    CHECK(flat.contains(6, 0));
    CHECK_FALSE(flat.contains(0, 5)); // the pair's order is part of the key
    flat.clear();
    CHECK(flat.size() == 0);
    CHECK_FALSE(flat.contains(5, 0));
}

TEST_CASE("parsePlainInteger takes JSON's one spelling of an integer and nothing else", "[model][intpairmap]") {
    std::int64_t v = 0;
    CHECK((parsePlainInteger("0", &v) && v == 0));
    CHECK((parsePlainInteger("7", &v) && v == 7));
    CHECK((parsePlainInteger("-3", &v) && v == -3));
    CHECK((parsePlainInteger("9223372036854775807", &v) && v == INT64_MAX));
    CHECK((parsePlainInteger("-9223372036854775808", &v) && v == INT64_MIN));
    CHECK_FALSE(parsePlainInteger("9223372036854775808", &v)); // one past int64: spelt, not valued
    CHECK_FALSE(parsePlainInteger("-9223372036854775809", &v));
    CHECK_FALSE(parsePlainInteger("-0", &v)); // the same value as 0, another spelling
    CHECK_FALSE(parsePlainInteger("07", &v));
    CHECK_FALSE(parsePlainInteger("-07", &v));
    CHECK_FALSE(parsePlainInteger("7.0", &v));
    CHECK_FALSE(parsePlainInteger("1e3", &v));
    CHECK_FALSE(parsePlainInteger("+7", &v));
    CHECK_FALSE(parsePlainInteger("-", &v));
    CHECK_FALSE(parsePlainInteger("", &v));
    CHECK_FALSE(parsePlainInteger("7 ", &v));
}
