// DenseIdTable (core/model/dense_id_table.h): facts kept by consecutive ids, found by index.
#include "core/model/dense_id_table.h"

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;

TEST_CASE("a dense id table finds each id it was given and none outside them", "[model][dense]") {
    DenseIdTable<std::string> table;
    CHECK(table.find(0) == nullptr);
    CHECK(table.empty());
    table.add(41, "first");
    table.add(42, "second");
    table.add(43, "third");
    CHECK(table.size() == 3);
    CHECK(table.find(40) == nullptr);   // one below the first
    REQUIRE(table.find(41) != nullptr); // the first
    CHECK(*table.find(41) == "first");
    CHECK(table.at(43) == "third");     // the last
    CHECK(table.find(44) == nullptr);   // one past the last
    CHECK(table.find(-1) == nullptr);
    CHECK_THROWS_AS(table.at(44), std::out_of_range);
}

TEST_CASE("a dense id table refuses an id out of order and keeps references as it grows", "[model][dense]") {
    DenseIdTable<std::string> table;
    std::string& first = table.add(7, "seven");
    for (std::int64_t id = 8; id < 8 + 10000; ++id) table.add(id, std::to_string(id));
    CHECK(&first == table.find(7)); // a deque keeps its elements in place as it grows
    CHECK(first == "seven");
    CHECK_THROWS_AS(table.add(7, "again"), std::logic_error);          // a repeat
    CHECK_THROWS_AS(table.add(8 + 10001, "skipped"), std::logic_error); // a gap
    CHECK(table.size() == 10001);
    table.add(8 + 10000, "next");
    CHECK(table.at(8 + 10000) == "next");
}
