// Several ranks imported at once (core/session/parallel_import.h): the store holds the same rows and the
// same per-rank breakdown as the sequential import, with 1 and with 4 jobs; a cancel mid-import leaves
// neither the store nor any temporary file; every reference column of the schema is known to the merge.
#include "core/session/open_trace.h"
#include "core/session/parallel_import.h"
#include "core/session/trace_session.h"
#include "core/store/memory_schema.h"
#include "core/store/schema.h"
#include "core/store/store_merge.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

using namespace opscope;
using namespace opscope::test;

namespace {

// A Kineto rank: kernels on two streams with an all-reduce per step, a host thread with launches, flows
// and a memory instant; rank < 0 leaves distributedInfo out.
std::string kinetoRank(int rank, int steps) {
    std::string events;
    long long ts = 1000 + rank * 7;
    auto add = [&](const std::string& e) { events += (events.empty() ? "" : ",\n") + e; };
    for (int s = 0; s < steps; ++s) {
        const long long start = ts;
        for (int k = 0; k < 5; ++k) {
            const std::string corr = std::to_string(s * 10 + k + 1);
            add("{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":100,\"tid\":1,\"ts\":" +
                std::to_string(ts) + ",\"dur\":2,\"args\":{\"correlation\":" + corr + "}}");
            add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_" + std::to_string(k) +
                "\",\"pid\":0,\"tid\":7,\"ts\":" + std::to_string(ts + 3) + ",\"dur\":" + std::to_string(20 + k + rank) +
                ",\"args\":{\"stream\":7,\"device\":0,\"correlation\":" + corr + "}}");
            ts += 30 + k + rank;
        }
        add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float\",\"pid\":0,\"tid\":8,"
            "\"ts\":" + std::to_string(ts) + ",\"dur\":50,\"args\":{\"stream\":8,\"device\":0}}");
        add("{\"ph\":\"s\",\"cat\":\"fwdbwd\",\"name\":\"fwdbwd\",\"id\":" + std::to_string(s) +
            ",\"pid\":100,\"tid\":1,\"ts\":" + std::to_string(start) + "}");
        add("{\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"fwdbwd\",\"name\":\"fwdbwd\",\"id\":" + std::to_string(s) +
            ",\"pid\":100,\"tid\":1,\"ts\":" + std::to_string(start + 1) + "}");
        ts += 60;
        add("{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" + std::to_string(s) +
            "\",\"pid\":100,\"tid\":1,\"ts\":" + std::to_string(start) + ",\"dur\":" + std::to_string(ts - start) + "}");
    }
    const std::string head = rank >= 0 ? "{\"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " +
                                             std::to_string(rank) + ", \"world_size\": 4},\n"
                                       : std::string("{\n");
    return head + "\"traceEvents\": [\n" + events + "\n]}\n";
}

OpenResult importWithJobs(const std::vector<std::string>& inputs, const std::string& store, int jobs,
                          const ImportProgress& progress = {}) {
    OpenOptions options;
    options.storePath = store;
    options.jobs = jobs;
    options.forceReimport = true;
    OpenResult result;
    Error error;
    const bool ok = openTrace(inputs, options, progress, &result, &error);
    INFO(describe(error));
    REQUIRE(ok);
    return result;
}

// Every table's row count, and the rows that do not depend on ids, as text.
std::map<std::string, std::string> tableContents(const std::string& store) {
    Database db = openReadOnly(store);
    std::map<std::string, std::string> out;
    Statement tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    while (tables.step()) {
        const std::string table = tables.text(0);
        out[table] = std::to_string(db.scalarInt("SELECT count(*) FROM \"" + table + "\""));
    }
    out["devices"] = db.scalarText("SELECT group_concat(name || '/' || coalesce(host, ''), ',') FROM "
                                   "(SELECT * FROM device ORDER BY name, host)");
    out["strings"] = db.scalarText("SELECT group_concat(value, ',') FROM (SELECT value FROM string ORDER BY value)");
    out["slices"] = db.scalarText(
        "SELECT group_concat(r, ';') FROM (SELECT d.name || ':' || s.ts || ':' || s.dur || ':' || s.depth || ':' || "
        "n.value AS r FROM slice s JOIN string n ON n.id = s.name_id JOIN track t ON t.id = s.track_id "
        "LEFT JOIN device d ON d.id = t.device_id ORDER BY r)");
    out["warnings"] = db.scalarText("SELECT group_concat(code || ':' || count, ',') FROM "
                                    "(SELECT code, count FROM warning ORDER BY code, file)");
    out["stats"] = db.scalarText("SELECT group_concat(name || '=' || value, ',') FROM (SELECT * FROM stat ORDER BY name)");
    out["classes"] = db.scalarText("SELECT group_concat(class || ':' || n, ',') FROM (SELECT class, count(*) AS n "
                                   "FROM device_slice_class GROUP BY class ORDER BY class)");
    out["range"] = db.scalarText("SELECT group_concat(value, '..') FROM (SELECT value FROM meta WHERE key IN "
                                 "('trace_start_ns', 'trace_end_ns') ORDER BY key DESC)");
    return out;
}

// Per device: its rank, compute, communication not overlapped and idle, and each step's compute.
std::string breakdownText(const std::string& store) {
    Error error;
    std::shared_ptr<TraceSession> session = TraceSession::openStore(store, &error);
    REQUIRE(session);
    BreakdownReport report;
    REQUIRE(session->breakdown(BreakdownOptions{}, &report, &error));
    std::string text;
    for (const DeviceBreakdown& d : report.devices) {
        text += d.name + " rank " + (d.rank ? std::to_string(*d.rank) : "-") + ": compute " +
                std::to_string(d.computeNs) + " comm " + std::to_string(d.communicationNotOverlappedNs) + " idle " +
                std::to_string(d.idleNs) + " steps";
        for (const StepBreakdown& s : d.steps) text += " " + std::to_string(s.computeNs);
        text += "\n";
    }
    return text;
}

std::set<std::string> filesIn(const std::string& folder) {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) names.insert(entry.path().filename().string());
    return names;
}

} // namespace

TEST_CASE("parallel import: 1 and 4 jobs give the sequential import's rows and per-rank breakdown",
          "[ranks][parallel-import]") {
    TempDir dir;
    std::vector<std::string> inputs;
    for (int rank = 0; rank < 5; ++rank)
        inputs.push_back(dir.write("rank-" + std::to_string(rank) + ".json", kinetoRank(rank == 3 ? -1 : rank, 3)));
    importWithJobs(inputs, dir.file("one.sqlite"), 1);
    const OpenResult four = importWithJobs(inputs, dir.file("four.sqlite"), 4);
    const auto sequential = tableContents(dir.file("one.sqlite"));
    const auto parallel = tableContents(dir.file("four.sqlite"));
    for (const auto& [what, value] : sequential) {
        INFO(what);
        CHECK(parallel.at(what) == value);
    }
    CHECK(sequential.at("slice") == "180"); // 5 ranks × 3 steps × (5 launches + 5 kernels + 1 all-reduce + 1 step)
    CHECK(sequential.at("flow") == "15");
    CHECK(sequential.at("launch_link") == "75");
    CHECK(sequential.at("devices") == "rank 0 · GPU 0/,rank 1 · GPU 0/,rank 2 · GPU 0/,rank 3 · GPU 0/,rank 4 · GPU 0/");
    const std::string breakdown = breakdownText(dir.file("one.sqlite"));
    CHECK(breakdown.find("rank 4 · GPU 0 rank 4: compute ") != std::string::npos);
    CHECK(breakdownText(dir.file("four.sqlite")) == breakdown);
    CHECK(four.summary.slices == 180);
    CHECK(four.usedFiles.size() == 5);
    CHECK(filesIn(dir.path()).size() == 7); // 5 ranks and 2 stores: no part left behind
}

TEST_CASE("parallel import: two inputs claiming one rank stay apart by host, as in the sequential import",
          "[ranks][parallel-import]") {
    TempDir dir;
    const std::string a = dir.write("x.json", kinetoRank(0, 1));
    const std::string b = dir.write("y.json", kinetoRank(0, 1));
    importWithJobs({a, b}, dir.file("one.sqlite"), 1);
    importWithJobs({a, b}, dir.file("two.sqlite"), 2);
    CHECK(tableContents(dir.file("two.sqlite")).at("devices") == "rank 0 · GPU 0/x.json,rank 0 · GPU 0/y.json");
    CHECK(tableContents(dir.file("two.sqlite")) == tableContents(dir.file("one.sqlite")));
}

TEST_CASE("parallel import: the two shared torch_npu ranks give the same store with 1 and 4 jobs",
          "[ranks][parallel-import][shared]") {
    const std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    const std::string rank1 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1");
    TempDir dir;
    importWithJobs({rank0, rank1}, dir.file("one.sqlite"), 1);
    importWithJobs({rank0, rank1}, dir.file("four.sqlite"), 4);
    const auto sequential = tableContents(dir.file("one.sqlite"));
    const auto parallel = tableContents(dir.file("four.sqlite"));
    for (const auto& [what, value] : sequential) {
        INFO(what);
        CHECK(parallel.at(what) == value);
    }
    CHECK(sequential.at("devices") == "rank 0 · NPU 0/,rank 1 · NPU 1/");
    const std::string breakdown = breakdownText(dir.file("one.sqlite"));
    CHECK(breakdown.find("rank 1 · NPU 1 rank 1: compute ") != std::string::npos);
    CHECK(breakdownText(dir.file("four.sqlite")) == breakdown);
}

TEST_CASE("parallel import: a budget smaller than the recordings makes workers wait, and the store is the same",
          "[ranks][parallel-import]") {
    TempDir dir;
    std::vector<std::string> inputs;
    // Rank 0, replayed first, is eight times the others: while it is still being parsed, the worker on
    // rank 1 seals its second chunk of 4 KiB with the 4 KiB budget already held by its first, and waits.
    for (int rank = 0; rank < 4; ++rank)
        inputs.push_back(dir.write("rank-" + std::to_string(rank) + ".json", kinetoRank(rank, rank == 0 ? 400 : 50)));
    importWithJobs(inputs, dir.file("one.sqlite"), 1);
    OpenOptions options;
    options.storePath = dir.file("bounded.sqlite");
    options.jobs = 2;
    options.recordingBudgetBytes = 4096;
    options.recordingChunkBytes = 4096;
    OpenResult bounded;
    Error error;
    REQUIRE(openTrace(inputs, options, ImportProgress{}, &bounded, &error));
    CHECK(bounded.recordingBudgetWaits > 0);
    const auto sequential = tableContents(dir.file("one.sqlite"));
    const auto parallel = tableContents(dir.file("bounded.sqlite"));
    for (const auto& [what, value] : sequential) {
        INFO(what);
        CHECK(parallel.at(what) == value);
    }
    // With the default budget (256 MiB) nothing of these ranks waits.
    options.storePath = dir.file("default.sqlite");
    options.recordingBudgetBytes = 0;
    OpenResult unbounded;
    REQUIRE(openTrace(inputs, options, ImportProgress{}, &unbounded, &error));
    CHECK(unbounded.recordingBudgetWaits == 0);
}

TEST_CASE("parallel import: the default is one worker per core, the same store as --jobs 1", "[ranks][parallel-import]") {
    CHECK(OpenOptions{}.jobs == 0);
    TempDir dir;
    std::vector<std::string> inputs;
    for (int rank = 0; rank < 3; ++rank)
        inputs.push_back(dir.write("rank-" + std::to_string(rank) + ".json", kinetoRank(rank, 3)));
    importWithJobs(inputs, dir.file("one.sqlite"), 1);
    OpenOptions options; // jobs left at its default
    options.storePath = dir.file("default.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace(inputs, options, ImportProgress{}, &result, &error));
    CHECK(tableContents(dir.file("default.sqlite")) == tableContents(dir.file("one.sqlite")));
}

TEST_CASE("parallel import: each input reports its own stages, one call at a time", "[ranks][parallel-import]") {
    TempDir dir;
    std::vector<std::string> inputs;
    for (int rank = 0; rank < 3; ++rank)
        inputs.push_back(dir.write("rank-" + std::to_string(rank) + ".json", kinetoRank(rank, 2)));
    std::mutex mutex;
    std::map<std::size_t, std::vector<std::string>> stages;
    std::atomic<int> inside{0}, overlapping{0};
    ImportProgress progress;
    progress.onInputProgress = [&](const InputProgress& input) {
        if (inside.fetch_add(1) != 0) ++overlapping;
        {
            std::lock_guard<std::mutex> lock(mutex);
            CHECK(input.count == 3);
            auto& seen = stages[input.index];
            if (seen.empty() || seen.back() != inputStageName(input.stage)) seen.push_back(inputStageName(input.stage));
        }
        inside.fetch_sub(1);
    };
    importWithJobs(inputs, dir.file("job.sqlite"), 2, progress);
    CHECK(overlapping.load() == 0);
    // Recorded in memory and replayed into the one writer: "merging" (its rows going into the store) may
    // begin while its parse goes on, so it comes before or after "parsed"; "done" is last.
    for (std::size_t i = 0; i < 3; ++i) {
        INFO(i);
        const std::vector<std::string> parsedFirst{"parsing", "parsed", "merging", "done"};
        const std::vector<std::string> streamed{"parsing", "merging", "parsed", "done"};
        CHECK((stages[i] == parsedFirst || stages[i] == streamed));
    }
}

TEST_CASE("parallel import: a cancel mid-import leaves neither the store nor any temporary file",
          "[ranks][parallel-import]") {
    TempDir dir;
    std::vector<std::string> inputs;
    for (int rank = 0; rank < 4; ++rank)
        inputs.push_back(dir.write("rank-" + std::to_string(rank) + ".json", kinetoRank(rank, 40)));
    const std::set<std::string> before = filesIn(dir.path());
    for (const char* when : {"parsing", "parsed", "merging"}) {
        DYNAMIC_SECTION("cancelled when an input is " << when) {
            std::atomic<bool> cancel{false};
            ImportProgress progress;
            progress.cancelFlag = &cancel;
            progress.onInputProgress = [&](const InputProgress& input) {
                if (std::string(inputStageName(input.stage)) == when && input.index == 1) cancel = true;
            };
            OpenOptions options;
            options.storePath = dir.file("job.sqlite");
            options.jobs = 2;
            OpenResult result;
            Error error;
            CHECK_FALSE(openTrace(inputs, options, progress, &result, &error));
            CHECK(error.code == ErrorCode::Cancelled);
            CHECK(filesIn(dir.path()) == before);
        }
    }
}

TEST_CASE("parallel import: a failing input fails the import and leaves no file", "[ranks][parallel-import]") {
    TempDir dir;
    const std::string good = dir.write("rank-0.json", kinetoRank(0, 2));
    const std::string bad = dir.write("rank-1.json", "{\"traceEvents\": [ {\"ph\":\"X\", ");
    const std::set<std::string> before = filesIn(dir.path());
    OpenOptions options;
    options.storePath = dir.file("job.sqlite");
    options.jobs = 2;
    OpenResult result;
    Error error;
    CHECK_FALSE(openTrace({good, bad}, options, ImportProgress{}, &result, &error));
    CHECK(error.code != ErrorCode::Cancelled);
    CHECK(error.file.find("rank-1.json") != std::string::npos);
    CHECK(filesIn(dir.path()) == before);
}

TEST_CASE("parallel import: jobs 0 means one worker per core", "[ranks][parallel-import]") {
    CHECK(importJobCount(3) == 3u);
    CHECK(importJobCount(1) == 1u);
    CHECK(importJobCount(0) >= 1u);
    CHECK(importJobCount(0) == std::max(1u, std::thread::hardware_concurrency()));
}

TEST_CASE("store merge: every column of the schema that refers to a row is shifted or mapped",
          "[ranks][parallel-import]") {
    Database db(":memory:", Database::Mode::Create);
    db.exec(schemaTablesSql());
    db.exec(memorySchemaTablesSql());
    std::set<std::string> known;
    for (const MergeReference& r : mergeReferences()) known.insert(std::string(r.table) + "." + r.column);
    // Columns that look like references but hold no row id of the store.
    // The launch queue tables are not copied: the merged store computes its own from the merged links.
    const std::set<std::string> notReferences{"launch_link.correlation_id", "graph.joined_node_count",
                                              "track.slice_count", "launch_queue_track.thread_id",
                                              "launch_queue_points.track_id"};
    Statement tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'");
    std::vector<std::string> unknown;
    while (tables.step()) {
        Statement columns = db.prepare("SELECT name FROM pragma_table_info(?)");
        columns.bind(1, tables.text(0));
        while (columns.step()) {
            const std::string column = columns.text(0);
            const std::string qualified = tables.text(0) + "." + column;
            const bool looksLikeReference = (column.size() > 3 && column.substr(column.size() - 3) == "_id") ||
                                            column.rfind("slice_", 0) == 0 || column.find("_node") != std::string::npos;
            if (looksLikeReference && !known.count(qualified) && !notReferences.count(qualified))
                unknown.push_back(qualified);
        }
    }
    CHECK(unknown == std::vector<std::string>{});
}
