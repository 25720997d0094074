// One clock: the automatic alignment of ranks plus a manual per-rank offset gives the same aligned
// time to the selection statistics (SelectionTrack::clockOffsetNs) and the cluster figures.
#include "core/session/open_trace.h"
#include "core/analysis/cluster/cluster_from_store.h"
#include "core/analysis/cluster/job_clock.h"
#include "core/analysis/selection_stats.h"
#include "core/store/timeline_data.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {
// A rank whose ProfilerStep#1 starts at stepUs and whose kernel starts 10 µs later.
std::string rankTrace(int rank, long long stepUs) {
    const std::string step = std::to_string(stepUs), kernel = std::to_string(stepUs + 10);
    return "{\"distributedInfo\": {\"rank\": " + std::to_string(rank) + "}, \"traceEvents\": [\n"
           "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#1\",\"pid\":100,\"tid\":1,\"ts\":" + step +
           ",\"dur\":1000},\n"
           "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" + kernel +
           ",\"dur\":100,\"args\":{\"stream\":7}}\n]}\n";
}
} // namespace

TEST_CASE("job clock: aligned time is the same in selection statistics and cluster figures", "[ranks][clock]") {
    TempDir dir;
    std::string a = dir.write("rank-0.json", rankTrace(0, 1'000));
    std::string b = dir.write("rank-1.json", rankTrace(1, 5'000)); // rank 1's clock runs 4 ms ahead
    OpenOptions options;
    options.storePath = dir.file("job.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({a, b}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);

    JobClock clock;
    REQUIRE(buildJobClock(db, {{1, 200}}, &clock, &error)); // a manual 200 ns on top for rank 1
    CHECK(clock.automatic == AlignmentSource::StepMarkers);
    CHECK(clock.rankOffsetNs(1) - clock.rankOffsetNs(0) == -4'000'000 + 200);

    const std::int64_t rank1Kernel = db.scalarInt(
        "SELECT s.track_id FROM slice s JOIN track t ON t.id = s.track_id JOIN device d ON d.id = t.device_id "
        "WHERE d.rank = 1");
    const TimeNs stored = db.scalarInt("SELECT min(ts) FROM slice WHERE track_id = " + std::to_string(rank1Kernel));
    const TimeNs aligned = clock.alignedNs(rank1Kernel, stored);
    CHECK(aligned == 1'010'000 + 200 + clock.rankOffsetNs(0));

    // Selection statistics over [aligned, aligned + 1): the kernel is found only on the job clock.
    SelectionStats stats;
    SelectionTrack onClock{rank1Kernel, -1, clock.trackOffsetNs(rank1Kernel)};
    REQUIRE(computeSelectionStats(db, {aligned, aligned + 1}, {onClock}, SelectionMode::Overlapping, &stats, &error));
    REQUIRE(stats.rows.size() == 1);
    CHECK(stats.rows[0].name == "gemm");
    SelectionTrack raw{rank1Kernel, -1, 0};
    REQUIRE(computeSelectionStats(db, {aligned, aligned + 1}, {raw}, SelectionMode::Overlapping, &stats, &error));
    CHECK(stats.rows.empty());

    // The timeline loaded on the job clock shows the kernel at the same time, and its track says the
    // shift Details and the selection panel add.
    TimelineLoadOptions load;
    for (const auto& [process, offset] : clock.offsetByProcess) load.processShiftNs.emplace_back(process, offset);
    auto timeline = TimelineData::load(db, load, &error);
    REQUIRE(timeline);
    const auto& track = timeline->tracks()[static_cast<std::size_t>(timeline->trackIndexOf(rank1Kernel))];
    CHECK(track.clockShiftNs == clock.trackOffsetNs(rank1Kernel));
    CHECK(timeline->slices()[track.depths.front().begin].tsNs == aligned);

    // The cluster figures: rank 1's step starts at its first busy interval, on the same clock.
    ClusterSummary summary;
    REQUIRE(summarizeClusterStore(db, ClusterSourceChoice::DeviceTasks, &summary, &error));
    applyJobClock(clock, &summary);
    REQUIRE(summary.figures.size() == 2);
    CHECK(summary.figures[1].rank == 1);
    CHECK(summary.figures[1].startNs == aligned);
    CHECK(summary.figures[0].startNs + 200 == aligned); // the automatic alignment lined the steps up
}
