// opscope-cli stats --by type --csv on the shared torch_npu sample: op_statistic.csv row for row,
// computed from the tasks (key column first, then count, total, ..., core type, ratio).
#include "cli_runner.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace opscope::test;

namespace {

std::vector<std::string> splitCsvLine(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
        if (c == '"') quoted = !quoted;
        else if (c == ',' && !quoted) {
            cells.push_back(cell);
            cell.clear();
        } else if (c != '\r') cell += c;
    }
    cells.push_back(cell);
    return cells;
}

} // namespace

TEST_CASE("cli: stats --by type --csv reproduces op_statistic.csv on the shared sample", "[cli][ascend][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    std::string store = cliTempDir() + "/rank0_stats.opscope.sqlite";
    REQUIRE(runCli({"import", folder, "-o", store, "--quiet"}).exitCode == 0);
    CliResult r = runCli({"stats", store, "--by", "type", "--csv", "--no-metrics"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    std::istringstream out(r.out);
    std::string line;
    std::getline(out, line);
    std::vector<std::string> header = splitCsvLine(line);
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
    REQUIRE(header[0] == "type");
    REQUIRE(header[1] == "count");
    REQUIRE(header[2] == "total (us)");
    REQUIRE(col.count("core type"));
    REQUIRE(col.count("ratio (%)"));
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> rows;
    while (std::getline(out, line)) {
        std::vector<std::string> c = splitCsvLine(line);
        if (c.size() == header.size()) rows[{c[0], c[col["core type"]]}] = c;
    }
    std::ifstream expected(folder + "/ASCEND_PROFILER_OUTPUT/op_statistic.csv");
    std::getline(expected, line); // OP Type,Core Type,Count,Total Time(us),Min,Avg,Max,Ratio(%)
    int compared = 0;
    while (std::getline(expected, line)) {
        std::vector<std::string> e = splitCsvLine(line);
        INFO(line);
        auto it = rows.find({e[0], e[1]});
        REQUIRE(it != rows.end());
        const std::vector<std::string>& c = it->second;
        CHECK(c[col["count"]] == e[2]);
        // op_statistic.csv sums per-task durations rounded to 3 decimals: half a ns per execution apart.
        CHECK(std::stod(c[col["total (us)"]]) == Approx(std::stod(e[3])).margin(0.001 + 0.0005 * std::stod(e[2])));
        CHECK(std::stod(c[col["min (us)"]]) == Approx(std::stod(e[4])).margin(0.0015));
        CHECK(std::stod(c[col["avg (us)"]]) == Approx(std::stod(e[5])).margin(0.0015));
        CHECK(std::stod(c[col["max (us)"]]) == Approx(std::stod(e[6])).margin(0.0015));
        CHECK(std::stod(c[col["ratio (%)"]]) == Approx(std::stod(e[7])).margin(0.0015));
        ++compared;
    }
    CHECK(compared == 33);

    CliResult mix = runCli({"stats", store, "--by", "type", "--csv", "--no-metrics", "--core-type", "MIX_AIV"});
    REQUIRE(mix.exitCode == 0);
    CHECK(mix.out.find("ReduceSum") != std::string::npos);
    CHECK(mix.out.find("TransData") == std::string::npos);
}
