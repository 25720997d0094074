// Cluster summary and the slow-rank rules: each documented threshold at its value on both sides,
// Dixon / 3σ votes, HTA stragglers, and the per-rank figures of the shared two-rank job against
// each rank's own Overlap Analysis lanes.
#include "core/session/open_trace.h"
#include "core/analysis/cluster/cluster_from_store.h"
#include "core/analysis/cluster/cluster_summary.h"
#include "core/analysis/cluster/slow_rank_rules.h"
#include "core/store/trace_store.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

RankStepFigures figure(int rank, TimeNs computeNs, TimeNs commNs, TimeNs freeNs) {
    RankStepFigures f;
    f.rank = rank;
    f.step = "1";
    f.computeNs = computeNs;
    f.communicationNotOverlappedNs = commNs;
    f.freeNs = freeNs;
    f.stageNs = computeNs + commNs + freeNs;
    return f;
}

const AdvisorDimension& dimension(const std::vector<AdvisorDimension>& dims, const std::string& name) {
    for (const AdvisorDimension& d : dims)
        if (d.dimension == name) return d;
    FAIL("no dimension " << name);
    return dims.front();
}

CommOpRank op(const std::string& group, const std::string& name, int rank, TimeNs elapseNs) {
    CommOpRank o;
    o.group = group;
    o.opName = name;
    o.rank = rank;
    o.elapseNs = elapseNs;
    o.kind = "collective";
    return o;
}

} // namespace

TEST_CASE("cluster: advisor slow rank at (max - min) / mean = 0.05 exactly does not fire", "[ranks][cluster]") {
    // Rank totals 205 and 195: mean 200, computing gap 10, 10 / 200 = 0.05.
    auto dims = advisorStepImbalance({figure(0, 205, 0, 0), figure(1, 195, 0, 0)});
    CHECK(dimension(dims, "computing").ratio == Approx(0.05));
    CHECK_FALSE(dimension(dims, "computing").fires);
}

TEST_CASE("cluster: advisor slow rank just above 0.05 fires, names the rank and the reason", "[ranks][cluster]") {
    // Totals 205 and 194: mean 199.5, gap 11: 0.0551 > 0.05.
    ClusterStepSource source({});
    auto dims = advisorStepImbalance({figure(0, 205, 0, 0), figure(1, 194, 0, 0)});
    CHECK(dimension(dims, "computing").fires);
    CHECK(dimension(dims, "computing").maxRank == 0);
    // Communication: the rank that waits least is the one the others waited for.
    std::vector<RankStepFigures> comm = {figure(0, 100, 30, 0), figure(1, 100, 10, 20)};
    auto commDims = advisorStepImbalance(comm);
    CHECK(dimension(commDims, "communication_not_overlapped").fires);
    CHECK(dimension(commDims, "communication_not_overlapped").minRank == 1);
}

TEST_CASE("cluster: advisor ratio just below 0.05 does not fire", "[ranks][cluster]") {
    // Totals 2049 and 1951 over 2 ranks: mean 2000, gap 98: 0.049.
    auto dims = advisorStepImbalance({figure(0, 2049, 0, 0), figure(1, 1951, 0, 0)});
    CHECK(dimension(dims, "computing").ratio == Approx(0.049));
    CHECK_FALSE(dimension(dims, "computing").fires);
}

TEST_CASE("cluster: Dixon's test flags the shortest time when it stands out", "[ranks][cluster]") {
    // n = 5: q = (s1 - s0) / (s4 - s0) = 90 / 93 = 0.968 > 0.823.
    CHECK(dixonSlow({100, 10, 101, 102, 103}) == std::vector<std::size_t>{1});
    // q = 1 / 4 = 0.25: no outlier.
    CHECK(dixonSlow({100, 101, 102, 103, 104}).empty());
    // At most three distinct values: the recipe does not test.
    CHECK(dixonSlow({10, 100, 100, 101, 101}).empty());
    CHECK(dixonSlow({1, 2}).empty());
}

TEST_CASE("cluster: Dixon's table value itself is not an outlier (q > table, n = 4: 0.920)", "[ranks][cluster]") {
    // n = 4, q = (s1 - s0) / (s3 - s0): 92 / 100 = 0.92 exactly at the table value, 93 / 100 above it.
    CHECK(dixonSlow({0, 92, 99, 100}).empty());
    CHECK(dixonSlow({0, 93, 99, 100}) == std::vector<std::size_t>{0});
}

TEST_CASE("cluster: more than 100 ranks use 3 sigma", "[ranks][cluster]") {
    std::vector<double> times(101, 100.0);
    times[42] = 0.0; // far below mean - 3 sd
    CHECK(slowRankOutliers(times) == std::vector<std::size_t>{42});
    std::vector<double> even(101, 100.0);
    CHECK(slowRankOutliers(even).empty());
}

TEST_CASE("cluster: slow_rank votes per group and op; send/receive and unequal groups left out", "[ranks][cluster]") {
    std::vector<CommOpRank> ops;
    for (int rank = 0; rank < 5; ++rank) {
        ops.push_back(op("g", "hcom_allReduce__1", rank, rank == 3 ? 10 : 100 + rank));
        ops.push_back(op("g", "hcom_allReduce__2", rank, rank == 3 ? 20 : 200 + rank));
        ops.push_back(op("g", "hcom_send__1", rank, rank == 4 ? 1 : 500)); // p2p: not voted on
    }
    ops.push_back(op("h", "hcom_allGather__1", 0, 1));
    ops.push_back(op("h", "hcom_allGather__1", 1, 100));
    ops.push_back(op("h", "hcom_allGather__2", 0, 1)); // group h: ops of unequal counts
    SlowRankVotes votes = slowRankVotes(ops);
    CHECK(votes.votesByRank.size() == 1);
    CHECK(votes.votesByRank.at(3) == 2);
    CHECK(votes.excludedGroups == std::vector<std::string>{"h"});
    REQUIRE(votes.ops.size() == 2);
    CHECK(votes.ops[0].test == "dixon");
}

TEST_CASE("cluster: HTA stragglers are the ranks that start the dominant kernel late", "[ranks][cluster]") {
    std::vector<CommKernel> kernels;
    for (int it = 1; it <= 2; ++it)
        for (int rank = 0; rank < 4; ++rank) {
            TimeNs base = it * 1'000'000;
            // All end together at base + 500k; ranks 2 and 3 start late, so their kernels are shorter.
            TimeNs start = base + (rank >= 2 ? 300'000 + rank * 10'000 : rank * 1'000);
            kernels.push_back({rank, std::to_string(it), 7, "ncclKernel_AllReduce", start, base + 500'000 - start});
            kernels.push_back({rank, std::to_string(it), 7, "ncclKernel_Tiny", base, 10}); // below 1 % of an iteration
        }
    HtaStragglers s = htaStragglers(kernels);
    REQUIRE(s.applicable);
    CHECK(s.kernelName == "ncclKernel_AllReduce");
    CHECK(s.countByRank == std::map<int, int>{{2, 2}, {3, 2}});
    // Two ranks: with k = 2 every rank would be late; the rule does not apply.
    std::vector<CommKernel> two(kernels.begin(), kernels.begin() + 4);
    for (auto& k : two) k.rank %= 2;
    CHECK_FALSE(htaStragglers(two).applicable);
}

TEST_CASE("cluster: slow links by the advisor rule on per-rank bandwidth per link type", "[ranks][cluster]") {
    std::vector<CommOpRank> ops = {op("g", "a", 0, 1), op("g", "a", 1, 1)};
    ops[0].links.push_back({"HCCS", 20.0, 1'000'000, 20.0, 0, {}}); // 20 GB/s
    ops[1].links.push_back({"HCCS", 10.0, 1'000'000, 10.0, 0, {}}); // 10 GB/s
    ClusterSummary s = summarizeCluster(ClusterStepSource({}), ops, {});
    REQUIRE(s.slowLinks.size() == 1);
    CHECK(s.slowLinks[0].linkType == "HCCS");
    CHECK(s.slowLinks[0].rank == 1);
    CHECK(s.slowLinks[0].bandwidthGBps == Approx(10.0));
}

TEST_CASE("cluster: the shared two-rank job's figures equal each rank's Overlap Analysis lanes", "[ranks][cluster][shared]") {
    std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    std::string rank1 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("job.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({rank0, rank1}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    ClusterSummary s;
    REQUIRE(summarizeClusterStore(db, ClusterSourceChoice::DeviceTasks, &s, &error));
    REQUIRE(s.figures.size() == 2);
    for (const RankStepFigures& f : s.figures) {
        INFO("rank " << f.rank);
        CHECK(f.step == "50");
        auto lane = [&](const char* name) {
            return db.scalarInt("SELECT sum(s.dur) FROM slice s JOIN track t ON t.id = s.track_id JOIN thread th "
                                "ON th.id = t.thread_id JOIN process p ON p.id = t.process_id JOIN device d ON "
                                "d.id = t.device_id WHERE p.name = 'Overlap Analysis' AND d.rank = " +
                                std::to_string(f.rank) + " AND th.name = '" + name + "'");
        };
        // The lanes are written in µs with 3 decimals: equal to within 20 ns.
        CHECK(std::llabs(f.computeNs - lane("Computing")) <= 20);
        CHECK(std::llabs(f.communicationNs - lane("Communication")) <= 20);
        CHECK(std::llabs(f.communicationNotOverlappedNs - lane("Communication(Not Overlapped)")) <= 20);
        CHECK(std::llabs(f.freeNs - lane("Free")) <= 20);
    }
    // Rank 0 against its step_trace_time.csv: Stage 136581.0 µs.
    CHECK(std::llabs(s.figures[0].stageNs - 136'581'000) <= 20);
}
