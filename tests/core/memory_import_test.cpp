// Memory import: exact byte units, torch_npu text and DB exports giving the same rows, Kineto
// [memory] instants paired into allocations, PyTorch's raw memory timeline, and the shared sample.
#include "core/session/open_trace.h"
#include "ascend_test_support.h"
#include "core/analysis/memory/memory_peaks.h"
#include "core/importers/memory_timeline/memory_timeline_parser.h"
#include "core/model/byte_units.h"
#include "core/store/memory_reader.h"
#include "core/store/trace_store.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace opscope;
using namespace opscope::test;

namespace {

// 1.5 MB allocated by aten::empty (released), 1 KB by aten::add (never released).
const char* kMemoryRecordCsv =
    "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,Device Type\n"
    "APP,1000.000\t,,20.5,,,NPU:0\n"
    "PTA,1001.500\t,1.5,4.0,1.5,123,NPU:0\n"
    "PTA,1003.250\t,1.5009765625,4.0,1.5009765625,123,NPU:0\n"
    "PTA,1005.000\t,0.0009765625,4.0,0.0009765625,123,NPU:0\n";
const char* kOperatorMemoryCsv =
    "Name,Size(KB),Allocation Time(us),Release Time(us),Active Release Time(us),Duration(us),Active Duration(us),"
    "Allocation Total Allocated(MB),Allocation Total Reserved(MB),Allocation Total Active(MB),Release Total "
    "Allocated(MB),Release Total Reserved(MB),Release Total Active(MB),Stream Ptr,Device Type\n"
    "aten::empty,1536.0,1001.500\t,1005.000\t,1004.999\t,3.5\t,3.499\t,1.5,4.0,1.5,0.0009765625,4.0,0.0009765625,123,NPU:0\n"
    "aten::add,1.0,1003.250\t,,,,,1.5009765625,4.0,1.5009765625,,,,123,NPU:0\n";
const char* kModuleMemCsv =
    "Component,Timestamp(us),Total Reserved(MB),Device\n"
    "SLOG,1000.000\t,0.0,NPU:0\n"
    "RUNTIME,1000.000\t,2.25,NPU:0\n";

// The same run as a torch_npu DB export: bytes and ns, strings through STRING_IDS.
const char* kMemoryDbSql = R"SQL(
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1,'APP'),(2,'PTA'),(3,'aten::empty'),(4,'aten::add'),(5,'aten::zeros');
CREATE TABLE PYTORCH_API(startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO PYTORCH_API VALUES ('1000000', '1006000', 17609365917700, NULL, 5);
CREATE TABLE MEMORY_RECORD(component INTEGER, timestamp INTEGER, totalAllocated INTEGER, totalReserved INTEGER,
  totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);
INSERT INTO MEMORY_RECORD VALUES (1, 1000000, NULL, 21495808, NULL, NULL, 0),
  (2, 1001500, 1572864, 4194304, 1572864, 123, 0), (2, 1003250, 1573888, 4194304, 1573888, 123, 0),
  (2, 1005000, 1024, 4194304, 1024, 123, 0);
CREATE TABLE OP_MEMORY(name INTEGER, size INTEGER, allocationTime INTEGER, releaseTime INTEGER,
  activeReleaseTime INTEGER, duration INTEGER, activeDuration INTEGER, allocationTotalAllocated INTEGER,
  allocationTotalReserved INTEGER, allocationTotalActive INTEGER, releaseTotalAllocated INTEGER,
  releaseTotalReserved INTEGER, releaseTotalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);
INSERT INTO OP_MEMORY VALUES
  (3, 1572864, 1001500, 1005000, 1004999, 3500, 3499, 1572864, 4194304, 1572864, 1024, 4194304, 1024, 123, 0),
  (4, 1024, 1003250, NULL, NULL, NULL, NULL, 1573888, 4194304, 1573888, NULL, NULL, NULL, 123, 0);
CREATE TABLE ENUM_MODULE(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_MODULE VALUES (0, 'SLOG'), (1, 'RUNTIME');
CREATE TABLE NPU_MODULE_MEM(moduleId INTEGER, timestampNs INTEGER, totalReserved INTEGER, deviceId INTEGER);
INSERT INTO NPU_MODULE_MEM VALUES (0, 1000000, 0, 0), (1, 1000000, 2359296, 0);
)SQL";

std::string writeTextRun(const TempDir& dir) {
    std::filesystem::create_directories(dir.path() / "text_ascend_pt" / "ASCEND_PROFILER_OUTPUT");
    dir.write("text_ascend_pt/ASCEND_PROFILER_OUTPUT/memory_record.csv", kMemoryRecordCsv);
    dir.write("text_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_memory.csv", kOperatorMemoryCsv);
    dir.write("text_ascend_pt/ASCEND_PROFILER_OUTPUT/npu_module_mem.csv", kModuleMemCsv);
    return dir.file("text_ascend_pt");
}

std::string writeDbRun(const TempDir& dir) {
    std::filesystem::create_directories(dir.path() / "db_ascend_pt" / "ASCEND_PROFILER_OUTPUT");
    std::string path = dir.file("db_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    Database db(path, Database::Mode::Create);
    db.exec(kMemoryDbSql);
    return dir.file("db_ascend_pt");
}

// Every row of a query as "a|b|c" lines (NULL as "-"), for comparing two stores.
std::string rowsOf(Database& db, const std::string& sql) {
    std::string out;
    Statement st = db.prepare(sql);
    while (st.step()) {
        for (int c = 0; c < st.columnCount(); ++c) out += (c ? "|" : "") + (st.isNull(c) ? std::string("-") : st.text(c));
        out += "\n";
    }
    return out;
}

const char* kRecordRows = "SELECT d.name, r.component, r.ts, r.allocated_bytes, r.reserved_bytes, r.active_bytes "
                          "FROM memory_record r LEFT JOIN device d ON d.id = r.device_id ORDER BY r.component, r.ts";
const char* kAllocationRows =
    "SELECT d.name, a.operator, a.size_bytes, a.alloc_ts, a.release_ts, a.active_release_ts, "
    "a.alloc_total_allocated_bytes, a.alloc_total_reserved_bytes, a.alloc_total_active_bytes, "
    "a.release_total_allocated_bytes, a.release_total_reserved_bytes, a.release_total_active_bytes, a.stream_ptr "
    "FROM memory_allocation a LEFT JOIN device d ON d.id = a.device_id ORDER BY a.id";
const char* kModuleRows = "SELECT d.name, m.component, m.ts, m.reserved_bytes FROM memory_module m "
                          "LEFT JOIN device d ON d.id = m.device_id ORDER BY m.component, m.ts";

} // namespace

TEST_CASE("memory units: KB and MB text become exact bytes", "[memory][import]") {
    CHECK(parseBinaryScaledBytes("954.3701171875", kMiBShift) == std::int64_t{1000729600});
    CHECK(parseBinaryScaledBytes("18816.5", kKiBShift) == std::int64_t{19268096});
    CHECK(parseBinaryScaledBytes("1452.0\t", kMiBShift) == std::int64_t{1452} * 1048576);
    CHECK(parseBinaryScaledBytes("3.0517578125e-05", kMiBShift) == std::int64_t{32});
    CHECK(parseBinaryScaledBytes("0.00048828125", kMiBShift) == std::int64_t{512});
    CHECK(parseBinaryScaledBytes("-0.5", kKiBShift) == std::int64_t{-512});
    // Not a whole byte: rounded half away from zero.
    CHECK(parseBinaryScaledBytes("0.0004", kKiBShift) == std::int64_t{0});       // 0.4096 B
    CHECK(parseBinaryScaledBytes("0.00048828125", kKiBShift) == std::int64_t{1}); // 0.5 B
    CHECK(parseBinaryScaledBytes("-0.00048828125", kKiBShift) == std::int64_t{-1});
    CHECK(parseBinaryScaledBytes("1e3", kKiBShift) == std::int64_t{1024000});
    CHECK_FALSE(parseBinaryScaledBytes("N/A", kMiBShift));
    CHECK_FALSE(parseBinaryScaledBytes("", kMiBShift));
    CHECK_FALSE(parseBinaryScaledBytes("1.5MB", kMiBShift));
    CHECK_FALSE(parseBinaryScaledBytes("9e30", kMiBShift)); // beyond int64
}

TEST_CASE("memory import: torch_npu text CSVs fill the memory tables in bytes and ns", "[memory][import]") {
    TempDir dir;
    AscendOutcome run = importAscendPath(dir, writeTextRun(dir));
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    CHECK(rowsOf(db, kRecordRows) == "NPU 0|APP|1000000|-|21495808|-\n"
                                     "NPU 0|PTA|1001500|1572864|4194304|1572864\n"
                                     "NPU 0|PTA|1003250|1573888|4194304|1573888\n"
                                     "NPU 0|PTA|1005000|1024|4194304|1024\n");
    CHECK(rowsOf(db, kAllocationRows) ==
          "NPU 0|aten::empty|1572864|1001500|1005000|1004999|1572864|4194304|1572864|1024|4194304|1024|123\n"
          "NPU 0|aten::add|1024|1003250|-|-|1573888|4194304|1573888|-|-|-|123\n");
    CHECK(rowsOf(db, kModuleRows) == "NPU 0|RUNTIME|1000000|2359296\nNPU 0|SLOG|1000000|0\n");
    CHECK(countOf(db, "SELECT count(*) FROM source_file WHERE path LIKE '%operator_memory.csv' AND status = 'used'") == 1);
    // The memory CSVs stay counter lanes of the timeline as well.
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'counter'") > 0);
}

TEST_CASE("memory import: the DB export of a run gives the rows of its text export", "[memory][import][db]") {
    TempDir textDir, dbDir;
    AscendOutcome text = importAscendPath(textDir, writeTextRun(textDir));
    AscendOutcome fromDb = importAscendPath(dbDir, writeDbRun(dbDir));
    REQUIRE(text.ok);
    REQUIRE(fromDb.ok);
    Database a = openReadOnly(text.storePath), b = openReadOnly(fromDb.storePath);
    CHECK(rowsOf(b, "SELECT DISTINCT source FROM memory_allocation") == "OP_MEMORY\n");
    CHECK_FALSE(rowsOf(a, kRecordRows).empty());
    CHECK(rowsOf(a, kRecordRows) == rowsOf(b, kRecordRows));
    CHECK(rowsOf(a, kAllocationRows) == rowsOf(b, kAllocationRows));
    CHECK(rowsOf(a, kModuleRows) == rowsOf(b, kModuleRows));
}

TEST_CASE("memory import: msprof NPU_OP_MEM allocate/release rows are paired per operator and address",
          "[memory][import][db]") {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "PROF_1");
    {
        Database db(dir.file("PROF_1/msprof_1.db"), Database::Mode::Create);
        db.exec(R"SQL(
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (430, 'GE'), (436, 'conv'), (437, 'relu'), (1, 'x');
CREATE TABLE ENUM_MEMORY(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_MEMORY VALUES (0, 'app'), (1, 'device'), (5, 'allocate'), (6, 'release');
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (100, 200, 10000, 1, 1, 1);
CREATE TABLE NPU_OP_MEM(operatorName INTEGER, addr INTEGER, type INTEGER, size INTEGER, timestampNs INTEGER,
  globalTid INTEGER, totalAllocate NUMERIC, totalReserve NUMERIC, component INTEGER, deviceId INTEGER);
INSERT INTO NPU_OP_MEM VALUES (436, 20068255531008, 5, 65536, 1000, 1, 131072, 1229258752, 430, 0),
  (437, 20068561846272, 5, 6356992, 1500, 1, 6488064, 1229258752, 430, 0),
  (436, 20068255531008, 6, 65536, 2000, 1, 6422528, 1229258752, 430, 0);
CREATE TABLE NPU_MEM(type INTEGER, ddr INTEGER, hbm INTEGER, timestampNs INTEGER, deviceId INTEGER);
INSERT INTO NPU_MEM VALUES (0, 0, 1048576, 1000, 0);
)SQL");
    }
    AscendOutcome run = importAscendPath(dir, dir.file("PROF_1"));
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    CHECK(rowsOf(db, "SELECT operator, size_bytes, alloc_ts, coalesce(release_ts, '-'), alloc_total_allocated_bytes, "
                     "coalesce(release_total_allocated_bytes, '-'), component FROM memory_allocation ORDER BY alloc_ts") ==
          "conv|65536|1000|2000|131072|6422528|GE\nrelu|6356992|1500|-|6488064|-|GE\n");
    CHECK(rowsOf(db, "SELECT component, ts, allocated_bytes FROM memory_record ORDER BY ts") ==
          "GE|1000|131072\nGE|1500|6488064\nGE|2000|6422528\n");
    CHECK(rowsOf(db, "SELECT component, reserved_bytes FROM memory_module ORDER BY component") == "APP/DDR|0\nAPP/HBM|1048576\n");
}

TEST_CASE("memory import: Kineto [memory] instants become records and allocations of their operator",
          "[memory][import][kineto]") {
    TempDir dir;
    ImportOutcome run = importChromeText(dir, R"({"traceEvents":[
 {"ph":"X","name":"aten::empty","pid":1,"tid":1,"ts":100,"dur":10,"cat":"cpu_op"},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":105,"cat":"cpu_instant_event",
  "args":{"Device Type":1,"Device Id":0,"Addr":1000,"Bytes":512,"Total Allocated":512,"Total Reserved":2097152}},
 {"ph":"X","name":"aten::mul","pid":1,"tid":1,"ts":120,"dur":10,"cat":"cpu_op"},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":125,
  "args":{"Device Type":1,"Device Id":0,"Addr":2000,"Bytes":1024,"Total Allocated":1536,"Total Reserved":2097152}},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":140,
  "args":{"Device Type":1,"Device Id":0,"Addr":1000,"Bytes":-512,"Total Allocated":1024,"Total Reserved":2097152}},
 {"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":150,
  "args":{"Device Type":0,"Device Id":-1,"Addr":3000,"Bytes":64,"Total Allocated":64,"Total Reserved":64}}
]})");
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    CHECK(rowsOf(db, "SELECT coalesce(d.name, '-'), r.component, r.ts, r.allocated_bytes, r.reserved_bytes "
                     "FROM memory_record r LEFT JOIN device d ON d.id = r.device_id ORDER BY r.ts") ==
          "GPU 0|allocator|105000|512|2097152\nGPU 0|allocator|125000|1536|2097152\n"
          "GPU 0|allocator|140000|1024|2097152\n-|CPU allocator|150000|64|64\n");
    CHECK(rowsOf(db, "SELECT a.operator, a.size_bytes, a.alloc_ts, coalesce(a.release_ts, '-'), a.addr, "
                     "coalesce(s.name, '-') FROM memory_allocation a LEFT JOIN slice_view s ON s.id = a.slice_id "
                     "ORDER BY a.alloc_ts") ==
          "aten::empty|512|105000|140000|1000|aten::empty\naten::mul|1024|125000|-|2000|aten::mul\n"
          "(no operator)|64|150000|-|3000|-\n");
}

TEST_CASE("memory timeline parser: tuples in chunks of any size, errors with their byte offset",
          "[memory][import][timeline]") {
    const std::string doc = "[[-1, 1, 100, 0], [1000, 2, 50, 4],\n [2000, 4, -50, 4], [3000, 3, 25, 9]]";
    for (std::size_t chunk = 1; chunk <= 9; ++chunk) {
        MemoryTimelineParser parser;
        std::vector<MemoryTimelineEvent> events;
        for (std::size_t i = 0; i < doc.size(); i += chunk) {
            REQUIRE(parser.feed(std::string_view(doc).substr(i, chunk)));
            events.insert(events.end(), parser.events().begin(), parser.events().end());
            parser.events().clear();
        }
        REQUIRE(parser.finish());
        REQUIRE(events.size() == 4);
        CHECK(events[0].tsNs == -1);
        CHECK(events[0].deltaBytes == 100);
        CHECK(events[2].deltaBytes == -50);
        CHECK(events[3].category == kMemoryTimelineCategoryCount - 1); // out of range: unknown
    }
    auto errorOf = [](const std::string& text) {
        MemoryTimelineParser parser("f.json");
        if (parser.feed(text) && parser.finish()) return std::int64_t{-2};
        return parser.error().byteOffset;
    };
    CHECK(errorOf("[]") == -2);
    CHECK(errorOf("[[1,2,3]]") == 7);          // three values
    CHECK(errorOf("[[1,2,3,4],]") == 11);       // a tuple expected after ','
    CHECK(errorOf("[[1,9,3,4]]") == 9);         // action out of range
    CHECK(errorOf("[{\"ph\":\"X\"}]") == 1);
    CHECK(errorOf("[[99999999999999999999,1,1,1]]") == 22);
    CHECK(errorOf("[[1,1,1,1]") == 10);         // no closing bracket
    CHECK(errorOf("[[1,1,1,1]] x") == 12);
    CHECK(looksLikeMemoryTimelineRaw("[[-1, 1, 4096, 0], [5"));
    CHECK_FALSE(looksLikeMemoryTimelineRaw("[[0, 1000, 2000], [[0, 0]]]"));
    CHECK_FALSE(looksLikeMemoryTimelineRaw("{\"traceEvents\": []}"));
}

TEST_CASE("memory timeline import: bytes alive per category and in total, preexisting from the first time",
          "[memory][import][timeline]") {
    TempDir dir;
    std::string path = dir.write("mem.raw.json",
                                 "[[-1,1,100,0],[1000,2,50,4],[1000,2,25,3],[2000,4,-50,4],[3000,3,-25,3],[3000,3,25,5]]");
    OpenOptions options;
    options.storePath = dir.file("mem.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({path}, options, ImportProgress{}, &result, &error));
    Database db = openReadOnly(result.storePath);
    CHECK(rowsOf(db, "SELECT component, ts, allocated_bytes FROM memory_record ORDER BY ts, component") ==
          "ACTIVATION|1000|50\nPARAMETER|1000|100\nTEMPORARY|1000|25\ntotal|1000|175\n"
          "ACTIVATION|2000|0\ntotal|2000|125\n"
          "GRADIENT|3000|25\nTEMPORARY|3000|0\ntotal|3000|125\n");
    CHECK(countOf(db, "SELECT count(*) FROM source_file WHERE role = 'memory-timeline'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'counter'") == 5);
}

TEST_CASE("memory import: on the shared torch_npu sample the peak is the maximum of memory_record.csv and "
          "the allocations are operator_memory.csv row for row", "[memory][import][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    std::string output = folder + "/ASCEND_PROFILER_OUTPUT/";
    TempDir dir;
    AscendOutcome run = importAscendPath(dir, folder);
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    // Independent of the importer: the CSV's MB values are binary fractions, exact in a double.
    auto splitRow = [](const std::string& line) {
        std::vector<std::string> cells;
        std::stringstream in(line);
        std::string cell;
        while (std::getline(in, cell, ',')) {
            while (!cell.empty() && (cell.back() == '\t' || cell.back() == '\r')) cell.pop_back();
            cells.push_back(cell);
        }
        if (!line.empty() && line.back() == ',') cells.emplace_back();
        return cells;
    };
    auto mbBytes = [](const std::string& v) { return static_cast<std::int64_t>(std::llround(std::stod(v) * 1048576.0)); };
    auto usNs = [](const std::string& v) { // "1736408883694624.810" -> ns, by text
        std::size_t dot = v.find('.');
        std::string frac = dot == std::string::npos ? "" : v.substr(dot + 1);
        frac.resize(3, '0');
        return std::stoll(v.substr(0, dot)) * 1000 + std::stoll(frac);
    };
    std::ifstream records(output + "memory_record.csv");
    std::string line;
    std::getline(records, line);
    std::int64_t maxAllocated = -1, rows = 0;
    while (std::getline(records, line)) {
        auto cells = splitRow(line);
        ++rows;
        if (!cells[2].empty()) maxAllocated = std::max(maxAllocated, mbBytes(cells[2]));
    }
    CHECK(countOf(db, "SELECT count(*) FROM memory_record") == rows);
    MemoryData data;
    Error error;
    REQUIRE(readMemoryData(db, &data, &error));
    auto peaks = devicePeaks(data);
    REQUIRE(peaks.size() == 1);
    CHECK(peaks[0].device.peakAllocatedBytes == maxAllocated);
    CHECK(maxAllocated == 1322299392); // 1261.04296875 MB

    std::ifstream ops(output + "operator_memory.csv");
    std::getline(ops, line);
    Statement st = db.prepare("SELECT operator, size_bytes, alloc_ts, release_ts, alloc_total_allocated_bytes, "
                              "alloc_total_reserved_bytes, release_total_allocated_bytes FROM memory_allocation ORDER BY id");
    std::int64_t compared = 0;
    while (std::getline(ops, line)) {
        auto c = splitRow(line);
        REQUIRE(st.step());
        INFO("operator_memory.csv row " << compared + 1);
        CHECK(st.text(0) == c[0]);
        CHECK(st.int64(1) == static_cast<std::int64_t>(std::llround(std::stod(c[1]) * 1024.0)));
        CHECK(st.int64(2) == usNs(c[2]));
        CHECK(st.isNull(3) == c[3].empty());
        if (!c[3].empty()) CHECK(st.int64(3) == usNs(c[3]));
        CHECK(st.int64(4) == mbBytes(c[7]));
        CHECK(st.int64(5) == mbBytes(c[8]));
        CHECK(st.isNull(6) == c[10].empty());
        ++compared;
    }
    CHECK_FALSE(st.step());
    CHECK(compared == 184);
}

TEST_CASE("memory import: msprof text CSVs in KB, with Device_id and a duration instead of a release time",
          "[memory][import]") {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "PROF_2" / "device_1" / "summary");
    dir.write("PROF_2/device_1/summary/memory_record_0_1_20240101.csv",
              "Device_id,Component,Timestamp(us),Total Allocated(KB),Total Reserved(KB),Device\n"
              "1,GE,1000.5\t,64.0,2048.0,NPU:1\n");
    dir.write("PROF_2/device_1/summary/operator_memory_0_1_20240101.csv",
              "Device_id,Name,Size(KB),Allocation Time(us),Duration(us),Allocation Total Allocated(KB),"
              "Allocation Total Reserved(KB),Release Total Allocated(KB),Release Total Reserved(KB),Device\n"
              "1,conv1,64.0,1000.5\t,2.25\t,64.0,2048.0,0.0,2048.0,NPU:1\n");
    dir.write("PROF_2/device_1/summary/npu_module_mem_0_1_20240101.csv",
              "Device_id,Component,Timestamp(us),Total Reserved(KB),Device\n1,RUNTIME,1000.0\t,1.5,NPU:1\n");
    AscendOutcome run = importAscendPath(dir, dir.file("PROF_2"));
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    CHECK(rowsOf(db, kRecordRows) == "NPU 1|GE|1000500|65536|2097152|-\n");
    CHECK(rowsOf(db, "SELECT operator, size_bytes, alloc_ts, release_ts, release_total_allocated_bytes "
                     "FROM memory_allocation") == "conv1|65536|1000500|1002750|0\n");
    CHECK(rowsOf(db, kModuleRows) == "NPU 1|RUNTIME|1000000|1536\n");
}
