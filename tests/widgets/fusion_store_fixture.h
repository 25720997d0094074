// A store for the graph fusion tests of the GUI: tests/data/graphs/npu_trace.json imported by the real
// opscope-cli, with a GE dump of two of its operators (conv1 -> Conv_52) and a pattern file matching them.
#pragma once
#include "tests/cli/cli_runner.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

namespace opscope::test {

inline std::string writeTextFile(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

struct FusionStore {
    std::string dir = cliTempDir();
    std::string store = dir + "/fusion.opscope.sqlite";
    std::string patterns = writeTextFile(dir + "/op_fusion_pass.yaml", "GraphFusion:\n  - P:\n      struct: [Conv2D, BiasAdd]\n");

    FusionStore() {
        REQUIRE(runCli({"import", std::string(OPSCOPE_TEST_DATA) + "/graphs/npu_trace.json", "-o", store, "--quiet"}).exitCode == 0);
        const std::string graph = writeTextFile(dir + "/ge_proto_1_Build.txt",
                                                "graph { name: \"g\" op { name: \"conv1\" type: \"Conv2D\" } "
                                                "op { name: \"Conv_52\" type: \"BiasAdd\" input: \"conv1:0\" } }\n");
        REQUIRE(runCli({"graph", "import", store, graph}).exitCode == 0);
    }
};

} // namespace opscope::test
