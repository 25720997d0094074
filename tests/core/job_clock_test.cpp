// One clock: the automatic alignment of ranks plus a manual per-rank offset gives the same aligned
// time to the selection statistics (SelectionTrack::clockOffsetNs) and the cluster figures; manual
// offsets stored in the store (rank_clock_offset) reach the aligned timeline and the CLI.
#include "core/session/open_trace.h"
#include "core/analysis/cluster/cluster_from_store.h"
#include "core/analysis/cluster/job_clock.h"
#include "core/analysis/selection/selection_stats.h"
#include "core/session/trace_session.h"
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
// Rank 0 and rank 1 (whose clock runs 4 ms ahead) opened as one job in a session over dir/job.sqlite.
std::shared_ptr<TraceSession> openTwoRankJob(TempDir& dir, OpenOptions* options, Error* error) {
    std::string a = dir.write("rank-0.json", rankTrace(0, 1'000));
    std::string b = dir.write("rank-1.json", rankTrace(1, 5'000));
    options->storePath = dir.file("job.sqlite");
    return TraceSession::open({a, b}, *options, ImportProgress{}, nullptr, error);
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

    // The cluster figures: rank 1's step starts where its range starts (the host step, 10 µs before its
    // kernel), on the same clock.
    ClusterSummary summary;
    REQUIRE(summarizeClusterStore(db, ClusterSourceChoice::DeviceTasks, &summary, &error));
    applyJobClock(clock, &summary);
    REQUIRE(summary.figures.size() == 2);
    CHECK(summary.figures[1].rank == 1);
    CHECK(summary.figures[1].startNs + 10'000 == aligned);
    CHECK(summary.figures[0].startNs + 200 == summary.figures[1].startNs); // the automatic alignment lined the steps up
}

TEST_CASE("job clock: manual offsets stored in the store move the aligned timeline, the rank clock and the job clock", "[ranks][clock]") {
    TempDir dir;
    OpenOptions options;
    Error error;
    std::shared_ptr<TraceSession> session = openTwoRankJob(dir, &options, &error);
    REQUIRE(session);
    std::vector<RankClockRow> rows;
    REQUIRE(session->rankClock(&rows, &error));
    REQUIRE(rows.size() == 2);
    CHECK(rows[1].automaticNs - rows[0].automaticNs == -4'000'000);
    CHECK(rows[1].manualNs == 0);

    REQUIRE(session->setRankClockOffsets({{1, 300}, {0, 0}}, &error));
    REQUIRE(session->rankClock(&rows, &error));
    CHECK(rows[1].manualNs == 300);
    CHECK(rows[1].automaticNs - rows[0].automaticNs == -4'000'000); // the automatic part is unchanged
    {
        Database db = openReadOnly(options.storePath);
        CHECK(db.scalarInt("SELECT count(*) FROM rank_clock_offset") == 1); // a zero is not kept
        JobClock clock;
        REQUIRE(buildJobClock(db, {}, &clock, &error));
        CHECK(clock.rankOffsetNs(1) - clock.rankOffsetNs(0) == -4'000'000 + 300);
        REQUIRE(buildJobClock(db, {{1, 50}}, &clock, &error)); // the CLI's --offset replaces the stored one
        CHECK(clock.rankOffsetNs(1) - clock.rankOffsetNs(0) == -4'000'000 + 50);
    }
    // The aligned timeline (Align Devices) carries the manual part in each of rank 1's tracks.
    DeviceAlignment alignment;
    std::shared_ptr<const TimelineData> aligned;
    REQUIRE(session->alignedTimeline(AlignmentOptions{}, &alignment, &aligned, &error));
    REQUIRE(aligned);
    TimeNs rank0Shift = 0, rank1Shift = 0;
    for (const TimelineTrack& t : aligned->tracks()) {
        const std::string& device = aligned->processes()[t.processIndex].deviceName;
        if (device.find("rank 1") != std::string::npos) rank1Shift = t.clockShiftNs;
        if (device.find("rank 0") != std::string::npos) rank0Shift = t.clockShiftNs;
    }
    CHECK(rank1Shift - rank0Shift == -4'000'000 + 300);
}

TEST_CASE("job clock: a rank with a device but no process has no automatic offset, whatever its manual one", "[ranks][clock]") {
    TempDir dir;
    OpenOptions options;
    Error error;
    {
        std::shared_ptr<TraceSession> session = openTwoRankJob(dir, &options, &error);
        REQUIRE(session);
        REQUIRE(session->setRankClockOffsets({{1, 300}}, &error));
    }
    {
        // Rank 1's device keeps its rank, but no process belongs to it any more.
        Database db(options.storePath, Database::Mode::ReadWrite);
        db.exec("UPDATE process SET device_id = NULL WHERE device_id IN (SELECT id FROM device WHERE rank = 1)");
    }
    Database db = openReadOnly(options.storePath);
    std::vector<RankClockRow> rows;
    REQUIRE(rankClockRows(db, &rows, &error));
    REQUIRE(rows.size() == 2);
    CHECK(rows[1].rank == 1);
    CHECK(rows[1].manualNs == 300);
    CHECK(rows[1].automaticNs == 0); // not minus the manual offset
}
