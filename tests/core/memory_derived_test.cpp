// What the memory tables feed elsewhere: copy bandwidth as derived counter tracks (per device and
// direction, reproducing Kineto's own "memory bandwidth (GB/s)" on the shared sample), allocations
// linked to their operator's slice, the Memory group of a slice's details, and per-operator memory in
// operator statistics.
#include "core/session/open_trace.h"
#include "ascend_test_support.h"
#include "core/analysis/memory/copy_bandwidth.h"
#include "core/analysis/memory/operator_memory_columns.h"
#include "core/store/slice_details.h"
#include "core/store/trace_store.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("copy bandwidth: bytes over duration, overlapping copies add up, per direction", "[memory][bandwidth]") {
    std::vector<CopyTransfer> copies = {
        {1, "HtoD", 1000, 1000, 4000},  // 4 GB/s over [1000, 2000)
        {1, "HtoD", 1500, 1000, 1000},  // 1 GB/s over [1500, 2500)
        {1, "DtoH", 0, 500, 500},       // 1 GB/s over [0, 500)
        {1, "HtoD", 3000, 0, 100},      // no duration: left out
    };
    auto series = copyBandwidth(copies);
    REQUIRE(series.size() == 2);
    CHECK(series[0].direction == "DtoH");
    CHECK(series[0].bytesPerSecond == std::vector<std::pair<TimeNs, double>>{{0, 1e9}, {500, 0}});
    CHECK(series[1].direction == "HtoD");
    REQUIRE(series[1].bytesPerSecond.size() == 4);
    CHECK(series[1].bytesPerSecond[0] == std::pair<TimeNs, double>{1000, 4e9});
    CHECK(series[1].bytesPerSecond[1].second == Approx(5e9));
    CHECK(series[1].bytesPerSecond[2].second == Approx(1e9));
    CHECK(series[1].bytesPerSecond[3] == std::pair<TimeNs, double>{2500, 0});
    CHECK(copyDirectionOf("Memcpy HtoD (Pageable -> Device)", "") == "HtoD");
    CHECK(copyDirectionOf("MEMCPY_ASYNC", "device to host") == "DtoH");
    CHECK(copyDirectionOf("Memcpy PtoP (Device -> Device)", "") == "PtoP");
    CHECK(copyDirectionOf("MEMCPY_ASYNC", "") == "other");
}

TEST_CASE("copy bandwidth: Kineto copies become derived counter tracks of their GPU", "[memory][bandwidth]") {
    TempDir dir;
    std::string trace = dir.write("copies.json", R"JSON({"traceEvents":[
 {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":1,"dur":1},
 {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pageable -> Device)","pid":0,"tid":7,"ts":10,"dur":2,
  "args":{"device":0,"bytes":4000,"memory bandwidth (GB/s)":2.0}},
 {"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":5,"tid":5,"ts":9,"dur":4},
 {"ph":"X","cat":"gpu_memcpy","name":"Memcpy DtoH (Device -> Pageable)","pid":0,"tid":7,"ts":20,"dur":1,
  "args":{"device":0,"bytes":1000}}
]})JSON");
    // Through openTrace, as the CLI and the GUI import: the GPU device is classified first.
    OpenOptions options;
    options.storePath = dir.file("copies.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    Database db = openReadOnly(result.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN process p ON p.id = t.process_id "
                      "WHERE p.name = 'Memory bandwidth (derived)' AND t.kind = 'counter' AND t.unit = 'B/s'") == 2);
    CHECK(db.scalarText("SELECT group_concat(c.ts || ':' || c.value, ' ') FROM counter c JOIN track t ON t.id = c.track_id "
                        "WHERE t.name = 'HtoD bandwidth'") == "10000:2000000000.0 12000:0.0");
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN device d ON d.id = t.device_id WHERE t.name = 'DtoH bandwidth' "
                      "AND d.name = 'GPU 0' AND t.counter_count = 2") == 1);
}

TEST_CASE("copy bandwidth: on the shared Kineto sample the derived rate is Kineto's memory bandwidth",
          "[memory][bandwidth][shared]") {
    std::string trace = sharedPathOrSkip("samples/kineto/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("k.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    Database db = openReadOnly(result.storePath);
    // Each copy that overlaps no other copy of its direction: the track's value at its start is its own rate.
    Statement st = db.prepare(
        "SELECT s.ts, json_extract(s.args, '$.\"memory bandwidth (GB/s)\"'), "
        "(SELECT c.value FROM counter c JOIN track t ON t.id = c.track_id WHERE t.name = 'DtoD bandwidth' AND c.ts = s.ts) "
        "FROM slice_view s WHERE s.category = 'gpu_memcpy' AND s.name LIKE 'Memcpy DtoD%' "
        "AND NOT EXISTS (SELECT 1 FROM slice_view o WHERE o.category = 'gpu_memcpy' AND o.name LIKE 'Memcpy DtoD%' "
        "AND o.id <> s.id AND o.ts < s.ts + s.dur AND o.ts + o.dur > s.ts) LIMIT 200");
    int compared = 0;
    while (st.step()) {
        REQUIRE_FALSE(st.isNull(2));
        // Kineto rounds its GB/s figure; ours is exact bytes / ns.
        CHECK(st.real(2) / 1e9 == Approx(st.real(1)).epsilon(0.05).margin(0.05));
        ++compared;
    }
    CHECK(compared > 10);
}

TEST_CASE("memory per operator: in a slice's details and in operator statistics", "[memory][operators]") {
    TempDir dir;
    ImportOutcome run = importChromeText(dir, R"({"traceEvents":[
 {"ph":"X","name":"aten::empty","pid":1,"tid":1,"ts":100,"dur":10,"cat":"cpu_op"},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":101,
  "args":{"Device Type":1,"Device Id":0,"Addr":1,"Bytes":512,"Total Allocated":512,"Total Reserved":4096}},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":102,
  "args":{"Device Type":1,"Device Id":0,"Addr":2,"Bytes":256,"Total Allocated":768,"Total Reserved":4096}},
 {"ph":"X","name":"aten::empty","pid":1,"tid":1,"ts":200,"dur":10,"cat":"cpu_op"},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":201,
  "args":{"Device Type":1,"Device Id":0,"Addr":1,"Bytes":-512,"Total Allocated":256,"Total Reserved":4096}},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":202,
  "args":{"Device Type":1,"Device Id":0,"Addr":3,"Bytes":1024,"Total Allocated":1280,"Total Reserved":4096}}
]})");
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    std::int64_t first = db.scalarInt("SELECT id FROM slice_view WHERE name = 'aten::empty' ORDER BY ts LIMIT 1");
    SliceDetails details;
    Error error;
    REQUIRE(loadSliceDetails(db, first, &details, &error));
    const SliceMetricGroup* memory = nullptr;
    for (const SliceMetricGroup& g : details.metricGroups)
        if (g.name == "Memory") memory = &g;
    REQUIRE(memory);
    REQUIRE(memory->rows.size() == 4);
    CHECK(memory->rows[0].num == 2.0);     // allocations
    CHECK(memory->rows[1].num == 768.0);   // allocated
    CHECK(memory->rows[2].num == 512.0);   // largest
    CHECK(memory->rows[3].num == 256.0);   // never released (Addr 2)

    OperatorStatsOptions options;
    options.tracks.scope = TrackScope::All;
    OperatorStats stats;
    REQUIRE(computeOperatorStats(db, options, &stats, &error));
    std::size_t peakColumn = stats.metrics.size(), totalColumn = stats.metrics.size();
    for (std::size_t c = 0; c < stats.metrics.size(); ++c) {
        if (stats.metrics[c].keyId == kMemoryPeakColumnKey) peakColumn = c;
        if (stats.metrics[c].keyId == kMemoryAllocatedColumnKey) totalColumn = c;
    }
    REQUIRE(peakColumn < stats.metrics.size());
    REQUIRE(totalColumn < stats.metrics.size());
    const OperatorStatsRow* empty = nullptr;
    for (const OperatorStatsRow& r : stats.rows)
        if (r.key == "aten::empty") empty = &r;
    REQUIRE(empty);
    CHECK(empty->metricMeans[totalColumn] == 1792.0); // 512 + 256 + 1024
    CHECK(empty->metricMeans[peakColumn] == 1280.0);  // 256 + 1024 after the 512 B block was freed
}
