// CSV round trips: what opscope writes (RFC 4180 quoting, CRLF, UTF-8, units in the headers, rows in
// the comparison's order) reads back field for field with the RFC 4180 reader of the importers.
#include "core/analysis/compare/comparison.h"
#include "core/importers/ascend/csv_reader.h"
#include "core/report/comparison_csv.h"
#include "core/report/csv_text.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

std::vector<std::vector<std::string>> readBack(const std::string& path) {
    Error error;
    auto reader = CsvReader::open(path, &error);
    REQUIRE(reader);
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> fields;
    while (reader->next(&fields)) rows.push_back(fields);
    CHECK_FALSE(reader->endedInsideQuotes());
    return rows;
}

std::string writeRows(const test::TempDir& dir, const std::vector<std::vector<std::string>>& rows) {
    std::string text;
    for (const auto& row : rows) text += csvLine(row);
    return dir.write("out.csv", text);
}

} // namespace

TEST_CASE("CSV quoting follows RFC 4180", "[csv]") {
    CHECK(csvQuote("plain") == "plain");
    CHECK(csvQuote("") == "");
    CHECK(csvQuote("a,b") == "\"a,b\"");
    CHECK(csvQuote("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csvQuote("two\nlines") == "\"two\nlines\"");
    CHECK(csvQuote("cr\r") == "\"cr\r\"");
    CHECK(csvQuote("µs 时间") == "µs 时间"); // UTF-8 passes through unquoted
    CHECK(csvLine({"a", "b,c", ""}) == "a,\"b,c\",\r\n");
}

TEST_CASE("Awkward fields survive a write and read", "[csv]") {
    test::TempDir dir;
    const std::vector<std::vector<std::string>> rows{
        {"name", "total (us)", "note"},
        {"aten::add, fused", "1.500", "say \"hi\""},
        {"multi\nline", "-0.001", "trailing,"},
        {"算子 µ", "", "\"\""},
    };
    CHECK(readBack(writeRows(dir, rows)) == rows);
}

TEST_CASE("The comparison CSV keeps units in the header and the comparison's order", "[csv][comparison]") {
    BaselineAggregates base, now;
    base.busyNs = now.busyNs = 10'000'000;
    base.devices = now.devices = {{"NPU 0", 10'000'000, 0, 0}};
    base.operators = {{"Mat\"Mul\", big", 2, 4'000'000, 2'000'000}, {"relu,1", 1, 1'000, 1'000}, {"gone", 1, 500'000, 500'000}};
    now.operators = {{"Mat\"Mul\", big", 2, 5'000'001, 2'500'000.5}, {"relu,1", 1, 1'000, 1'000}, {"new\nline", 3, 30, 10}};
    const ComparisonResult result = compareBaselines(base, now, CompareOptions{});
    test::TempDir dir;
    std::vector<std::vector<std::string>> rows{comparisonCsvHeader()};
    for (auto& row : comparisonCsvRows(result)) rows.push_back(row);
    const auto back = readBack(writeRows(dir, rows));
    REQUIRE(back == rows);

    const std::vector<std::string>& header = back[0];
    CHECK(header[4] == "base total (us)");
    CHECK(header[6] == "delta total (us)");
    CHECK(header[8] == "base mean (us)");

    std::vector<std::vector<std::string>> ops;
    for (const auto& row : back)
        if (row[0] == "operator") ops.push_back(row);
    REQUIRE(ops.size() == 4);
    // Largest |delta| first: +1.000001 ms, then the vanished 0.5 ms, the new 30 ns, the unchanged one.
    CHECK(ops[0][1] == "Mat\"Mul\", big");
    CHECK(ops[0][4] == "4000.000");
    CHECK(ops[0][5] == "5000.001");
    CHECK(ops[0][6] == "1000.001");
    CHECK(ops[0][11] == "regressed");
    CHECK(ops[1][1] == "gone");
    CHECK(ops[1][11] == "vanished");
    CHECK(ops[2][1] == "new\nline");
    CHECK(ops[2][11] == "new");
    CHECK(ops[3][1] == "relu,1");
    CHECK(ops[3][11] == "same");
    CHECK(exactMicros(-500) == "-0.500");
    CHECK(exactMicros(1'234'567) == "1234.567");
}
