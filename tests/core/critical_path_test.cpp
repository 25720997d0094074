// Critical paths built by hand, as HTA's critical_path_analysis builds them: a CPU-bound, a GPU-bound
// and a launch-bound step, steps held by a device synchronise (with and without Kineto's cuda_sync
// event) and by a stream wait event, each with its bound and the path's length in exact ns.
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
