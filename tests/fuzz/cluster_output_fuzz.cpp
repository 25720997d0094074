// libFuzzer harness for the cluster_analysis_output readers: the bytes are written as each file kind
// (cluster_step_trace_time.csv, cluster_communication.json, a rank's communication_matrix.json,
// communication_group.json) and read back; any input must give rows or an error, never a crash.
#include "core/importers/cluster/cluster_step_csv.h"
#include "core/importers/cluster/communication_json.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace {

std::string writeTemp(const char* name, const std::uint8_t* data, std::size_t size) {
    std::string path = std::string("/tmp/opscope-fuzz-") + std::to_string(::getpid()) + "-" + name;
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    Error error;
    {
        std::string path = writeTemp("cluster_step_trace_time.csv", data, size);
        std::vector<ClusterStepRow> rows;
        cluster::readClusterStepCsv(path, &rows, &error);
        std::remove(path.c_str());
    }
    std::string path = writeTemp("cluster_communication.json", data, size);
    std::vector<CommOpRank> ops;
    cluster::readClusterCommunicationJson(path, &ops, &error);
    cluster::readRankCommunicationJson(path, 0, &ops, &error);
    std::vector<CommMatrixLink> links;
    cluster::readRankCommunicationMatrix(path, {{"1", {0, 1}}}, &links, &error);
    cluster::readClusterCommunicationMatrix(path, &links, &error);
    std::vector<CommGroup> groups;
    cluster::readCommunicationGroups(path, &groups, &error);
    std::remove(path.c_str());
    return 0;
}
