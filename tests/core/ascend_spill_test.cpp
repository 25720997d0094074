// A large Ascend import keeps its memory bounded: the record of the timeline spills to scratch files,
// the join candidates move to a scratch database, and the writer spills metrics and applies the types
// of spilled slices at finish(). The stores must be the very same as the in-memory path's: these
// tests force every spill on the fixture folders and the shared samples and compare every table
// row by row (OPSCOPE_SPILL_BUDGET_MB=0, as tests/core/store_spill_test.cpp does for Chrome JSON).
#include "ascend_db_fixture.h"
#include "ascend_test_support.h"
#include "core/importers/ascend/ascend_timeline.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace opscope;
using namespace opscope::ascend;
using namespace opscope::test;

namespace {

const std::string kData = std::string(OPSCOPE_TEST_DATA) + "/ascend";

// Every table an Ascend import writes, as text rows in a fixed order.
std::vector<std::string> dump(const std::string& storePath) {
    Database db = openReadOnly(storePath);
    const char* queries[] = {
        "SELECT id, track, ts, dur, depth, coalesce(parent_id, 0), self_dur, name, coalesce(category, ''), "
        "coalesce(type, ''), coalesce(args, ''), flags FROM slice_view ORDER BY id",
        "SELECT slice_id, name, coalesce(num, ''), coalesce(txt, ''), coalesce(unit, ''), coalesce(group_name, '') "
        "FROM metric_view ORDER BY slice_id, name",
        "SELECT slice_out, slice_in, coalesce(cat, ''), coalesce(name, '') FROM flow ORDER BY slice_out, slice_in, name",
        "SELECT id, coalesce(process_id, 0), coalesce(thread_id, 0), kind, name, lane, is_compute, coalesce(device_id, 0), "
        "slice_count, counter_count, max_depth FROM track ORDER BY id",
        "SELECT id, name, coalesce(labels, ''), coalesce(device_id, 0) FROM process ORDER BY id",
        "SELECT track_id, ts, value FROM counter ORDER BY track_id, ts",
        "SELECT code, count, coalesce(sample, '') FROM warning ORDER BY code, sample",
        "SELECT id, name, kind FROM device ORDER BY id",
        "SELECT path, role, status, coalesce(reason, ''), events FROM source_file ORDER BY path, role",
        "SELECT * FROM ascend_statistic ORDER BY id",
        "SELECT * FROM ascend_operator_detail ORDER BY id",
    };
    std::vector<std::string> rows;
    for (const char* sql : queries) {
        Statement st = db.prepare(sql);
        while (st.step()) {
            std::string row;
            for (int c = 0; c < st.columnCount(); ++c) row += st.text(c) + "|";
            rows.push_back(row);
        }
        rows.push_back("--");
    }
    return rows;
}

struct SpillRun {
    AscendOutcome outcome;
    std::vector<std::string> rows;
};

SpillRun importWithBudget(const std::string& path, bool spill) {
    TempDir dir;
    if (spill) ::setenv("OPSCOPE_SPILL_BUDGET_MB", "0", 1);
    else ::unsetenv("OPSCOPE_SPILL_BUDGET_MB");
    SpillRun run;
    run.outcome = importAscendPath(dir, path);
    ::unsetenv("OPSCOPE_SPILL_BUDGET_MB");
    INFO(describe(run.outcome.error));
    REQUIRE(run.outcome.ok);
    run.rows = dump(run.outcome.storePath);
    // Scratch files are unlinked when made: nothing but the store is left in the folder.
    std::vector<std::string> left;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) left.push_back(entry.path().filename());
    CHECK(left == std::vector<std::string>{"ascend.sqlite"});
    return run;
}

void requireSameStores(const std::string& path, std::size_t minimumRows) {
    const SpillRun memory = importWithBudget(path, false);
    const SpillRun spilled = importWithBudget(path, true);
    CHECK(memory.rows.size() > minimumRows);
    CHECK(memory.outcome.report.joinedRows == spilled.outcome.report.joinedRows);
    CHECK(memory.outcome.report.unjoinedRows == spilled.outcome.report.unjoinedRows);
    REQUIRE(memory.rows.size() == spilled.rows.size());
    std::size_t differing = 0;
    for (std::size_t i = 0; i < memory.rows.size(); ++i) {
        if (memory.rows[i] == spilled.rows[i]) continue;
        if (++differing <= 5) CHECK(memory.rows[i] == spilled.rows[i]);
    }
    CHECK(differing == 0);
}

} // namespace

TEST_CASE("ascend spill: the fixture folders import alike with and without spilling", "[ascend][spill]") {
    // joins by task id (a reused one too), by name, l2_cache by occurrence, communication.json, counters
    requireSameStores(kData + "/torch_npu_rank0/rank0_ascend_pt", 200);
    requireSameStores(kData + "/msprof_prof", 50);   // two devices in one timeline
    requireSameStores(kData + "/multi_rank", 50);    // two units, two ranks
    requireSameStores(kData + "/legacy_prof", 20);   // task_time merged into the timeline's args
}

TEST_CASE("ascend spill: an msprof DB export imports alike with and without spilling", "[ascend][spill]") {
    TempDir dir;
    const std::string db = writeExport(dir, "PROF_1/device_0/msprof_1.db");
    requireSameStores(db, 20);
}

TEST_CASE("ascend spill: the shared torch_npu ranks import alike with and without spilling", "[ascend][spill][shared]") {
    requireSameStores(sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt"), 10000);
    requireSameStores(sharedPathOrSkip("samples/ascend/torch_npu_text_rank1/rank1_ascend_pt"), 10000);
}

TEST_CASE("ascend spill: a spilled record stages its candidates and finds what the lists find", "[ascend][spill]") {
    TempDir dir;
    Error error;
    auto writer = StoreWriter::create(dir.file("staged.sqlite"), &error);
    REQUIRE(writer);
    for (bool spill : {false, true}) {
        EmittedRecord record(*writer, EmittedRecord::Keep{true, false, {}});
        record.setSliceBudgetBytes(spill ? 0 : std::size_t{1} << 20);
        ProcessId p = record.process(spill ? "b" : "a");
        record.setProcessName(p, "Ascend Hardware");
        record.setProcessLabels(p, "NPU 0");
        ThreadId t = record.thread(p, "3");
        record.setThreadName(t, "Stream 3");
        TrackId track = record.threadTrack(t);
        std::vector<PendingSliceIndex> slices;
        // Task id 9 three times: at 1000, at 1500 and again at 1000 (a tie, the first emitted wins).
        for (TimeNs ts : {1000, 1500, 1000}) {
            SliceInput in;
            in.track = track;
            in.tsNs = ts;
            in.durNs = 10;
            in.name = "k";
            in.args = record.addArgs(R"({"Task Type":"AI_CORE","Stream Id":3,"Task Id":9})");
            slices.push_back(record.addSlice(in));
        }
        AscendTimeline timeline;
        timeline.build(record, 0);
        CHECK(timeline.staged() == spill);
        JoinSet used;
        auto first = timeline.findTask(0, 3, 9, 1100, 1000, used);
        REQUIRE(first);
        CHECK(first->slice == slices[0]);
        CHECK(first->track == track);
        used.insert(first->slice);
        auto second = timeline.findTask(0, 3, 9, 1100, 1000, used);
        REQUIRE(second);
        CHECK(second->slice == slices[2]); // 100 ns away, before the one 400 ns away
        CHECK(timeline.findTask(0, 3, 9, 1100, 99, used) == std::nullopt); // outside the window
        CHECK(timeline.findHardwareByName(0, "k", 1499, 1, used)->slice == slices[1]);
        CHECK(timeline.findHardwareByName(0, "other", 1500, 1, used) == std::nullopt);
        CHECK(timeline.taskOccurrence(0, 3, 9, 2) == slices[1]); // in time order: 1000, 1000, 1500
        CHECK(timeline.taskOccurrence(0, 3, 9, 3) == std::nullopt);
        CHECK(timeline.sliceName(slices[1]) == "k");
        CHECK(timeline.slice(slices[1])->tsNs == 1500);
        CHECK(timeline.slice(slices[1])->args == R"({"Task Type":"AI_CORE","Stream Id":3,"Task Id":9})");
        CHECK(timeline.computeTracks().count(track) == 1);
    }
}

TEST_CASE("ascend spill: a spilled slice keeps its later type and its metrics", "[ascend][spill][store]") {
    TempDir dir;
    Error error;
    auto writer = StoreWriter::create(dir.file("types.sqlite"), &error);
    REQUIRE(writer);
    writer->setSpillBudgetBytes(0);
    ProcessId p = writer->process("1");
    TrackId t = writer->threadTrack(writer->thread(p, "1"));
    PendingSliceIndex a = writer->addSlice({t, 0, 10, "a", {}, {}, 0, 0});
    PendingSliceIndex b = writer->addSlice({t, 20, 10, "b", {}, "first", 0, 0});
    CHECK(writer->spilled());
    writer->setSliceType(a, "MatMulV2");
    writer->setSliceType(b, "second");
    writer->setSliceType(b, "third"); // the last one set wins, as in memory
    writer->addMetric(a, "Duration", 0.01, {}, "us", "Timing");
    writer->addMetric(b, "Input Shapes", std::nullopt, "\"1,2\"", {}, "Shapes");
    ImportSummary summary;
    REQUIRE(writer->finish(&summary, &error));
    Database db = openReadOnly(dir.file("types.sqlite"));
    CHECK(db.scalarText("SELECT group_concat(name || ':' || type, ',') FROM (SELECT * FROM slice_view ORDER BY id)") ==
          "a:MatMulV2,b:third");
    CHECK(db.scalarText("SELECT group_concat(s.name || ':' || m.name || '=' || coalesce(m.txt, m.num), ',') FROM "
                        "metric_view m JOIN slice_view s ON s.id = m.slice_id") == "a:Duration=0.01,b:Input Shapes=\"1,2\"");
}

TEST_CASE("ascend spill: JoinSet holds exactly the slices inserted", "[ascend][spill]") {
    JoinSet used;
    CHECK_FALSE(used.count(0));
    used.insert(63);
    used.insert(64);
    used.insert(1'000'000);
    CHECK(used.count(63));
    CHECK(used.count(64));
    CHECK(used.count(1'000'000));
    CHECK_FALSE(used.count(62));
    CHECK_FALSE(used.count(65));
    CHECK_FALSE(used.count(999'999));
    CHECK_FALSE(used.count(0xfffffffeu));
}
