// Launch keys, link rows, flow launch candidates and device-class rows wait in sorted runs on disk
// past their budget (core/store/sorted_spill.h). A spilled import must write the very store an
// in-memory one does, launch links and device classes included; the budget is tested on both sides.
#include "core/session/open_trace.h"
#include "core/store/sorted_spill.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace opscope;
using namespace opscope::test;

namespace {

struct Record {
    int key;
    int arrival;
};
struct ByKeyThenArrival {
    bool operator()(const Record& a, const Record& b) const {
        return a.key != b.key ? a.key < b.key : a.arrival < b.arrival;
    }
};
using RecordSpill = SortedSpill<Record, ByKeyThenArrival>;

std::vector<Record> drained(RecordSpill& spill) {
    std::vector<Record> out;
    spill.drainInOrder([&](const Record& r) { out.push_back(r); });
    return out;
}

// Kineto shapes on a host thread and a GPU stream: a kernel linked by correlation; one whose
// correlation has no host call, linked by External id (runtime call before operator) and keeping its
// correlation; one with three host calls of its id (the latest before it wins, not the one after);
// one linked only by an ac2g flow; one by flow whose correlation had no call; a key with no call.
const char* kLaunchTrace = R"([
{"ph":"M","name":"process_name","pid":1,"args":{"name":"python"}},
{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},
{"ph":"X","name":"aten::mm","cat":"cpu_op","pid":1,"tid":1,"ts":0,"dur":100,"args":{"External id":20}},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":1,"External id":10}},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":20,"dur":5,"args":{"External id":20}},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":30,"dur":5,"args":{"correlation":3}},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":40,"dur":5,"args":{"correlation":3}},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":145,"dur":5,"args":{"correlation":3}},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":50,"dur":5},
{"ph":"X","name":"cudaLaunchKernel","cat":"cuda_runtime","pid":1,"tid":1,"ts":60,"dur":5},
{"ph":"s","name":"ac2g","cat":"ac2g","id":4,"pid":1,"tid":1,"ts":51},
{"ph":"s","name":"ac2g","cat":"ac2g","id":5,"pid":1,"tid":1,"ts":61},
{"ph":"X","name":"k1","cat":"kernel","pid":0,"tid":7,"ts":100,"dur":10,"args":{"correlation":1,"External id":10}},
{"ph":"X","name":"k2","cat":"kernel","pid":0,"tid":7,"ts":120,"dur":10,"args":{"correlation":2,"External id":20}},
{"ph":"X","name":"k3","cat":"kernel","pid":0,"tid":7,"ts":140,"dur":10,"args":{"correlation":3}},
{"ph":"X","name":"k4","cat":"kernel","pid":0,"tid":7,"ts":160,"dur":10},
{"ph":"f","name":"ac2g","cat":"ac2g","id":4,"pid":0,"tid":7,"ts":160,"bp":"e"},
{"ph":"X","name":"k5","cat":"kernel","pid":0,"tid":7,"ts":180,"dur":10,"args":{"correlation":5}},
{"ph":"f","name":"ac2g","cat":"ac2g","id":5,"pid":0,"tid":7,"ts":180,"bp":"e"},
{"ph":"X","name":"memcpy","cat":"gpu_memcpy","pid":0,"tid":8,"ts":200,"dur":10,"args":{"correlation":99}}
])";

// Every table's rows as text (meta's creation time and the input's path left out), sorted per table.
std::map<std::string, std::vector<std::string>> everyRow(const std::string& store) {
    Database db = openReadOnly(store);
    std::map<std::string, std::vector<std::string>> out;
    Statement tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    while (tables.step()) {
        const std::string table = tables.text(0);
        if (table == "source_file") continue;
        Statement rows = db.prepare("SELECT * FROM \"" + table + "\"" +
                                    (table == "meta" ? " WHERE key NOT IN ('created_at_unix', 'source_path')" : ""));
        std::vector<std::string>& text = out[table];
        while (rows.step()) {
            std::string row;
            for (int c = 0; c < rows.columnCount(); ++c) row += (rows.isNull(c) ? std::string("NULL") : rows.text(c)) + "|";
            text.push_back(row);
        }
        std::sort(text.begin(), text.end());
    }
    return out;
}

// Through openTrace (device classes included); spill: every budget at 0, so each record is a run.
std::string importWithBudget(const TempDir& dir, const std::string& trace, bool spill, const std::string& storeName) {
    if (spill) ::setenv("OPSCOPE_SPILL_BUDGET_MB", "0", 1);
    else ::unsetenv("OPSCOPE_SPILL_BUDGET_MB");
    OpenOptions options;
    options.storePath = dir.file(storeName);
    options.forceReimport = true;
    OpenResult result;
    Error error;
    const bool ok = openTrace({trace}, options, {}, &result, &error);
    ::unsetenv("OPSCOPE_SPILL_BUDGET_MB");
    INFO(error.expected << " " << error.detail);
    REQUIRE(ok);
    return result.storePath;
}

} // namespace

TEST_CASE("sorted spill: records below the budget stay in memory, at it they spill; same order either way",
          "[store][spill][launch]") {
    TempDir dir;
    const std::vector<Record> input = {{5, 0}, {1, 1}, {5, 2}, {3, 3}, {1, 4}, {4, 5}};
    std::vector<Record> expected = input;
    std::sort(expected.begin(), expected.end(), ByKeyThenArrival());
    auto same = [&](const std::vector<Record>& got) {
        REQUIRE(got.size() == expected.size());
        for (std::size_t i = 0; i < got.size(); ++i) {
            CHECK(got[i].key == expected[i].key);
            CHECK(got[i].arrival == expected[i].arrival);
        }
    };
    // One record short of the budget: nothing moves to disk.
    RecordSpill below(dir.file("below"), (input.size() + 1) * sizeof(Record));
    for (const Record& r : input) below.push(r);
    CHECK_FALSE(below.spilled());
    CHECK(below.size() == input.size());
    same(drained(below));
    CHECK(below.empty());
    // The budget reached by the last record: one run on disk.
    RecordSpill at(dir.file("at"), input.size() * sizeof(Record));
    for (std::size_t i = 0; i + 1 < input.size(); ++i) at.push(input[i]);
    CHECK_FALSE(at.spilled());
    at.push(input.back());
    CHECK(at.spilled());
    same(drained(at));
    // Runs of two and a rest in memory: merged.
    RecordSpill runs(dir.file("runs"), 2 * sizeof(Record));
    for (const Record& r : input) runs.push(r);
    runs.push({0, 6});
    CHECK(runs.spilled());
    expected.insert(expected.begin(), Record{0, 6});
    same(drained(runs));
}

TEST_CASE("a spilled import writes the same launch links and device classes as an in-memory one",
          "[store][spill][launch]") {
    TempDir dir;
    const std::string trace = dir.write("launch.json", kLaunchTrace);
    const std::string memoryStore = importWithBudget(dir, trace, false, "memory.sqlite");
    const auto inMemory = everyRow(memoryStore);
    const auto spilled = everyRow(importWithBudget(dir, trace, true, "spilled.sqlite"));
    {
        Database db = openReadOnly(memoryStore);
        auto linkOf = [&](const char* kernel) {
            return db.scalarText("SELECT c.ts || ':' || l.source || ':' || coalesce(l.correlation_id, 'none') FROM launch_link l "
                                 "JOIN slice d ON d.id = l.device_slice_id JOIN slice c ON c.id = l.call_slice_id "
                                 "JOIN string n ON n.id = d.name_id WHERE n.value = '" + std::string(kernel) + "'");
        };
        CHECK(linkOf("k1") == "10000:correlation:1");
        CHECK(linkOf("k2") == "20000:external_id:2"); // the runtime call, not aten::mm; k2's own correlation
        CHECK(linkOf("k3") == "40000:correlation:3"); // the latest call before the kernel
        CHECK(linkOf("k4") == "50000:flow:none");
        CHECK(linkOf("k5") == "60000:flow:5");
        CHECK(db.scalarInt("SELECT count(*) FROM launch_link") == 5);
        CHECK(db.scalarInt("SELECT count(*) FROM device_slice_class") >= 5);
    }
    REQUIRE(inMemory.size() == spilled.size());
    for (const auto& [table, rows] : inMemory) {
        INFO(table);
        REQUIRE(spilled.count(table) == 1);
        CHECK(spilled.at(table) == rows);
    }
}
