// msprof-analyze's cluster_analysis_output opened on its own: the cluster_* / comm_* tables, exact ns
// from the µs / ms text, a clear error for anything opscope cannot use, and the shared sample.
#include "core/session/open_trace.h"
#include "core/importers/cluster/cluster_step_csv.h"
#include "core/importers/cluster/communication_json.h"
#include "core/store/cluster_tables.h"
#include "core/store/trace_store.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

const char* kStepCsv =
    "Step,Type,Index,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
    "Communication(Not Overlapped and Exclude Receive)\n"
    "3,rank,0,100.5,20.25,1.0,21.25,5.0001,126.0,0.0,20.25\n"
    "3,rank,1,90.0,30.0,0,30,6,126,0,30\n"
    "3,stage,\"(0, 1)\",100.5,30,1,30,6,126,0,30\n";

const char* kClusterComm = R"JSON({"(0, 1)": {"step": {"hcom_allReduce__1_0@99": {
  "0": {"Communication Time Info": {"Start Timestamp(us)": 1695054582608213.125, "Elapse Time(ms)": 1.5,
        "Transit Time(ms)": 0.25, "Wait Time(ms)": 1.0, "Synchronization Time(ms)": 0.75, "Idle Time(ms)": 0.25,
        "Wait Time Ratio": 0.8, "Synchronization Time Ratio": 0.75},
        "Communication Bandwidth Info": {"HCCS": {"Transit Size(MB)": 5.0, "Transit Time(ms)": 0.25,
          "Bandwidth(GB/s)": 20.0, "Large Packet Ratio": 0.0, "Size Distribution": {"2.5": [2, 0.25]}},
          "RDMA": {"Transit Size(MB)": 0, "Transit Time(ms)": 0, "Bandwidth(GB/s)": 0, "Large Packet Ratio": 0,
          "Size Distribution": {}}}},
  "1": {"Communication Time Info": {"Start Timestamp(us)": 1695054582609000, "Elapse Time(ms)": 0.5,
        "Transit Time(ms)": 0.25, "Wait Time(ms)": 0, "Synchronization Time(ms)": 0, "Idle Time(ms)": 0.25,
        "Wait Time Ratio": 0, "Synchronization Time Ratio": 0}}}}}})JSON";

struct Opened {
    bool ok = false;
    Error error;
    OpenResult result;
};

Opened openPaths(const std::vector<std::string>& paths, const TempDir& out) {
    Opened o;
    OpenOptions options;
    options.storePath = out.file("cluster.sqlite");
    ImportProgress progress;
    o.ok = openTrace(paths, options, progress, &o.result, &o.error);
    return o;
}

} // namespace

TEST_CASE("cluster output: step csv rows keep every column, in exact ns", "[ranks][cluster]") {
    TempDir dir;
    std::vector<ClusterStepRow> rows;
    Error error;
    REQUIRE(cluster::readClusterStepCsv(dir.write("cluster_step_trace_time.csv", kStepCsv), &rows, &error));
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].step == "3");
    CHECK(rows[0].rank == 0);
    CHECK(rows[0].computingNs == 100'500);
    CHECK(rows[0].communicationNotOverlappedNs == 20'250);
    CHECK(rows[0].freeNs == 5'000); // 5.0001 µs rounds to 5000 ns
    CHECK(rows[2].type == "stage");
    CHECK(rows[2].rank == -1);
    CHECK(rows[2].index == "(0, 1)");
}

TEST_CASE("cluster output: a csv without the table's columns names the missing column", "[ranks][cluster]") {
    TempDir dir;
    std::vector<ClusterStepRow> rows;
    Error error;
    CHECK_FALSE(cluster::readClusterStepCsv(dir.write("cluster_step_trace_time.csv", "Step,Type,Index\n1,rank,0\n"),
                                            &rows, &error));
    CHECK(error.code == ErrorCode::BadCsv);
    CHECK(error.expected.find("computing") != std::string::npos);
}

TEST_CASE("cluster output: a folder opens as a store with cluster and communication tables", "[ranks][cluster]") {
    TempDir dir;
    dir.write("cluster_analysis_output/cluster_step_trace_time.csv", kStepCsv);
    dir.write("cluster_analysis_output/cluster_communication.json", kClusterComm);
    dir.write("cluster_analysis_output/communication_group.json", R"JSON({"collective": [[0, 1]], "p2p": []})JSON");
    dir.write("cluster_analysis_output/notes.txt", "hello");
    TempDir out;
    Opened o = openPaths({dir.file("cluster_analysis_output")}, out);
    INFO(describe(o.error));
    REQUIRE(o.ok);
    Database db = openReadOnly(o.result.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM cluster_step WHERE type = 'rank'") == 2);
    CHECK(db.scalarInt("SELECT free_ns FROM cluster_step WHERE rank = 1") == 6'000);
    CHECK(db.scalarInt("SELECT count(*) FROM comm_op") == 2);
    CHECK(db.scalarInt("SELECT start_ns FROM comm_op WHERE rank = 0") == 1695054582608213125);
    CHECK(db.scalarInt("SELECT elapse_ns FROM comm_op WHERE rank = 0") == 1'500'000);
    CHECK(db.scalarInt("SELECT synchronization_ns FROM comm_op WHERE rank = 0") == 750'000);
    CHECK(db.scalarText("SELECT op_name FROM comm_op WHERE rank = 1") == "hcom_allReduce__1_0");
    // Unused link kinds (all zeros) are left out; HCCS keeps its packet histogram.
    CHECK(db.scalarText("SELECT group_concat(link_type) FROM comm_bandwidth") == "HCCS");
    CHECK(db.scalarInt("SELECT count FROM comm_packet WHERE link_type = 'HCCS'") == 2);
    CHECK(db.scalarInt("SELECT transit_ns FROM comm_packet WHERE link_type = 'HCCS'") == 250'000);
    CHECK(db.scalarText("SELECT ranks FROM comm_group WHERE kind = 'collective'") == "[0,1]");
    CHECK(db.scalarText("SELECT status FROM source_file WHERE path LIKE '%notes.txt'") == "skipped");
    CHECK(db.scalarInt("SELECT count(*) FROM source_file WHERE status = 'used'") == 3);
}

TEST_CASE("cluster output: nothing usable is an error naming the input, not an empty store", "[ranks][cluster]") {
    TempDir dir;
    dir.write("cluster_analysis_output/cluster_step_trace_time.csv", "not,a,cluster,table\n");
    TempDir out;
    Opened o = openPaths({dir.file("cluster_analysis_output")}, out);
    CHECK_FALSE(o.ok);
    CHECK(o.error.code == ErrorCode::BadCsv);
    CHECK(o.error.file.find("cluster_step_trace_time.csv") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out.file("cluster.sqlite")));
}

TEST_CASE("cluster output: an empty cluster_analysis_output folder is UnknownFormat", "[ranks][cluster]") {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "cluster_analysis_output");
    TempDir out;
    Opened o = openPaths({dir.file("cluster_analysis_output")}, out);
    CHECK_FALSE(o.ok);
    CHECK(o.error.code == ErrorCode::UnknownFormat);
    CHECK(o.error.file.find("cluster_analysis_output") != std::string::npos);
}

TEST_CASE("cluster output: a rank's matrix maps group-local ranks through parallel_group", "[ranks][cluster]") {
    TempDir dir;
    std::string matrix = dir.write("communication_matrix.json", R"JSON({"step1": {"collective": {
        "allreduce-top1@77": {"0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 2.0, "Transit Time(ms)": 0.1,
                                       "Bandwidth(GB/s)": 20.0, "Op Name": "hcom_allReduce__1"}},
        "allreduce-top1@88": {"1-0": {"Transport Type": "RDMA", "Transit Size(MB)": 1.0, "Transit Time(ms)": 0.1,
                                       "Bandwidth(GB/s)": 10.0, "Op Name": "hcom_allReduce__2"}}}}})JSON");
    std::string metadata = dir.write("profiler_metadata.json",
                                     R"JSON({"parallel_group": {"dp": {"group_name": "77", "global_ranks": [4, 6]}}})JSON");
    std::vector<CommMatrixLink> links;
    Error error;
    REQUIRE(cluster::readRankCommunicationMatrix(matrix, cluster::parallelGroupRanks(metadata), &links, &error));
    REQUIRE(links.size() == 2);
    CHECK(links[0].srcRank == 4);
    CHECK(links[0].dstRank == 6);
    CHECK(links[0].globalRanks);
    CHECK(links[0].transitNs == 100'000);
    CHECK(links[1].srcRank == 1); // group 88 is not in the metadata: group-local ranks kept
    CHECK_FALSE(links[1].globalRanks);
}

TEST_CASE("cluster output: the shared cluster_analysis_output opens with its 8 ranks", "[ranks][cluster][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/cluster_analysis_output");
    TempDir out;
    Opened o = openPaths({folder}, out);
    INFO(describe(o.error));
    REQUIRE(o.ok);
    Database db = openReadOnly(o.result.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM cluster_step WHERE type = 'rank'") == 8);
    CHECK(db.scalarInt("SELECT count(*) FROM cluster_step WHERE type = 'stage'") == 1);
    // Rank 0: Computing 80309.68717187493 µs.
    CHECK(db.scalarInt("SELECT computing_ns FROM cluster_step WHERE rank = 0") == 80'309'687);
    CHECK(db.scalarInt("SELECT count(*) FROM comm_op") == 4);
    CHECK(db.scalarInt("SELECT count(*) FROM warning") == 0);
}
