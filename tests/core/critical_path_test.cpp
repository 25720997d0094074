// Critical paths built by hand: a CPU-bound, a launch-bound, a GPU-bound step and one held by a
// synchronisation, each with its breakdown in exact ns.
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
    REQUIRE(readLaunchData(db, &launches, &error));
    REQUIRE(readHostCalls(db, &host, &error));
    std::vector<CriticalPath> paths = computeCriticalPaths(launches, host, {});
    REQUIRE(paths.size() == 1);
    return paths[0];
}

std::string call(int corr, double ts, double dur, const char* name = "cudaLaunchKernel") {
    return R"({"ph":"X","cat":"cuda_runtime","name":")" + std::string(name) + R"(","pid":1,"tid":1,"ts":)" +
           std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":{"correlation":)" + std::to_string(corr) + "}},";
}
std::string kernel(int corr, double ts, double dur) {
    return R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":)" + std::to_string(ts) + R"(,"dur":)" +
           std::to_string(dur) + R"(,"args":{"correlation":)" + std::to_string(corr) + "}},";
}
std::string step(double dur) {
    return R"({"ph":"X","cat":"user_annotation","name":"ProfilerStep#3","pid":1,"tid":1,"ts":0,"dur":)" + std::to_string(dur) + "}";
}

} // namespace

TEST_CASE("critical path: CPU-bound step", "[launch][critical]") {
    CriticalPath p = pathOf(call(1, 100, 5) + kernel(1, 110, 10) + step(1000));
    CHECK(p.step == 3);
    CHECK(p.endNs == 1000000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Host)] == 995000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Launch)] == 5000);
    CHECK(p.bound == PathBound::Host);
}

TEST_CASE("critical path: GPU-bound step", "[launch][critical]") {
    std::string e;
    for (int i = 0; i < 5; ++i) e += call(i + 1, 2 * i, 1) + kernel(i + 1, 20 + 100 * i, 100);
    CriticalPath p = pathOf(e + step(50));
    CHECK(p.endNs == 520000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Device)] == 500000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Launch)] == 20000); // the first call and its wait
    CHECK(p.bound == PathBound::Device);
}

TEST_CASE("critical path: launch-bound step", "[launch][critical]") {
    std::string e;
    for (int i = 0; i < 5; ++i) e += call(i + 1, 50 * i, 45) + kernel(i + 1, 50 * i + 47, 2);
    CriticalPath p = pathOf(e + step(246));
    CHECK(p.endNs == 249000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Launch)] == 2000 + 5 * 45000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Host)] == 4 * 5000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Device)] == 2000);
    CHECK(p.bound == PathBound::Launch);
}

TEST_CASE("critical path: a step held by a synchronisation passes through the kernel it waited for", "[launch][critical]") {
    CriticalPath p = pathOf(call(1, 0, 5) + kernel(1, 20, 470) + call(2, 10, 490, "cudaDeviceSynchronize") +
                            R"({"ph":"X","cat":"cpu_op","name":"aten::item","pid":1,"tid":1,"ts":500,"dur":100},)" + step(600));
    CHECK(p.boundNs[static_cast<int>(PathBound::Host)] == 100000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Sync)] == 10000);   // kernel end 490 -> sync return 500
    CHECK(p.boundNs[static_cast<int>(PathBound::Device)] == 470000);
    CHECK(p.boundNs[static_cast<int>(PathBound::Launch)] == 20000);
    CHECK(p.bound == PathBound::Device);
    bool sawSync = false;
    for (const PathSegment& s : p.segments) sawSync |= s.kind == PathBound::Sync;
    CHECK(sawSync);
}
