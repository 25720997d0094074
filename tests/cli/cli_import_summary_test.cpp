// opscope-cli import, run as the real binary: the summary's "warnings: N" counts only real problems;
// what is normal for a Chrome trace (unsorted events, flow ends without a start) has its own line.
#include "cli_runner.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using namespace opscope::test;

TEST_CASE("cli: import prints informational oddities apart from warnings", "[cli][chrome]") {
    const std::string dir = cliTempDir();
    const std::string trace = dir + "/kineto_like.json";
    {
        std::ofstream out(trace);
        out << R"({"traceEvents":[
          {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":200,"dur":10},
          {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":100,"dur":10},
          {"ph":"f","id":1,"pid":0,"tid":7,"ts":100,"cat":"ac2g","name":"ac2g","bp":"e"},
          {"ph":"f","id":2,"pid":0,"tid":7,"ts":200,"cat":"ac2g","name":"ac2g","bp":"e"}
        ]})";
    }
    CliResult clean = runCli({"import", trace, "-o", dir + "/clean.opscope.sqlite"});
    REQUIRE(clean.exitCode == 0);
    CHECK(clean.out.find("warnings:     0\n") != std::string::npos);
    CHECK(clean.out.find("informational: 3 ") != std::string::npos);
    CHECK(clean.out.find("flow_end_without_start") != std::string::npos);

    const std::string bad = dir + "/bad.json";
    {
        std::ofstream out(bad);
        out << R"([{"ph":"X","name":"noDur","pid":1,"tid":1,"ts":0},{"ph":"X","name":"ok","pid":1,"tid":1,"ts":1,"dur":1}])";
    }
    CliResult r = runCli({"import", bad, "-o", dir + "/bad.opscope.sqlite"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("warnings:     1\n") != std::string::npos);
    CHECK(r.out.find("missing_duration") != std::string::npos);
    CHECK(r.out.find("informational:") == std::string::npos);
}

TEST_CASE("cli: an import of several files names the file of each oddity row", "[cli][chrome][ranks]") {
    const std::string dir = cliTempDir();
    auto write = [&](const std::string& name) {
        std::ofstream out(dir + "/" + name);
        out << R"({"traceEvents":[
          {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":200,"dur":10},
          {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":100,"dur":10}
        ]})";
        return dir + "/" + name;
    };
    const std::string rank0 = write("rank-0.json"), rank1 = write("rank-1.json");
    CliResult two = runCli({"import", rank0, rank1, "-o", dir + "/two.opscope.sqlite"});
    REQUIRE(two.exitCode == 0);
    // One out_of_order_timestamp row per file, each saying whose it is.
    CHECK(two.out.find("in " + rank0) != std::string::npos);
    CHECK(two.out.find("in " + rank1) != std::string::npos);
    // A single file needs no name on its rows.
    CliResult one = runCli({"import", rank0, "-o", dir + "/one.opscope.sqlite"});
    REQUIRE(one.exitCode == 0);
    CHECK(one.out.find("out_of_order_timestamp") != std::string::npos);
    CHECK(one.out.find("in " + rank0) == std::string::npos);
}

TEST_CASE("cli: stats --csv has a cpu time column only for traces with thread time", "[cli][chrome]") {
    const std::string dir = cliTempDir();
    const std::string trace = dir + "/chrome_cpu.json";
    {
        std::ofstream out(trace);
        out << R"([{"ph":"X","name":"Layout","pid":1,"tid":1,"ts":0,"dur":30,"tts":0,"tdur":25},
                  {"ph":"X","name":"Paint","pid":1,"tid":1,"ts":40,"dur":10}])";
    }
    CliResult r = runCli({"stats", trace, "--csv"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.find("cpu time (us)") != std::string::npos);
    CHECK(r.out.find("Layout") != std::string::npos);
    CHECK(r.out.find("25.000") != std::string::npos);

    const std::string plain = dir + "/no_cpu.json";
    {
        std::ofstream out(plain);
        out << R"([{"ph":"X","name":"gemm","pid":1,"tid":1,"ts":0,"dur":30}])";
    }
    CliResult p = runCli({"stats", plain, "--csv"});
    REQUIRE(p.exitCode == 0);
    CHECK(p.out.find("cpu time") == std::string::npos);
}
