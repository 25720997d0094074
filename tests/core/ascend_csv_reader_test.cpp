// The CSV reader and cell conventions against the quirks of real Ascend files.
#include "ascend_test_support.h"
#include "core/importers/ascend/csv_reader.h"
#include "core/importers/ascend/csv_values.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::ascend;
using namespace opscope::test;

namespace {
const std::string kData = std::string(OPSCOPE_TEST_DATA) + "/ascend";
const std::string kRank0 = kData + "/torch_npu_rank0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT";

std::vector<std::vector<std::string>> readAll(const std::string& path, std::vector<std::int64_t>* lines = nullptr) {
    Error error;
    auto reader = CsvReader::open(path, &error);
    REQUIRE(reader);
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> cells;
    while (reader->next(&cells)) {
        rows.push_back(cells);
        if (lines) lines->push_back(reader->recordLine());
    }
    return rows;
}
} // namespace

TEST_CASE("ascend csv: BOM and CRLF are not part of the cells", "[ascend][csv]") {
    Error error;
    auto reader = CsvReader::open(kRank0 + "/kernel_details.csv", &error);
    REQUIRE(reader);
    std::vector<std::string> header;
    REQUIRE(reader->next(&header));
    CHECK(reader->hadBom());
    CHECK(header.front() == "Step Id");
    CHECK(header.back() == "my_new_metric"); // no trailing \r
    std::vector<std::int64_t> lines;
    auto rows = readAll(kRank0 + "/kernel_details.csv", &lines);
    REQUIRE(rows.size() == 6);
    CHECK(lines == std::vector<std::int64_t>{1, 2, 3, 4, 5, 6});
    for (const auto& row : rows) CHECK(row.size() == header.size());
}

TEST_CASE("ascend csv: quoted start times with a tab and doubled-quote shapes", "[ascend][csv]") {
    auto rows = readAll(kRank0 + "/kernel_details.csv");
    const auto& conv = rows[1];
    CHECK(conv[9] == "1736408883700200.212\t");
    CHECK(parseMicros(cleanCell(conv[9])) == TimeNs{1736408883700200212});
    CHECK(conv[15] == "\"32,1,224,224,8;121,4,16,8;64\"");
    CHECK(cleanCell(conv[15]) == "32,1,224,224,8;121,4,16,8;64");
    CHECK(isMissing(cleanCell(conv[21])));   // Context ID N/A
    CHECK(cleanCell(conv[2]) == kNoId);       // Model ID: none
    // Unquoted time followed by a tab (memory_record.csv), 1-decimal time (older files).
    auto memory = readAll(kRank0 + "/memory_record.csv");
    CHECK(parseMicros(cleanCell(memory[1][1])) == TimeNs{1736408883700000000});
    CHECK(parseMicros("1736408883700600.1") == TimeNs{1736408883700600100});
}

TEST_CASE("ascend csv: multi-line quoted fields keep their line numbers", "[ascend][csv]") {
    std::vector<std::int64_t> lines;
    auto rows = readAll(kRank0 + "/operator_details.csv", &lines);
    REQUIRE(rows.size() == 3);
    CHECK(rows[1].size() == 9);
    CHECK(rows[1][2] == "/x/torch/_ops.py(692): __call__;\n/x/main.py(375): train;\n<string>(1): <module>");
    CHECK(lines == std::vector<std::int64_t>{1, 2, 5});
}

TEST_CASE("ascend csv: a last line without newline, and a file cut inside quotes", "[ascend][csv]") {
    Error error;
    auto reader = CsvReader::open(kData + "/msprof_prof/PROF_000001_20250101000000000_ABCDEFGH/"
                                          "mindstudio_profiler_output/op_summary_20250101000000.csv", &error);
    REQUIRE(reader);
    std::vector<std::string> cells;
    int records = 0;
    while (reader->next(&cells)) ++records;
    CHECK(records == 3);
    CHECK_FALSE(reader->recordHadLineEnd());
    CHECK_FALSE(reader->endedInsideQuotes());

    auto cut = CsvReader::open(kData + "/bad_files/run_ascend_pt/ASCEND_PROFILER_OUTPUT/op_summary_1.csv", &error);
    REQUIRE(cut);
    while (cut->next(&cells)) {
    }
    CHECK(cut->endedInsideQuotes());
    CHECK(cut->recordLine() == 3);
}

TEST_CASE("ascend csv: blank lines, empty cells and a missing file", "[ascend][csv]") {
    TempDir dir;
    std::string path = dir.write("x.csv", "a,b,c\n\n1,,\"x\"\"y\"\n\r\n2,3,4");
    std::vector<std::int64_t> lines;
    auto rows = readAll(path, &lines);
    REQUIRE(rows.size() == 3);
    CHECK(rows[1] == std::vector<std::string>{"1", "", "x\"y"});
    CHECK(lines == std::vector<std::int64_t>{1, 3, 5});
    Error error;
    CHECK_FALSE(CsvReader::open(dir.file("absent.csv"), &error));
    CHECK(error.code == ErrorCode::FileNotFound);
}

TEST_CASE("ascend csv: header names split into key and unit", "[ascend][csv]") {
    CHECK(splitColumnName("Duration(us)").key == "Duration");
    CHECK(splitColumnName("Duration(us)").unit == "us");
    CHECK(splitColumnName("cube_utilization(%)").unit == "%");
    CHECK(splitColumnName("aic_mac_ratio").key == "aic_mac_ratio");
    CHECK(splitColumnName("aic_mac_ratio").unit.empty());
    CHECK(splitColumnName("Communication(Not Overlapped)").key == "Communication(Not Overlapped)");
    CHECK(splitColumnName("Read(MB/s)").unit == "MB/s");
    CHECK(isMissing("N/A"));
    CHECK(isMissing(""));
    CHECK_FALSE(isMissing("0"));
    CHECK(parseNumber("0.519") == Approx(0.519));
    CHECK_FALSE(parseNumber("FLOAT"));
}
