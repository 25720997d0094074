// One run's text export (trace_view.json) and DB export give the same processes, labels, thread lanes
// and counter lanes: a user switching layouts finds every lane under the name they know.
#include "ascend_db_fixture.h"
#include "ascend_test_support.h"

#include <catch2/catch.hpp>

#include <set>
#include <tuple>

using namespace opscope;
using namespace opscope::test;

namespace {

const std::string kRun = std::string(OPSCOPE_TEST_DATA) + "/ascend/torch_npu_rank0/rank0_ascend_pt";

using Lane = std::tuple<std::string, std::string, std::string, std::string, std::string>;

// (process, labels, kind, thread, counter name + unit) of every track with data. A thread lane is known
// by its thread's name; its track's own name is the tid, which the DB does not have for every lane.
std::set<Lane> lanesOf(const std::string& storePath) {
    Database db = openReadOnly(storePath);
    Statement st = db.prepare(
        "SELECT p.name, coalesce(p.labels, ''), t.kind, coalesce(th.name, ''), "
        "CASE t.kind WHEN 'counter' THEN t.name || ' [' || coalesce(t.unit, '') || ']' ELSE '' END "
        "FROM track t JOIN process p ON p.id = t.process_id LEFT JOIN thread th ON th.id = t.thread_id "
        "WHERE t.slice_count > 0 OR t.counter_count > 0");
    std::set<Lane> lanes;
    while (st.step()) lanes.emplace(st.text(0), st.text(1), st.text(2), st.text(3), st.text(4));
    return lanes;
}

std::string describeLanes(const std::set<Lane>& lanes) {
    std::string text;
    for (const auto& [process, labels, kind, thread, track] : lanes)
        text += process + " (" + labels + ") " + kind + " " + thread + " / " + track + "\n";
    return text;
}

} // namespace

TEST_CASE("ascend text and DB names: one run's two exports give the same processes and lanes", "[ascend][db][names]") {
    TempDir out1, out2, dir;
    AscendOutcome text = importAscendPath(out1, kRun + "/ASCEND_PROFILER_OUTPUT/trace_view.json");
    AscendOutcome db = importAscendPath(out2, writeExport(dir, "run_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db"));
    INFO(describe(text.error) << describe(db.error));
    REQUIRE(text.ok);
    REQUIRE(db.ok);
    std::set<Lane> fromText = lanesOf(text.storePath);
    std::set<Lane> fromDb = lanesOf(db.storePath);
    // The DB's STEP_TIME is step_trace_time.csv's in the text layout: not in trace_view.json.
    std::erase_if(fromDb, [](const Lane& l) { return std::get<0>(l) == "Step Trace"; });
    INFO("text:\n" << describeLanes(fromText) << "db:\n" << describeLanes(fromDb));
    CHECK(fromText == fromDb);
    // What the names are, so that both cannot drift together.
    CHECK(fromText.count({"HCCL", "NPU 0", "thread", "Group 0 Communication", ""}) == 1);
    CHECK(fromText.count({"HBM", "NPU 0", "counter", "", "HBM 0/Read Read(MB/s) [MB/s]"}) == 1);
    CHECK(fromText.count({"AI Core Freq", "NPU 0", "counter", "", "AI Core Freq MHz [MHz]"}) == 1);
    CHECK(fromText.count({"Python", "CPU", "thread", "Thread 4100", ""}) == 1);
}

TEST_CASE("ascend text and DB names: an msprof DB keeps msprof's Communication group", "[ascend][db][names]") {
    TempDir dir, out;
    // The fixture without PYTORCH_API is a plain msprof export, whose JSON says "Communication".
    std::string file = writeExport(dir, "PROF_1/msprof_1.db");
    {
        std::filesystem::permissions(file, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
        Database writable(file, Database::Mode::ReadWrite);
        writable.exec("DROP TABLE PYTORCH_API; DROP TABLE CONNECTION_IDS;");
    }
    AscendOutcome result = importAscendPath(out, file);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM process WHERE name = 'Communication'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM process WHERE name = 'HCCL'") == 0);
}
