// The msprof-analyze advisor's slow rank and slow link as diagnosis rules: fired and not fired exactly at
// the 0.05 threshold, missing input on one rank, and the same ratios as the cluster view's arithmetic.
#include "analysis_fixture.h"
#include "ascend_test_support.h"
#include "rule_finding.h"

#include "core/analysis/cluster/cluster_from_store.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/session/open_trace.h"
#include "core/store/cluster_tables.h"

#include <filesystem>
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// One rank's msprof-style timeline: one AI_CORE task starting at 1 us, lasting durUs.
std::string rankTrace(const std::string& durUs) {
    return R"([{"ph":"M","name":"process_name","pid":1024,"tid":0,"args":{"name":"Ascend Hardware"}},
{"ph":"M","name":"thread_name","pid":1024,"tid":2,"args":{"name":"Stream 2"}},
{"ph":"X","pid":1024,"tid":2,"name":"MatMul","ts":1,"dur":)" +
           durUs + R"(,"args":{"Task Type":"AI_CORE"}}])";
}

// Two ranks (rank0/, rank1/ folders imported together), each one task long, no steps: each rank's
// computing is its task, free 0.
Finding slowRankOf(const std::string& rank0Us, const std::string& rank1Us, const std::string& params = {}) {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "r0");
    std::filesystem::create_directories(dir.path() / "r1");
    OpenOptions options;
    options.storePath = dir.file("job.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("r0/rank0.json", rankTrace(rank0Us)), dir.write("r1/rank1.json", rankTrace(rank1Us))}, options,
                      ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    return findingOf(db, "ascend_slow_rank", params);
}

// One operator on each of two ranks moving sizeMB over HCCS in transitNs.
Database& linkStore(AnalysisStore& s, std::pair<double, double> sizeMB, TimeNs transitNs = 1'000'000) {
    s.slice(s.computeTrack(0, "Stream 2"), 0, 1000, "K");
    std::vector<CommOpRank> ops;
    for (int rank = 0; rank < 2; ++rank)
        ops.push_back(commOpOnLink(rank, "hcom_allReduce__1", 2000, 2 * transitNs, "HCCS", rank == 0 ? sizeMB.first : sizeMB.second,
                                   transitNs));
    writeCommOps(s.writer().database(), "communication.json", ops);
    return s.finish();
}

} // namespace

TEST_CASE("ascend advisor: slow rank at (max - min) / mean of the totals above 0.05", "[diagnosis][ascend][cluster]") {
    // Computing 205 and 195 us: gap 10 over a mean total of 200 = 0.05 exactly: not above.
    Finding f = slowRankOf("205", "195");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Passed);
    CHECK(f.measured == Approx(0.05));
    CHECK(f.threshold == 0.05);
    CHECK(mentions(f.detail, "2 ranks from device_tasks"));
    // 205 and 194.999 us: the gap is 1 ns more, the ratio just above.
    Finding fired = slowRankOf("205", "194.999");
    INFO(fired.detail);
    CHECK(fired.status == FindingStatus::Fired);
    CHECK(fired.timeAtStakeNs == 10'001);
    // The evidence is the rank that computes longer, its whole trace as one step.
    REQUIRE(fired.ranges.size() == 1);
    CHECK(fired.ranges[0].startNs == 1000);
    CHECK(fired.ranges[0].endNs == 206'000);
    CHECK(mentions(fired.ranges[0].label, "rank 0: computing 205us"));
    // The rules file's threshold applies, decided exactly: at 0.0501 the same store passes.
    CHECK(slowRankOf("205", "194.999", R"({"threshold": 0.0501})").status == FindingStatus::Passed);
}

TEST_CASE("ascend advisor: slow rank needs the ranks of one job", "[diagnosis][ascend][cluster]") {
    AnalysisStore one;
    one.slice(one.computeTrack(0, "Stream 2"), 0, 1000, "K");
    Finding m = findingOf(one.finish(), "ascend_slow_rank");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "ranks of one job"));
}

TEST_CASE("ascend advisor: slow link at (max - min) / mean of the ranks' bandwidths above 0.05", "[diagnosis][ascend][cluster]") {
    // 39 and 41 GB/s: gap 2 over a mean of 40 = 0.05 exactly: not above.
    AnalysisStore at;
    Finding f = findingOf(linkStore(at, {39, 41}), "ascend_slow_link");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Passed);
    CHECK(f.measured == Approx(0.05));
    // 38.99 and 41 GB/s: just above; rank 0 is the slow one.
    AnalysisStore above;
    Finding fired = findingOf(linkStore(above, {38.99, 41}), "ascend_slow_link");
    INFO(fired.detail);
    CHECK(fired.status == FindingStatus::Fired);
    CHECK(fired.measured == Approx(2.01 / 39.995));
    REQUIRE(fired.ranges.size() == 1);
    CHECK(fired.ranges[0].startNs == 2000);
    CHECK(mentions(fired.ranges[0].label, "rank 0 hcom_allReduce__1: HCCS 38.99 GB/s"));
    // Time at stake: 1 ms of transit against 38.99 MB / 39.995 GB/s = 0.974872 ms at the mean.
    CHECK(fired.timeAtStakeNs == 1'000'000 - 974'872);
    // The cluster view names the same link from the same arithmetic.
    Error error;
    CommunicationOverview overview;
    REQUIRE(communicationOfStore(above.db(), &overview, &error));
    REQUIRE(overview.slowLinks.size() == 1);
    CHECK(overview.slowLinks[0].ratio == fired.measured);
    CHECK(overview.slowLinks[0].rank == 0);
}

TEST_CASE("ascend advisor: slow link needs the bandwidth of two ranks", "[diagnosis][ascend][cluster]") {
    AnalysisStore none;
    none.slice(none.computeTrack(0, "Stream 2"), 0, 1000, "K");
    Finding m = findingOf(none.finish(), "ascend_slow_link");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "communication bandwidth"));
}

// The two shared torch_npu ranks imported together: the slow-rank rule sees two ranks and gives the cluster
// view's ratio; rank 1 exported no communication.json, so the slow link has one rank's bandwidth only.
TEST_CASE("ascend advisor shared: slow rank and slow link on the two-rank job equal the cluster view",
          "[diagnosis][ascend][cluster][shared]") {
    const std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    const std::string rank1 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("job.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({rank0, rank1}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    ClusterSummary summary;
    REQUIRE(summarizeClusterStore(db, ClusterSourceChoice::Auto, &summary, &error));
    double largest = 0;
    bool fires = false;
    for (const AdvisorDimension& d : summary.advisor) largest = std::max(largest, d.ratio), fires = fires || d.fires;
    const Finding slowRank = findingOf(db, "ascend_slow_rank");
    INFO(slowRank.detail);
    CHECK(slowRank.status == (fires ? FindingStatus::Fired : FindingStatus::Passed));
    CHECK(slowRank.measured == largest);
    CHECK(mentions(slowRank.detail, "2 ranks from device_tasks"));
    CHECK(findingOf(db, "ascend_slow_link").status == FindingStatus::MissingInput);
}

// msprof-analyze's cluster_analysis_output of an 8-rank job: the figures of cluster_step_trace_time.csv and
// cluster_communication.json, checked against a Python reading of the two files.
TEST_CASE("ascend advisor shared: slow rank and slow link from cluster_analysis_output", "[diagnosis][ascend][cluster][shared]") {
    const std::string folder = sharedPathOrSkip("samples/ascend/cluster_analysis_output");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("cluster.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({folder}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    // Communication not overlapped spans 133,385.977 (rank 1) to 756,374.86 us (rank 5): 0.36353 of the mean
    // rank total; free 0.34765; computing 0.00092.
    const Finding slowRank = findingOf(db, "ascend_slow_rank");
    INFO(slowRank.detail);
    CHECK(slowRank.status == FindingStatus::Fired);
    CHECK(slowRank.measured == Approx(0.3635267253));
    CHECK(slowRank.timeAtStakeNs == Approx(622'988'882.5).margin(2));
    CHECK(mentions(slowRank.detail, "8 ranks from cluster_step_trace_time"));
    // Ranks 0 and 1 in cluster_communication.json: HCCS 2.58032 against 2.55697 GB/s is the widest spread.
    // Transit times are kept in whole ns (0.024799765625 ms is 24,800 ns): the file's own float ms give
    // 0.0090894 instead of 0.0090911.
    const Finding slowLink = findingOf(db, "ascend_slow_link");
    INFO(slowLink.detail);
    CHECK(slowLink.status == FindingStatus::Passed);
    CHECK(slowLink.measured == Approx(0.0090911066));
}
