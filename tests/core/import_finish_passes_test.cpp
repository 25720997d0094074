// The finish passes that work from what the writer holds instead of reading the store back: device
// classes gathered while the slice rows are written (against the scan of the written store), the Task
// Type read from args text (against SQLite's json_extract), and launch links from flows noted while the
// flow rows are written (against the join of flow, slice and track they replace), spilled or not.
#include "core/importers/device_class/device_class_rules.h"
#include "core/importers/device_class/device_classifier_rules.h"
#include "core/importers/registry/importer_registry.h"
#include "core/store/device_class_pass.h"
#include "core/store/task_type_index.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace opscope;
using namespace opscope::test;

namespace {

// Every table's rows as text, in column order (meta's creation time and the input's own path left out).
std::map<std::string, std::string> everyRow(const std::string& store) {
    Database db = openReadOnly(store);
    std::map<std::string, std::string> out;
    Statement tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    while (tables.step()) {
        const std::string table = tables.text(0);
        if (table == "source_file") continue;
        Statement rows = db.prepare("SELECT * FROM \"" + table + "\"" +
                                    (table == "meta" ? " WHERE key <> 'created_at_unix'" : "") + " ORDER BY 1, 2");
        std::string& text = out[table];
        while (rows.step()) {
            for (int c = 0; c < rows.columnCount(); ++c) text += (rows.isNull(c) ? std::string("NULL") : rows.text(c)) + "|";
            text += "\n";
        }
    }
    return out;
}

enum class DevicePass { Gathered, Scanned };

// Imports json with the device-class pass either way; spillBudget 0: the writer's default.
std::string importWith(const TempDir& dir, const std::string& json, DevicePass pass, const std::string& name,
                       std::size_t spillBudget = 0) {
    static const DeviceClassRules rules = defaultDeviceClassRules();
    const std::string trace = dir.write(name + ".json", json);
    const std::string store = dir.file(name + ".sqlite");
    Error error;
    auto writer = StoreWriter::create(store, &error);
    REQUIRE(writer);
    if (spillBudget) writer->setSpillBudgetBytes(spillBudget);
    if (pass == DevicePass::Gathered) writer->classifyDeviceSlices(deviceSliceClassifier(rules));
    else writer->addFinishPass([classify = deviceSliceClassifier(rules)](StoreWriter& w) { writeDeviceClasses(w, classify); });
    // As openTrace does: the job's record classes devices once the input is read.
    JobRecord job(*writer);
    ImportedInput imported;
    REQUIRE(importInput(trace, 0, 1, job, ImportProgress{}, &imported, &error));
    finishImportedInputs(job, {trace}, imported.identities);
    ImportSummary summary;
    REQUIRE(writer->finish(&summary, &error));
    return store;
}

std::string meta(int pid, const char* what, const std::string& name, int tid = 0) {
    return std::string(R"({"ph":"M","name":")") + what + R"(","pid":)" + std::to_string(pid) + R"(,"tid":)" +
           std::to_string(tid) + R"(,"args":{"name":")" + name + R"("}},)";
}

std::string task(int pid, int tid, const std::string& name, long ts, long dur, const std::string& args,
                 const std::string& cat = {}) {
    return R"({"ph":"X",)" + (cat.empty() ? std::string() : R"("cat":")" + cat + R"(",)") + R"("pid":)" + std::to_string(pid) + R"(,"tid":)" + std::to_string(tid) + R"(,"name":")" + name +
           R"(","ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":)" + args + "},";
}

// An Ascend device with every way of writing (or hiding) a Task Type, HCCL operators and overlapping
// tasks (an overflow lane), and a Kineto GPU beside it.
std::string mixedTrace() {
    constexpr int kHardware = 1024, kHccl = 2048;
    std::string t = "[" + meta(kHardware, "process_name", "Ascend Hardware") + meta(kHccl, "process_name", "HCCL") +
                    meta(kHccl, "thread_name", "Group 0 communication", 0) + meta(kHardware, "thread_name", "Stream 2", 2) +
                    meta(kHardware, "thread_name", "Stream 4", 4);
    t += task(kHardware, 2, "MatMulV2", 10, 5, R"({"Task Type":"AI_CORE"})") +
         task(kHardware, 2, "Escaped", 20, 5, R"({"Task\u0020Type":"AI_CPU"})") +
         task(kHardware, 2, "EscapedValue", 25, 2, R"({"op":"caf\u00e9","Task Type":"AI_CORE"})") +
         task(kHardware, 2, "Twice", 30, 5, R"({"Task Type":"AI_CORE","Task Type":"MIX_AIV"})") +
         task(kHardware, 2, "Nested", 40, 5, R"({"inner":{"Task Type":"AI_CORE"},"x":[1,"Task Type"]})") +
         task(kHardware, 2, "Number", 50, 5, R"({"Task Type":7})") +
         task(kHardware, 2, "InValue", 60, 5, R"({"note":"Task Type","Task Type" : "EVENT_WAIT_SQE"})") +
         task(kHardware, 2, "Quote", 70, 5, R"({"Task Type":"A\"B"})") +
         task(kHardware, 2, "Overlap", 72, 10, R"({"Task Type":"AI_VECTOR_CORE"})") +
         task(kHardware, 2, "Null", 90, 5, R"({"Task Type":null})") + task(kHardware, 2, "NoArgs", 95, 2, "{}");
    t += task(kHardware, 4, "Notify Wait", 200, 10, R"({"Task Type":"Notify Wait"})") +
         task(kHardware, 4, "EVENT_WAIT_IN_OP", 222, 3, R"({"Task Type":"EVENT_WAIT_SQE"})") +
         task(kHccl, 0, "hcom_allReduce__1", 200, 30, "{}");
    t += meta(7, "process_name", "GPU 0") +
         task(7, 3, "gemm", 10, 5, R"({"device":0})", "kernel") +
         task(7, 3, "ncclKernel_AllReduce", 20, 5, R"({"device":0})", "kernel") +
         task(7, 3, "Memcpy HtoD", 30, 5, R"({"device":0})", "gpu_memcpy");
    t.back() = ']';
    return t;
}

// Host slices with flows into device slices: several candidates for one kernel (latest start wins, then
// the higher id), a flow from a device slice back to the host (no launch), and a host-to-host flow.
std::string flowTrace() {
    std::string t = R"({"traceEvents":[)";
    auto x = [&](const char* cat, const char* name, int pid, int tid, int ts, int dur) {
        t += std::string(R"({"ph":"X","cat":")") + cat + R"(","name":")" + name + R"(","pid":)" + std::to_string(pid) +
             R"(,"tid":)" + std::to_string(tid) + R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + "},";
    };
    auto flow = [&](int id, int pid, int tid, int ts, bool start) {
        t += std::string(R"({"ph":")") + (start ? "s" : "f") + R"(","id":)" + std::to_string(id) + R"(,"pid":)" +
             std::to_string(pid) + R"(,"tid":)" + std::to_string(tid) + R"(,"ts":)" + std::to_string(ts) +
             R"(,"cat":"ac2g","name":"ac2g")" + (start ? "" : R"(,"bp":"e")") + "},";
    };
    for (int k = 0; k < 40; ++k) {
        const int base = k * 1000;
        x("cuda_runtime", "launchA", 1, 1, base + 10, 5);
        x("cuda_runtime", "launchB", 1, 2, base + 30, 5);
        x("cuda_runtime", "launchC", 1, 3, base + 30, 5);
        x("kernel", "gemm", 0, 7, base + 100, 40);
        x("kernel", "gemm_overlap", 0, 7, base + 120, 40); // an overflow lane of the stream
        x("cpu_op", "host_after", 1, 1, base + 500, 5);
        flow(base + 1, 1, 1, base + 10, true), flow(base + 1, 0, 7, base + 100, false);
        flow(base + 2, 1, 2, base + 30, true), flow(base + 2, 0, 7, base + 100, false);
        flow(base + 3, 1, 3, base + 30, true), flow(base + 3, 0, 7, base + 100, false);
        flow(base + 4, 1, 1, base + 10, true), flow(base + 4, 0, 7, base + 150, false); // gemm_overlap's lane
        flow(base + 5, 0, 7, base + 100, true), flow(base + 5, 1, 1, base + 500, false);
        flow(base + 6, 1, 2, base + 30, true), flow(base + 6, 1, 1, base + 500, false);
    }
    t.back() = ']';
    return t + "}";
}

// The launch links by flow as the join of flow, slice and track gave them: per device slice, the
// latest-starting host slice (then the highest id), where no id linked the device slice first.
std::string flowLinksByJoin(Database& db) {
    Statement st = db.prepare(R"SQL(
SELECT f.slice_in, f.slice_out FROM flow f
  JOIN slice si ON si.id = f.slice_in JOIN track ti ON ti.id = si.track_id
  JOIN slice so ON so.id = f.slice_out JOIN track tout ON tout.id = so.track_id
  WHERE ti.device_id IS NOT NULL AND tout.device_id IS NULL
  ORDER BY f.slice_in, so.ts DESC, so.id DESC)SQL");
    std::set<std::int64_t> linked;
    Statement other = db.prepare("SELECT device_slice_id FROM launch_link WHERE source <> 'flow'");
    while (other.step()) linked.insert(other.int64(0));
    std::string out;
    while (st.step())
        if (linked.insert(st.int64(0)).second) out += std::to_string(st.int64(0)) + "<" + std::to_string(st.int64(1)) + ";";
    return out;
}

std::string flowLinksStored(Database& db) {
    return db.scalarText("SELECT group_concat(device_slice_id || '<' || call_slice_id, ';') || ';' FROM "
                         "(SELECT * FROM launch_link WHERE source = 'flow' ORDER BY device_slice_id)", "");
}

} // namespace

TEST_CASE("Task Type from args text: what json_extract gives, or unsure", "[import][devicetime]") {
    std::string_view v;
    CHECK(scanTaskType(R"({"Model Id": 4, "Task Type": "AI_CORE", "Task Id": 3})", &v) == TaskTypeScan::Found);
    CHECK(v == "AI_CORE");
    CHECK(scanTaskType(R"({"Task Type":""})", &v) == TaskTypeScan::Found);
    CHECK(v.empty());
    CHECK(scanTaskType(R"({"x": 1})", &v) == TaskTypeScan::Absent);
    CHECK(scanTaskType(R"({"inner": {"Task Type": "AI_CORE"}, "l": ["Task Type"]})", &v) == TaskTypeScan::Absent);
    CHECK(scanTaskType(R"({"note": "Task Type"})", &v) == TaskTypeScan::Absent);
    CHECK(scanTaskType(R"({"Task Type": "A", "Task Type": "B"})", &v) == TaskTypeScan::Unsure);
    CHECK(scanTaskType(R"({"Task Type": 7})", &v) == TaskTypeScan::Unsure);
    CHECK(scanTaskType(R"({"Task Type": "A\"B"})", &v) == TaskTypeScan::Unsure);
    CHECK(scanTaskType(R"({"Task\u0020Type": "A"})", &v) == TaskTypeScan::Unsure);
    CHECK(scanTaskType(R"({"name": "caf\u00e9", "Task Type": "AI_CORE"})", &v) == TaskTypeScan::Found); // escapes in values
    CHECK(v == "AI_CORE");
    CHECK(scanTaskType(R"({"name": "caf\u00e9"})", &v) == TaskTypeScan::Absent);
    CHECK(scanTaskType(R"({"na\u006de": 1})", &v) == TaskTypeScan::Unsure);
    CHECK(scanTaskType(R"(["Task Type", "x"])", &v) == TaskTypeScan::Unsure);
}

TEST_CASE("device classes gathered while slices are written equal the scan of the written store", "[import][devicetime]") {
    TempDir dir;
    const std::string json = mixedTrace();
    const auto gathered = everyRow(importWith(dir, json, DevicePass::Gathered, "gathered"));
    const auto scanned = everyRow(importWith(dir, json, DevicePass::Scanned, "scanned"));
    REQUIRE(gathered.size() == scanned.size());
    for (const auto& [table, rows] : scanned) {
        INFO(table);
        CHECK(gathered.at(table) == rows);
    }
    // The fixture reaches what it is meant to: classes from SQLite's reading of the unsure args too.
    Database db = openReadOnly(dir.file("gathered.sqlite"));
    CHECK(db.scalarInt("SELECT count(*) FROM device_slice_class") >= 12);
    CHECK(db.scalarInt("SELECT count(*) FROM track WHERE lane > 0") >= 1);
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'device_class.hccl_members'") == 1);
}

TEST_CASE("launch links by flow, noted as flows are written, equal the join they replace", "[import][launch]") {
    TempDir dir;
    const std::string json = flowTrace();
    const std::string inMemory = importWith(dir, json, DevicePass::Gathered, "memory");
    const std::string spilled = importWith(dir, json, DevicePass::Gathered, "spilled", 4096);
    Database db = openReadOnly(inMemory);
    const std::string byJoin = flowLinksByJoin(db);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_link WHERE source = 'flow'") == 80);
    CHECK(flowLinksStored(db) == byJoin);
    // Each gemm is launched by launchC: launchB starts as late, and launchC has the higher id.
    CHECK(db.scalarInt("SELECT count(*) FROM launch_link l JOIN slice_view c ON c.id = l.call_slice_id "
                       "JOIN slice_view d ON d.id = l.device_slice_id WHERE d.name = 'gemm' AND c.name = 'launchC'") == 40);
    const auto spilledRows = everyRow(spilled), inMemoryRows = everyRow(inMemory);
    for (const auto& [table, rows] : inMemoryRows) {
        INFO(table);
        CHECK(spilledRows.at(table) == rows);
    }
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'launch.links.flow'") == 80);
}
