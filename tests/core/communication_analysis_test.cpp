// Communication analysis: the 0.2 ratio guidance at its value on both sides, the guidance's slow rank,
// the matrix per rank pair, NCCL bus bandwidth, and the shared rank 0's communication files as rows.
#include "core/session/open_trace.h"
#include "core/analysis/communication/communication_analysis.h"
#include "core/store/cluster_tables.h"
#include "core/store/trace_store.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {
CommOpRank commOp(int rank, TimeNs transitNs, TimeNs waitNs, TimeNs syncNs) {
    CommOpRank o;
    o.group = "g";
    o.opName = "hcom_allReduce__1";
    o.kind = "collective";
    o.rank = rank;
    o.transitNs = transitNs;
    o.waitNs = waitNs;
    o.synchronizationNs = syncNs;
    o.elapseNs = transitNs + waitNs;
    return o;
}
} // namespace

TEST_CASE("communication: wait ratio 0.2 exactly is not above the guidance; just above is", "[ranks][communication]") {
    // W / (W + T) = 200 / 1000 = 0.2.
    CHECK(waitRatio(200, 800) == Approx(0.2));
    CHECK_FALSE(ratioAboveGuidance(200, 800));
    CHECK(ratioAboveGuidance(201, 800));
    CHECK_FALSE(ratioAboveGuidance(199, 800));
    CHECK_FALSE(ratioAboveGuidance(0, 0));
}

TEST_CASE("communication: the guidance names the rank with the smallest wait ratio", "[ranks][communication]") {
    // Rank 0 waits most and its synchronisation ratio is above 0.2: rank 2 (least wait) arrived last.
    CommunicationReport r = analyzeCommunication(
        {commOp(0, 100, 900, 500), commOp(1, 100, 400, 10), commOp(2, 100, 10, 0)}, {});
    REQUIRE(r.ranks.size() == 3);
    CHECK(r.ranks[0].waitAboveGuidance);
    CHECK(r.ranks[0].synchronizationAboveGuidance);
    CHECK_FALSE(r.ranks[2].waitAboveGuidance);
    CHECK(r.guidanceSlowRank == 2);
    // The most waiting rank at a synchronisation ratio of 0.2 exactly: no slow rank named.
    r = analyzeCommunication({commOp(0, 800, 900, 200), commOp(1, 800, 10, 0)}, {});
    CHECK(r.guidanceSlowRank == -1);
}

TEST_CASE("communication: matrix cells sum the links of a rank pair, global ranks only", "[ranks][communication]") {
    std::vector<CommMatrixLink> links(3);
    links[0] = {"s", "collective", "allreduce-top1@1", "1", 0, 1, true, "HCCS", 2.0, 100'000, 20.0, "a"};
    links[1] = {"s", "collective", "allreduce-middle@1", "1", 0, 1, true, "HCCS", 2.0, 100'000, 20.0, "b"};
    links[2] = {"s", "collective", "allreduce-top1@9", "9", 0, 1, false, "RDMA", 1.0, 100'000, 10.0, "c"};
    CommunicationReport r = analyzeCommunication({}, links);
    REQUIRE(r.matrix.size() == 1);
    CHECK(r.matrix[0].transitNs == 200'000);
    CHECK(r.matrix[0].transport == "HCCS");
    CHECK(r.matrix[0].bandwidthGBps() == Approx(20.0)); // 4 MB / 0.2 ms
}

TEST_CASE("communication: NCCL bus bandwidth from record_param_comms args", "[ranks][communication]") {
    // all-reduce of 1e6 floats (4 MB) in 1 ms over 8 ranks: algbw 4 GB/s, busbw 4 * 2 * 7 / 8 = 7 GB/s.
    const std::int64_t bytes = ncclMessageBytes("allreduce", 1'000'000, 1'000'000, "Float");
    CHECK(bytes == 4'000'000);
    CHECK(ncclBusBandwidthGBps("allreduce", bytes, 1'000'000, 8) == Approx(7.0));
    // all-gather counts the output: 8e6 bf16 = 16 MB; (n - 1) / n.
    CHECK(ncclMessageBytes("_allgather_base", 1'000'000, 8'000'000, "BFloat16") == 16'000'000);
    CHECK(ncclBusBandwidthGBps("allgather", 16'000'000, 2'000'000, 8) == Approx(7.0));
    CHECK(ncclBusBandwidthGBps("broadcast", 4'000'000, 1'000'000, 8) == Approx(4.0));
    CHECK(ncclBusBandwidthGBps("allreduce", 4'000'000, 0, 8) == 0);
    CHECK(ncclMessageBytes("allreduce", 10, 10, "mystery") == 0);
}

TEST_CASE("communication: the shared rank 0's communication files become rows of rank 0", "[ranks][communication][shared]") {
    std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("r0.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({rank0}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    std::vector<CommOpRank> ops = readCommOps(db);
    REQUIRE(!ops.empty());
    for (const CommOpRank& o : ops) CHECK(o.rank == 0);
    CHECK(db.scalarInt("SELECT count(*) FROM comm_link") > 0);
    // communication_matrix.json "0-1" of allreduce-top1: HCCS, 37.781504 MB in 2.153383 ms.
    CHECK(db.scalarInt("SELECT transit_ns FROM comm_link WHERE op_key LIKE 'allreduce-top1@%' AND src_rank = 0 "
                       "AND dst_rank = 1") == 2'153'383);
    CommunicationReport r = analyzeCommunication(ops, readCommLinks(db));
    CHECK(r.ranks.size() == 1);
    CHECK(!r.bandwidth.empty());
}
