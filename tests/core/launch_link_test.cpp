// Launch links at import: each device slice tied to its launching call by correlation, External id,
// connection_id or flows, in that order, with the counts in the stat table.
#include "core/session/open_trace.h"
#include "core/importers/launch/launch_keys.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

// The whole import path (devices classified), as the CLI and GUI run it.
struct Imported {
    bool ok = false;
    std::string storePath;
};
Imported importTrace(const TempDir& dir, const std::string& json) {
    OpenResult result;
    Error error;
    Imported out;
    out.ok = openTrace({dir.write("t.json", json)}, OpenOptions{}, ImportProgress{}, &result, &error);
    if (!out.ok) FAIL(describe(error));
    out.storePath = result.storePath;
    return out;
}

// "kernel<call@source" per link, in device slice order.
std::string links(Database& db) {
    return db.scalarText("SELECT group_concat(pair, ';') FROM (SELECT d.name || '<' || c.name || '@' || l.source || "
                         "'#' || coalesce(l.correlation_id, '-') AS pair FROM launch_link l "
                         "JOIN slice_view d ON d.id = l.device_slice_id JOIN slice_view c ON c.id = l.call_slice_id "
                         "ORDER BY d.ts)", "<none>");
}

std::int64_t stat(Database& db, const std::string& name) {
    return db.scalarInt("SELECT value FROM stat WHERE name = '" + name + "'", -1);
}

} // namespace

TEST_CASE("launch keys are read from args text without parsing it", "[launch][link]") {
    LaunchKeys k = scanLaunchKeys(R"({"External id": 112, "cbid": 211, "correlation": 135071})");
    CHECK(k.correlation == 135071);
    CHECK(k.externalId == 112);
    CHECK_FALSE(k.connectionId);
    CHECK(scanLaunchKeys(R"({"connection_id": "936"})").connectionId == 936);
    CHECK(scanLaunchKeys(R"({"correlation": 12.0})").correlation == 12);
    CHECK_FALSE(scanLaunchKeys(R"({"correlation": 12.5})").correlation);
    CHECK_FALSE(scanLaunchKeys(R"({"correlation_id": 148})").correlation); // torch_npu enqueue/dequeue
    CHECK_FALSE(scanLaunchKeys(R"({"note": "correlation", "x": 1})").correlation);
    CHECK(scanLaunchKeys(R"({"note": "correlation", "correlation": 7})").correlation == 7);
    CHECK_FALSE(scanLaunchKeys(R"({"correlation": 99999999999999999999})").correlation);
}

TEST_CASE("correlation only: every kernel linked to its runtime call, no flows needed", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":0,"dur":50,"args":{"External id":5}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"External id":5,"correlation":100}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":20,"dur":5,"args":{"External id":5,"correlation":101}},
      {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":100,"dur":40,"args":{"External id":5,"correlation":100,"stream":7}},
      {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD","pid":0,"tid":7,"ts":150,"dur":10,"args":{"External id":5,"correlation":101,"stream":7}}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(links(db) == "gemm<cudaLaunchKernel@correlation#100;Memcpy HtoD<cudaMemcpyAsync@correlation#101");
    CHECK(stat(db, "launch.links.correlation") == 2);
    CHECK(stat(db, "launch.device_events") == 2);
    CHECK(stat(db, "launch.device_events_linked") == 2);
}

TEST_CASE("flows only: ac2g flows link kernels that carry no ids", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5},
      {"ph":"s","id":1,"pid":1,"tid":1,"ts":10,"cat":"ac2g","name":"ac2g"},
      {"ph":"f","id":1,"pid":0,"tid":7,"ts":100,"cat":"ac2g","name":"ac2g","bp":"e"},
      {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":100,"dur":40}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(links(db) == "gemm<cudaLaunchKernel@flow#-");
    CHECK(stat(db, "launch.links.flow") == 1);
    CHECK(stat(db, "launch.links.correlation") == 0);
}

TEST_CASE("both: the correlation wins over a flow that points elsewhere", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":100}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernelExC","pid":1,"tid":1,"ts":30,"dur":5,"args":{"correlation":200}},
      {"ph":"s","id":9,"pid":1,"tid":1,"ts":30,"cat":"ac2g","name":"ac2g"},
      {"ph":"f","id":9,"pid":0,"tid":7,"ts":100,"cat":"ac2g","name":"ac2g","bp":"e"},
      {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":100,"dur":40,"args":{"correlation":100}}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(links(db) == "gemm<cudaLaunchKernel@correlation#100");
    CHECK(stat(db, "launch.links.flow") == 0);
}

TEST_CASE("neither: an unlinked kernel is counted, not guessed", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":100}},
      {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":100,"dur":40,"args":{"correlation":100}},
      {"ph":"X","cat":"kernel","name":"orphan","pid":0,"tid":7,"ts":200,"dur":40,"args":{"correlation":555}},
      {"ph":"X","cat":"gpu_user_annotation","name":"ProfilerStep#1","pid":0,"tid":7,"ts":90,"dur":200}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(links(db) == "gemm<cudaLaunchKernel@correlation#100");
    CHECK(stat(db, "launch.device_events") == 2); // the annotation is not a device event
    CHECK(stat(db, "launch.device_events_linked") == 1);
}

TEST_CASE("an annotation on a stream that carries a correlation is linked but not counted as a device event", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":100}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":30,"dur":5,"args":{"correlation":101}},
      {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":100,"dur":40,"args":{"correlation":100}},
      {"ph":"X","cat":"gpu_user_annotation","name":"region","pid":0,"tid":7,"ts":90,"dur":200,"args":{"correlation":101}}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_link") == 2);
    CHECK(stat(db, "launch.device_events") == 1);
    CHECK(stat(db, "launch.device_events_linked") == 1);
}

TEST_CASE("External id: the runtime call sharing the operator's id, latest before the kernel", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"cpu_op","name":"aten::add","pid":1,"tid":1,"ts":0,"dur":100,"args":{"External id":5}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"External id":5}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":60,"dur":5,"args":{"External id":5}},
      {"ph":"X","cat":"cpu_op","name":"aten::copy_","pid":1,"tid":1,"ts":300,"dur":10,"args":{"External id":6}},
      {"ph":"X","cat":"kernel","name":"add_kernel","pid":0,"tid":7,"ts":50,"dur":5,"args":{"External id":5}},
      {"ph":"X","cat":"kernel","name":"copy_kernel","pid":0,"tid":7,"ts":400,"dur":5,"args":{"External id":6}}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    // add_kernel: the first launch (ts 10) is the latest that starts before it; copy_kernel has only its op
    CHECK(links(db) == "add_kernel<cudaLaunchKernel@external_id#-;copy_kernel<aten::copy_@external_id#-");
    CHECK(db.scalarInt("SELECT c.ts FROM launch_link l JOIN slice c ON c.id = l.call_slice_id "
                       "JOIN slice d ON d.id = l.device_slice_id WHERE d.ts = 50000") == 10000);
}

TEST_CASE("torch_npu connection_id links a task to its CANN call, beside the flows", "[launch][link]") {
    TempDir dir;
    auto r = importTrace(dir, R"J([
      {"ph":"M","name":"process_name","pid":800,"args":{"name":"Ascend Hardware"}},
      {"ph":"X","name":"aten::zero_","pid":10,"tid":10,"ts":"0","dur":50,"cat":"cpu_op"},
      {"ph":"X","name":"AscendCL@aclnnInplaceZero","pid":20,"tid":10,"ts":"20","dur":5,"args":{"connection_id":8}},
      {"ph":"s","bp":"e","name":"torch_to_npu","id":77,"pid":10,"tid":10,"ts":"0","cat":"async_npu"},
      {"ph":"f","bp":"e","name":"torch_to_npu","id":77,"pid":800,"tid":3,"ts":"100","cat":"async_npu"},
      {"ph":"X","name":"ZerosLike","pid":800,"tid":3,"ts":"100","dur":1.35,"args":{"Task Type":"AI_CORE","connection_id":8}},
      {"ph":"s","bp":"e","name":"torch_to_npu","id":78,"pid":10,"tid":10,"ts":"40","cat":"async_npu"},
      {"ph":"f","bp":"e","name":"torch_to_npu","id":78,"pid":800,"tid":3,"ts":"200","cat":"async_npu"},
      {"ph":"X","name":"Add","pid":800,"tid":3,"ts":"200","dur":2,"args":{"Task Type":"AI_CORE"}}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(links(db) == "ZerosLike<AscendCL@aclnnInplaceZero@connection_id#8;Add<aten::zero_@flow#-");
}
