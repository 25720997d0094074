// Operator statistics as Ascend users read them: rows keyed by (OP Type, Core Type), the ratio of
// op_statistic.csv, the Core Type filter; checked row for row against op_statistic.csv.
#include "core/analysis/operators/operator_stats.h"
#include "core/session/open_trace.h"
#include "tests/shared_samples.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace opscope;
using namespace opscope::test;

namespace {

struct OpStatisticRow {
    std::string type, core;
    std::int64_t count = 0;
    double totalUs = 0, minUs = 0, avgUs = 0, maxUs = 0, ratio = 0;
};

// op_statistic.csv of the shared sample: no quoted cells, optional Device_id first.
std::vector<OpStatisticRow> readOpStatistic(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    int skip = line.rfind("Device_id", 0) == 0 ? 1 : 0;
    std::vector<OpStatisticRow> rows;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, ',');) cells.push_back(cell);
        if (cells.size() < static_cast<std::size_t>(8 + skip)) continue;
        OpStatisticRow r;
        r.type = cells[skip];
        r.core = cells[skip + 1];
        r.count = std::stoll(cells[skip + 2]);
        r.totalUs = std::stod(cells[skip + 3]);
        r.minUs = std::stod(cells[skip + 4]);
        r.avgUs = std::stod(cells[skip + 5]);
        r.maxUs = std::stod(cells[skip + 6]);
        r.ratio = std::stod(cells[skip + 7]);
        rows.push_back(r);
    }
    return rows;
}

} // namespace

TEST_CASE("op statistic shared: stats by type and core type reproduce op_statistic.csv row for row", "[ascend][operators][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    std::vector<OpStatisticRow> expected = readOpStatistic(folder + "/ASCEND_PROFILER_OUTPUT/op_statistic.csv");
    REQUIRE(expected.size() == 33);
    TempDir dir;
    const std::string store = importedStore(dir, folder, "r0.opscope.sqlite");
    Error error;
    Database db = openReadOnly(store);
    OperatorStatsOptions options;
    options.grouping.by = GroupBy::Type;
    options.splitByCoreType = true;
    options.includeMetrics = false;
    OperatorStats stats;
    REQUIRE(computeOperatorStats(db, options, &stats, &error));
    std::size_t computeRows = 0;
    for (const OperatorStatsRow& r : stats.rows)
        if (r.deviceClass == DeviceClass::Compute) ++computeRows;
    CHECK(computeRows == expected.size());
    for (const OpStatisticRow& e : expected) {
        INFO(e.type << " / " << e.core);
        const OperatorStatsRow* found = nullptr;
        for (const OperatorStatsRow& r : stats.rows)
            if (r.key == e.type && r.coreType == e.core) found = &r;
        REQUIRE(found);
        CHECK(found->count == e.count);
        // op_statistic.csv sums durations rounded to 3 decimals of a µs; opscope sums exact ns:
        // the two may differ by half a ns per execution.
        CHECK(static_cast<double>(found->totalNs) / 1000.0 ==
              Approx(e.totalUs).margin(0.001 + 0.0005 * static_cast<double>(e.count)));
        CHECK(static_cast<double>(found->minNs) / 1000.0 == Approx(e.minUs).margin(0.0015));
        CHECK(found->avgNs / 1000.0 == Approx(e.avgUs).margin(0.0015));
        CHECK(static_cast<double>(found->maxNs) / 1000.0 == Approx(e.maxUs).margin(0.0015));
        CHECK(found->busyShare * 100.0 == Approx(e.ratio).margin(0.0015));
    }
}

TEST_CASE("op statistic: the Core Type filter keeps one core type's rows", "[ascend][operators][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    const std::string store = importedStore(dir, folder, "r0.opscope.sqlite");
    Error error;
    Database db = openReadOnly(store);
    OperatorStatsOptions options;
    options.grouping.by = GroupBy::Type;
    options.splitByCoreType = true;
    options.coreType = "MIX_AIV";
    options.includeMetrics = false;
    OperatorStats stats;
    REQUIRE(computeOperatorStats(db, options, &stats, &error));
    // op_statistic.csv: ReduceSum, NLLLoss, TopKV2, AdaptiveAvgPool3dGrad are MIX_AIV.
    REQUIRE(stats.rows.size() == 4);
    for (const OperatorStatsRow& r : stats.rows) CHECK(r.coreType == "MIX_AIV");
    CHECK(stats.rows[0].key == "ReduceSum");
    CHECK(stats.rows[0].count == 10);
}
