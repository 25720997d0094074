// NCCL collectives from a Kineto store: the collective's args read from the kernel itself or from the
// record_param_comms op around its launching call, and the algorithm and bus bandwidth of nccl-tests'
// PERFORMANCE.md per collective (factors 2(n-1)/n, (n-1)/n, 1) on a fixture with known answers.
#include "core/analysis/communication/communication_analysis.h"
#include "core/analysis/communication/nccl_args.h"
#include "core/session/trace_session.h"
#include "test_support.h"
#include "tests/cluster_fixtures.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace opscope;
using namespace opscope::test;


TEST_CASE("nccl: bus bandwidth factors per collective as nccl-tests defines them", "[ranks][nccl]") {
    // 8,000 bytes in 1,000 ns = 8 GB/s of algorithm bandwidth, n = 4.
    CHECK(ncclBusBandwidthGBps("allreduce", 8000, 1000, 4) == Approx(8.0 * 2 * 3 / 4));
    CHECK(ncclBusBandwidthGBps("reduce_scatter_tensor", 8000, 1000, 4) == Approx(8.0 * 3 / 4));
    CHECK(ncclBusBandwidthGBps("all_gather_into_tensor", 8000, 1000, 4) == Approx(8.0 * 3 / 4));
    CHECK(ncclBusBandwidthGBps("all_to_all", 8000, 1000, 4) == Approx(8.0 * 3 / 4));
    CHECK(ncclBusBandwidthGBps("broadcast", 8000, 1000, 4) == Approx(8.0));
    CHECK(ncclBusBandwidthGBps("reduce", 8000, 1000, 4) == Approx(8.0));
    CHECK(ncclBusBandwidthGBps("send", 8000, 1000, 2) == Approx(8.0));
    CHECK(ncclBusBandwidthGBps("barrier", 8000, 1000, 4) == 0);
    // All-gather counts the gathered (out) elements, the others the input ones.
    CHECK(ncclMessageBytes("_allgather_base", 10, 40, "BFloat16") == 80);
    CHECK(ncclMessageBytes("reduce_scatter_tensor", 40, 10, "Float") == 160);
    CHECK(ncclMessageBytes("allreduce", std::numeric_limits<std::int64_t>::max(), 0, "Float") == 0); // overflow: unknown
}

TEST_CASE("nccl: args are read as the producer writes them, numbers or digit strings", "[ranks][nccl]") {
    NcclArgs a;
    REQUIRE(parseNcclArgs(R"({"Collective name":"allreduce","In msg nelems":"12","Group size":"8","Process Group ID":3})", &a));
    CHECK(a.inElements == 12);
    CHECK(a.groupSize == 8);
    CHECK(a.group == "3");
    CHECK_FALSE(parseNcclArgs(R"({"dtype":"Float"})", &a));
    CHECK_FALSE(parseNcclArgs(R"({"Collective name":5})", &a));
    CHECK_FALSE(parseNcclArgs("{\"Collective name\":\"x\"", &a));
    REQUIRE(parseNcclArgs(R"({"Collective name":"allreduce","In msg nelems":-4,"Group size":0})", &a));
    CHECK(a.inElements == -1);
    CHECK(a.groupSize == 0);
}

TEST_CASE("nccl: a Kineto store's NCCL kernels give each collective's size, algorithm and bus bandwidth", "[ranks][nccl]") {
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("nccl.opscope.sqlite");
    Error error;
    std::shared_ptr<TraceSession> session =
        TraceSession::open({dir.write("rank-2.json", kinetoNcclRankTrace())}, options, ImportProgress{}, nullptr, &error);
    REQUIRE(session);
    CommunicationOverview overview;
    REQUIRE(session->communication(&overview, &error));
    // The broadcast kernel has no args anywhere: left out.
    REQUIRE(overview.nccl.size() == 2);
    const NcclCollective& allReduce = overview.nccl[0];
    CHECK(allReduce.rank == 2);
    CHECK(allReduce.args.collective == "allreduce");
    CHECK(allReduce.args.group == "0");
    CHECK(allReduce.args.groupSize == 4);
    CHECK(allReduce.bytes == 4'000'000);
    CHECK(allReduce.durNs == 200'000);
    CHECK(allReduce.algorithmGBps == Approx(20.0)); // 4e6 B / 2e5 ns
    CHECK(allReduce.busGBps == Approx(30.0));       // × 2(4 − 1)/4
    const NcclCollective& allGather = overview.nccl[1];
    CHECK(allGather.args.collective == "all_gather_into_tensor");
    CHECK(allGather.args.group == "[0, 1, 2, 3]");
    CHECK(allGather.bytes == 8'000);                  // 4,000 out elements × 2 bytes
    CHECK(allGather.algorithmGBps == Approx(0.08));   // 8e3 B / 1e5 ns
    CHECK(allGather.busGBps == Approx(0.06));         // × (4 − 1)/4
}

TEST_CASE("nccl: the shared Kineto rank has NCCL CPU ops but no NCCL kernel (group of one): no collective", "[ranks][nccl][shared]") {
    const std::string trace = sharedPathOrSkip("samples/kineto/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("kineto_rank0.opscope.sqlite");
    Error error;
    std::shared_ptr<TraceSession> session = TraceSession::open({trace}, options, ImportProgress{}, nullptr, &error);
    REQUIRE(session);
    CommunicationOverview overview;
    REQUIRE(session->communication(&overview, &error));
    CHECK(overview.nccl.empty());
}
