// Critical paths built by hand, as HTA's critical_path_analysis builds them: a CPU-bound, a GPU-bound
// and a launch-bound step, steps held by a device synchronise (with and without Kineto's cuda_sync
// event), by a stream wait event and by an Ascend EVENT_RECORD -> EVENT_WAIT pair, each with its bound and
// the path's length in exact ns.
#include "core/session/open_trace.h"
#include "core/analysis/launch/critical_path.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

CriticalPath pathOf(const std::string& events) {
    TempDir dir;
    OpenResult result;
    Error error;
    if (!openTrace({dir.write("cp.json", "{\"traceEvents\":[" + events + "]}")}, OpenOptions{}, ImportProgress{}, &result, &error))
        FAIL(describe(error));
    Database db(result.storePath, Database::Mode::ReadOnly);
    LaunchData launches;
    HostCallData host;
    SyncEventData syncs;
    REQUIRE(readLaunchData(db, &launches, &error));
    REQUIRE(readHostCalls(db, &host, &error));
    REQUIRE(readSyncEvents(db, &syncs, &error));
    std::vector<CriticalPath> paths = computeCriticalPaths(launches, host, syncs, {});
    REQUIRE(paths.size() == 1);
    return paths[0];
}

std::string num(double v) { return std::to_string(v); }

std::string call(int corr, double ts, double dur, const char* name = "cudaLaunchKernel") {
    return R"({"ph":"X","cat":"cuda_runtime","name":")" + std::string(name) + R"(","pid":1,"tid":1,"ts":)" + num(ts) +
           R"(,"dur":)" + num(dur) + R"(,"args":{"correlation":)" + std::to_string(corr) + "}},";
}
std::string kernel(int corr, double ts, double dur, int stream = 7) {
    return R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":)" + std::to_string(stream) + R"(,"ts":)" + num(ts) +
           R"(,"dur":)" + num(dur) + R"(,"args":{"correlation":)" + std::to_string(corr) + "}},";
}
std::string op(const char* name, double ts, double dur) {
    return R"({"ph":"X","cat":"cpu_op","name":")" + std::string(name) + R"(","pid":1,"tid":1,"ts":)" + num(ts) +
           R"(,"dur":)" + num(dur) + "},";
}
// A Kineto cuda_sync event (PyTorch's sync events), linked to its runtime call by correlation.
std::string cudaSync(const char* name, int corr, double ts, double dur, int stream, const std::string& extraArgs = "") {
    return R"({"ph":"X","cat":"cuda_sync","name":")" + std::string(name) + R"(","pid":0,"tid":)" + std::to_string(stream) +
           R"(,"ts":)" + num(ts) + R"(,"dur":)" + num(dur) + R"(,"args":{"correlation":)" + std::to_string(corr) + extraArgs + "}},";
}
std::string step(double dur) {
    return R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#3","pid":1,"tid":1,"ts":0,"dur":)" + num(dur) + "}";
}

TimeNs share(const CriticalPath& p, PathBound b) { return p.boundNs[static_cast<std::size_t>(b)]; }
TimeNs hta(const CriticalPath& p, HtaBound b) { return p.htaBoundNs[static_cast<std::size_t>(b)]; }

} // namespace

TEST_CASE("critical path: CPU-bound step", "[launch][critical]") {
    // The operator's 900 us on the host outweigh launch + kernel (100 + 10 + 10 us).
    CriticalPath p = pathOf(op("aten::forward", 0, 900) + call(1, 100, 5) + kernel(1, 110, 10) + step(1000));
    CHECK(p.step == 3);
    CHECK(p.endNs == 1000000);
    CHECK(p.lengthNs == 900000);
    CHECK(share(p, PathBound::Host) == 900000);
    CHECK(share(p, PathBound::Launch) == 0);
    CHECK(share(p, PathBound::Device) == 0);
    CHECK(p.bound == PathBound::Host);
    CHECK(hta(p, HtaBound::CpuBound) == 900000);
    CHECK(p.htaBound == HtaBound::CpuBound);
}

TEST_CASE("critical path: GPU-bound step", "[launch][critical]") {
    // Five launches queue up at once: only kernel -> kernel edges (gap 0) join the kernels, as in HTA the
    // first kernel gets no launch edge while others are queued behind it.
    std::string e = op("aten::step", 0, 50);
    for (int i = 0; i < 5; ++i) e += call(i + 1, 2 * i, 1) + kernel(i + 1, 20 + 100 * i, 100);
    CriticalPath p = pathOf(e + step(50));
    CHECK(p.endNs == 520000);
    CHECK(p.lengthNs == 500000);
    CHECK(share(p, PathBound::Device) == 500000);
    CHECK(share(p, PathBound::Launch) == 0);
    CHECK(p.bound == PathBound::Device);
    CHECK(hta(p, HtaBound::GpuCompute) == 500000);
    CHECK(hta(p, HtaBound::KernelKernelOverhead) == 0);
    CHECK(p.htaBound == HtaBound::GpuCompute);
}

TEST_CASE("critical path: launch-bound step (a kernel waits 90 us for its launch, five times over a device synchronise)",
          "[launch][critical]") {
    std::string e = op("aten::loop", 0, 560);
    for (int i = 0; i < 5; ++i) {
        const double b = 110.0 * i;
        e += call(10 + i, b, 5) + kernel(10 + i, b + 90, 10) + call(20 + i, b + 6, 95, "cudaDeviceSynchronize") +
             cudaSync("Context Sync", 20 + i, b + 6, 94, 7);
    }
    CriticalPath p = pathOf(e + step(560));
    CHECK(share(p, PathBound::Launch) == 5 * 90000);
    CHECK(share(p, PathBound::Device) == 5 * 10000);
    CHECK(share(p, PathBound::Host) == 4 * 9000 + 19000); // sync return -> next launch, last return -> op end
    CHECK(share(p, PathBound::Sync) == 5 * 1000);         // kernel end -> sync call return: not in the length
    CHECK(p.lengthNs == 555000);
    CHECK(p.syncEdges == 5);
    CHECK(p.bound == PathBound::Launch);
    CHECK(hta(p, HtaBound::LaunchOverhead) == 450000);
    CHECK(p.htaBound == HtaBound::LaunchOverhead);
}

TEST_CASE("critical path: a device synchronise without a cuda_sync event passes through the kernel it waited for",
          "[launch][critical]") {
    CriticalPath p = pathOf(call(1, 0, 5) + kernel(1, 20, 470) + call(2, 10, 490, "cudaDeviceSynchronize") +
                            op("aten::item", 500, 100) + step(600));
    CHECK(p.lengthNs == 590000);
    CHECK(share(p, PathBound::Host) == 100000);
    CHECK(share(p, PathBound::Launch) == 20000);
    CHECK(share(p, PathBound::Device) == 470000);
    CHECK(share(p, PathBound::Sync) == 10000); // kernel end 490 -> sync return 500
    CHECK(p.bound == PathBound::Device);
    CHECK(p.htaBound == HtaBound::GpuCompute);
    CHECK(p.syncEdges == 1);
}

TEST_CASE("critical path: a stream wait event joins a kernel to the one it waited for on another stream", "[launch][critical]") {
    const std::string waitArgs = R"(,"wait_on_stream":7,"wait_on_cuda_event_record_corr_id":2)";
    CriticalPath p = pathOf(op("aten::fwd", 0, 100) + call(1, 1, 2) + kernel(1, 10, 300, 7) + call(2, 4, 1, "cudaEventRecord") +
                            call(3, 6, 1, "cudaStreamWaitEvent") + cudaSync("Stream Wait Event", 3, 8, 1, 8, waitArgs) +
                            call(4, 8, 1) + kernel(4, 310, 100, 8) + step(100));
    // op start -> launch A (1) -> launch delay (9) -> A (300) -> sync -> B (100).
    CHECK(p.lengthNs == 410000);
    CHECK(share(p, PathBound::Device) == 400000);
    CHECK(share(p, PathBound::Launch) == 9000);
    CHECK(share(p, PathBound::Host) == 1000);
    CHECK(p.syncEdges == 1);
    CHECK(p.bound == PathBound::Device);
    CHECK(p.endNs == 410000);
}

namespace {

// torch_npu's trace_view.json shape: CANN calls on the host, tasks on "Ascend Hardware" streams, each task
// joined to its call by connection_id; times are strings in us.
std::string ascendCall(int conn, const char* api, const char* ts) {
    return R"({"ph":"X","name":"AscendCL@)" + std::string(api) + R"(","pid":20,"tid":10,"ts":")" + ts +
           R"(","dur":5,"args":{"connection_id":)" + std::to_string(conn) + "}},";
}
std::string ascendTask(int conn, const char* name, const char* type, int stream, const char* ts, const char* dur) {
    return R"({"ph":"X","name":")" + std::string(name) + R"(","pid":800,"tid":)" + std::to_string(stream) + R"(,"ts":")" +
           ts + R"(","dur":)" + dur + R"(,"args":{"Task Type":")" + type + R"(","connection_id":)" + std::to_string(conn) + "}},";
}
// Stream 3: MatMul from 20 us (matmulDur long), then the record at recordTs (20 ns). Stream 2: Add 40..90, the
// wait 90..420.1, Mul 421..521. Each task launched 10 us before by its call; ProfilerStep#3 0..600.
std::string ascendWaitTrace(const char* matmulDur, const char* recordTs) {
    return R"({"ph":"M","name":"process_name","pid":800,"args":{"name":"Ascend Hardware"}},)" +
           ascendCall(1, "aclnnMatmul", "10") + ascendTask(1, "MatMul", "AI_CORE", 3, "20", matmulDur) +
           ascendCall(2, "aclrtRecordEvent", "21") + ascendTask(2, "EVENT_RECORD", "EVENT_RECORD_SQE", 3, recordTs, "0.02") +
           ascendCall(3, "aclnnAdd", "30") + ascendTask(3, "Add", "AI_CORE", 2, "40", "50") +
           ascendCall(4, "aclrtStreamWaitEvent", "41") + ascendTask(4, "EVENT_WAIT", "EVENT_WAIT_SQE", 2, "90", "330.1") +
           ascendCall(5, "aclnnMul", "50") + ascendTask(5, "Mul", "AI_CORE", 2, "421", "100") +
           // torch_npu writes the step as a cpu_op: it is the window, not a 600 us operator on the path.
           R"({"ph":"X","cat":"cpu_op","name":"ProfilerStep#3","pid":1,"tid":1,"ts":"0","dur":600})";
}

} // namespace

TEST_CASE("critical path: an Ascend EVENT_WAIT is joined to the EVENT_RECORD that released it", "[launch][critical][ascend]") {
    // MatMul runs 20..420 us and the record 420..420.02: the wait is held until it. Its 330.1 us are the
    // stream waiting, not work.
    const std::string e = ascendWaitTrace("400", "420");
    CriticalPath p = pathOf(e);
    // MatMul's launch (10) -> MatMul (400) -> record (0.02) -> sync to the wait's end -> gap (0.9) -> Mul (100).
    CHECK(p.lengthNs == 510920);
    CHECK(share(p, PathBound::Launch) == 10000);
    CHECK(share(p, PathBound::Device) == 500920);
    CHECK(share(p, PathBound::Host) == 0);
    CHECK(share(p, PathBound::Sync) == 80); // record end 420.02 -> wait end 420.1
    CHECK(p.syncEdges == 1);
    CHECK(p.bound == PathBound::Device);
    CHECK(hta(p, HtaBound::GpuCompute) == 500020);
    CHECK(hta(p, HtaBound::KernelKernelOverhead) == 900);
    CHECK(p.htaBound == HtaBound::GpuCompute);
    CHECK(p.endNs == 600000);
    std::vector<std::string> kinds;
    for (const PathSegment& s : p.segments)
        kinds.push_back(std::string(pathBoundName(s.kind)) + ":" + std::to_string(s.startNs) + "-" + std::to_string(s.endNs));
    CHECK(kinds == std::vector<std::string>{"launch:10000-20000", "device:20000-420000", "device:420000-420020",
                                            "sync:420020-420100", "device:420100-421000", "device:421000-521000"});
    REQUIRE(p.segments.size() == 6);
    CHECK(p.segments[3].sliceId == p.segments[2].sliceId); // the sync edge is the record's
    CHECK(p.segments[3].edge == PathEdgeType::Sync);
}

TEST_CASE("critical path: an Ascend EVENT_WAIT no record released is a wait, not device work", "[launch][critical][ascend]") {
    // MatMul runs 20..60 us and the record at 60: its event was set long before the wait began, so no sync
    // edge; the wait's 330.1 us are sync time.
    const std::string e = ascendWaitTrace("40", "60");
    CriticalPath p = pathOf(e);
    // Host 10 (two calls) -> Add's launch (10) -> Add (50) -> the wait (sync, 0) -> gap (0.9) -> Mul (100).
    CHECK(p.lengthNs == 170900);
    CHECK(share(p, PathBound::Device) == 150900);
    CHECK(share(p, PathBound::Launch) == 10000);
    CHECK(share(p, PathBound::Host) == 10000);
    CHECK(share(p, PathBound::Sync) == 330100);
    CHECK(p.syncEdges == 1);
    CHECK(p.bound == PathBound::Device);
}

TEST_CASE("critical path graph: longest path in topological order, cycles left out", "[launch][critical]") {
    PathGraph g;
    const std::uint32_t a = g.addNode(0, 1, true), b = g.addNode(10, 1, false), c = g.addNode(15, 2, true), d = g.addNode(40, 2, false);
    g.addEdge(a, b, PathEdgeType::OperatorKernel, 1);
    g.addEdge(b, c, PathEdgeType::Dependency, 0); // weight 0
    g.addEdge(c, d, PathEdgeType::OperatorKernel, 2);
    g.addEdge(a, d, PathEdgeType::LaunchDelay, 0); // 40 > 10 + 0 + 25
    std::vector<std::uint32_t> path = g.longestPath();
    REQUIRE(path.size() == 1);
    CHECK(g.edges()[path[0]].type == PathEdgeType::LaunchDelay);
    g.addEdge(d, a, PathEdgeType::Sync, 0); // a cycle: nothing is left to start from
    std::int64_t cyclic = 0;
    CHECK(g.longestPath(&cyclic).empty());
    CHECK(cyclic == 4);
    PathGraph deep; // a chain far deeper than any stack
    for (int i = 0; i < 200000; ++i) deep.addNode(i, i, true);
    for (std::uint32_t i = 0; i + 1 < 200000; ++i) deep.addEdge(i, i + 1, PathEdgeType::OperatorKernel, 0);
    CHECK(deep.longestPath().size() == 199999);
}

TEST_CASE("host calls keep each slice's thread as an index into one table of the store's thread ids", "[launch][host]") {
    TempDir dir;
    OpenResult result;
    Error error;
    // Two threads of one process and one of another, slices interleaved in time, one nested.
    const std::string events =
        R"({"ph":"X","cat":"cpu_op","name":"a","pid":1,"tid":10,"ts":0,"dur":10},)"
        R"({"ph":"X","cat":"cpu_op","name":"a.inner","pid":1,"tid":10,"ts":2,"dur":3},)"
        R"({"ph":"X","cat":"cpu_op","name":"b","pid":1,"tid":11,"ts":1,"dur":10},)"
        R"({"ph":"X","cat":"cpu_op","name":"c","pid":2,"tid":10,"ts":3,"dur":10},)"
        R"({"ph":"X","cat":"cpu_op","name":"a2","pid":1,"tid":10,"ts":20,"dur":1})";
    REQUIRE(openTrace({dir.write("threads.json", "{\"traceEvents\":[" + events + "]}")}, OpenOptions{}, ImportProgress{},
                      &result, &error));
    Database db(result.storePath, Database::Mode::ReadOnly);
    HostCallData host;
    REQUIRE(readHostCalls(db, &host, &error));
    REQUIRE(host.slices.size() == 5);
    CHECK(host.threadIds.size() == 4); // [0] none, then three threads
    Statement st = db.prepare("SELECT s.id, t.thread_id, s.depth FROM slice s JOIN track t ON t.id = s.track_id");
    int seen = 0;
    while (st.step()) {
        const HostSliceRecord* s = host.find(st.int64(0));
        REQUIRE(s != nullptr);
        CHECK(host.threadOf(*s) == st.int64(1));
        CHECK(s->depth == st.int64(2));
        ++seen;
    }
    CHECK(seen == 5);
    HostSliceRecord stray;
    stray.threadIndex = static_cast<std::uint32_t>(host.threadIds.size());
    CHECK(host.threadOf(stray) == 0); // an index past the table reads as no thread
    // The depth as the snapshot holds it: 65535 at most, never negative.
    CHECK(hostDepth(65535) == 65535);
    CHECK(hostDepth(65536) == 65535);
    CHECK(hostDepth(0) == 0);
    CHECK(hostDepth(-1) == 0);
    static_assert(sizeof(HostSliceRecord) == 48, "the host slice record's size is documented in host_call_reader.h");
}
