// Device classes at import: each Ascend task type and HCCL membership, each Kineto category and HTA
// name pattern, unknown task types counted, the rules file shipped, merged and rejected when bad.
#include "core/session/open_trace.h"
#include "core/importers/device_class/device_class_rules.h"
#include "core/importers/device_class/device_classifier_rules.h"
#include "core/model/small_file.h"
#include "core/store/schema.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>

using namespace opscope;
using namespace opscope::test;

namespace {

// name -> (class, rule) of every device_slice_class row of the store of trace.
std::map<std::string, std::pair<std::string, std::string>> classesOf(const std::string& trace, const OpenOptions& options = {}) {
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    Statement st = db.prepare("SELECT s.name, c.class, c.rule FROM device_slice_class c JOIN slice_view s ON s.id = c.slice_id");
    std::map<std::string, std::pair<std::string, std::string>> out;
    while (st.step()) out[st.text(0)] = {st.text(1), st.text(2)};
    return out;
}

std::string meta(int pid, const char* what, const std::string& name, int tid = 0) {
    return std::string(R"({"ph":"M","name":")") + what + R"(","pid":)" + std::to_string(pid) + R"(,"tid":)" +
           std::to_string(tid) + R"(,"args":{"name":")" + name + R"("}},)";
}

std::string task(int pid, int tid, const std::string& name, long ts, long dur, const std::string& type) {
    return R"({"ph":"X","pid":)" + std::to_string(pid) + R"(,"tid":)" + std::to_string(tid) + R"(,"name":")" + name +
           R"(","ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) +
           (type.empty() ? std::string(R"(,"args":{}},)") : R"(,"args":{"Task Type":")" + type + R"("}},)");
}

// msprof pids: (pid << 10) | (sortIndex << 5) | device; device 0 here.
constexpr int kHardware = 1024, kHccl = 2048, kOverlap = 3072;

// commProcess: "HCCL" as torch_npu and legacy msprof name the communication group, "Communication" as
// current msprof's JSON does.
std::string ascendTrace(const std::string& commProcess = "HCCL") {
    std::string t = "[" + meta(kHardware, "process_name", "Ascend Hardware") + meta(kHccl, "process_name", commProcess) +
                    meta(kOverlap, "process_name", "Overlap Analysis") +
                    meta(kHccl, "thread_name", "Group 0 Communication", 0) + meta(kHccl, "thread_name", "Plane 0", 1) +
                    meta(kHardware, "thread_name", "Stream 2", 2) + meta(kHardware, "thread_name", "Stream 4", 4);
    // stream 2: compute and the runtime's own tasks
    t += task(kHardware, 2, "MatMulV2", 10, 5, "AI_CORE") + task(kHardware, 2, "Add", 20, 5, "AI_VECTOR_CORE") +
         task(kHardware, 2, "TopK", 30, 5, "AI_CPU") + task(kHardware, 2, "ReduceSum", 40, 5, "MIX_AIV") +
         task(kHardware, 2, "Conv", 50, 5, "MIX_AIC") + task(kHardware, 2, "aclnnDropoutGenMask_DSAGenBitMask", 60, 5, "DSA_SQE") +
         task(kHardware, 2, "DSA_TASK", 70, 5, "DSA_SQE") + task(kHardware, 2, "EVENT_WAIT", 80, 5, "EVENT_WAIT_SQE") +
         task(kHardware, 2, "EVENT_RECORD", 90, 1, "EVENT_RECORD_SQE") + task(kHardware, 2, "MEMCPY_ASYNC", 100, 5, "PCIE_DMA_SQE") +
         task(kHardware, 2, "SDMA_COPY", 110, 5, "SDMA_SQE") + task(kHardware, 2, "PROFILING_ENABLE", 120, 1, "PLACE_HOLDER_SQE") +
         task(kHardware, 2, "MatmulAllReduceAicpuKernel", 130, 5, "AI_CPU") + task(kHardware, 2, "Mystery", 140, 5, "NEW_TASK_SQE") +
         task(kHardware, 2, "NoType", 150, 5, "");
    // stream 4: an HCCL operator's tasks, and an event wait inside the operator
    t += task(kHardware, 4, "Notify Wait", 200, 10, "Notify Wait") + task(kHardware, 4, "SDMA", 215, 5, "SDMA") +
         task(kHardware, 4, "EVENT_WAIT_IN_OP", 222, 3, "EVENT_WAIT_SQE") + task(kHardware, 4, "EVENT_WAIT_AFTER", 300, 3, "EVENT_WAIT_SQE");
    t += task(kHccl, 0, "hcom_allReduce__1", 200, 30, "") + task(kHccl, 1, "Notify_Wait", 200, 10, "") +
         task(kOverlap, 0, "Computing", 10, 30, "");
    t.back() = ']';
    return t;
}

} // namespace

TEST_CASE("device classes: every Ascend task type, HCCL membership, derived lanes left out", "[devicetime]") {
    TempDir dir;
    auto c = classesOf(dir.write("ascend.json", ascendTrace()));
    using P = std::pair<std::string, std::string>;
    CHECK(c["MatMulV2"] == P{"compute", "task_type"});
    CHECK(c["Add"] == P{"compute", "task_type"});
    CHECK(c["TopK"] == P{"compute", "task_type"});
    CHECK(c["ReduceSum"] == P{"compute", "task_type"});
    CHECK(c["Conv"] == P{"compute", "task_type"});
    CHECK(c["aclnnDropoutGenMask_DSAGenBitMask"] == P{"compute", "task_type"});
    CHECK(c["DSA_TASK"] == P{"other", "task_type_not_operator"});
    CHECK(c["EVENT_WAIT"] == P{"wait", "task_type"});
    CHECK(c["EVENT_RECORD"] == P{"other", "task_type"});
    CHECK(c["MEMCPY_ASYNC"] == P{"memory", "task_type"});
    CHECK(c["SDMA_COPY"] == P{"memory", "task_type"});
    CHECK(c["PROFILING_ENABLE"] == P{"other", "task_type"});
    CHECK(c["MatmulAllReduceAicpuKernel"] == P{"communication", "mc2_kernel"});
    CHECK(c["Mystery"] == P{"other", "unknown_task_type"});
    CHECK(c["NoType"] == P{"other", "unknown_task_type"});
    CHECK(c["Notify Wait"] == P{"communication", "task_type"});
    CHECK(c["SDMA"] == P{"communication", "task_type"});
    CHECK(c["EVENT_WAIT_IN_OP"] == P{"communication", "hccl_member"});
    CHECK(c["EVENT_WAIT_AFTER"] == P{"wait", "task_type"}); // on the HCCL stream but outside the operator
    CHECK(c["hcom_allReduce__1"] == P{"communication", "hccl_op"});
    CHECK(c.count("Notify_Wait") == 0); // a plane lane repeats the stream's tasks
    CHECK(c.count("Computing") == 0);   // Overlap Analysis lanes are derived, not device work
}

TEST_CASE("device classes: msprof's Communication process is the communication group, as HCCL is", "[devicetime]") {
    TempDir dir;
    auto c = classesOf(dir.write("msprof.json", ascendTrace("Communication")));
    using P = std::pair<std::string, std::string>;
    CHECK(c["hcom_allReduce__1"] == P{"communication", "hccl_op"});
    CHECK(c["EVENT_WAIT_IN_OP"] == P{"communication", "hccl_member"});
    CHECK(c.count("Notify_Wait") == 0);
}

TEST_CASE("device classes: an unknown task type is a warning with each type and its count", "[devicetime]") {
    TempDir dir;
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("ascend.json", ascendTrace())}, {}, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code = 'unknown_device_task_type'") == 2);
    CHECK(db.scalarText("SELECT sample FROM warning WHERE code = 'unknown_device_task_type'") == "(none) x1, NEW_TASK_SQE x1");
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'device_class.compute'") == 6);
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'device_class.hccl_members'") == 1);
    CHECK(db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'") == std::to_string(kSchemaVersion));
}

TEST_CASE("device classes: Kineto categories and HTA's name patterns; MTIA is a device", "[devicetime]") {
    TempDir dir;
    std::string t = R"([{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},)"
                    R"({"ph":"M","name":"process_name","pid":9,"args":{"name":"python"}},)";
    auto ev = [](const std::string& cat, const std::string& name, int ts, int pid = 0) {
        return R"({"ph":"X","cat":")" + cat + R"(","name":")" + name + R"(","pid":)" + std::to_string(pid) +
               R"(,"tid":7,"ts":)" + std::to_string(ts) + R"(,"dur":2,"args":{"stream":7}},)";
    };
    t += ev("kernel", "volta_sgemm_128x64_nn", 10) + ev("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float", 20) +
         ev("kernel", "ncclDevKernel_AllGather_RING_LL", 30) + ev("kernel", "hipKernelXYZ", 40) +
         ev("gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 50) + ev("gpu_memset", "Memset (Device)", 60) +
         ev("kernel", "Memcpy DtoD via kernel", 70) + ev("cuda_sync", "Stream Wait Event", 80) +
         ev("kernel", "cudaStreamSync_helper", 90) + ev("gpu_user_annotation", "ProfilerStep#1", 5) +
         ev("mtia_ccp_events", "mtia_matmul_kernel", 100, 3) + ev("mtia_ccp_events", "job_exe", 110, 3) +
         ev("cpu_op", "aten::mm", 10, 9);
    t.back() = ']';
    auto c = classesOf(dir.write("kineto.json", t));
    using P = std::pair<std::string, std::string>;
    CHECK(c["volta_sgemm_128x64_nn"] == P{"compute", "hta_compute_name"});
    CHECK(c["ncclKernel_AllReduce_RING_LL_Sum_float"] == P{"communication", "hta_communication_name"});
    CHECK(c["ncclDevKernel_AllGather_RING_LL"] == P{"communication", "hta_communication_name"});
    CHECK(c["hipKernelXYZ"] == P{"communication", "hta_communication_name"}); // HTA's ^hip quirk, kept
    CHECK(c["Memcpy HtoD (Pageable -> Device)"] == P{"memory", "hta_memory"});
    CHECK(c["Memset (Device)"] == P{"memory", "hta_memory"});
    CHECK(c["Memcpy DtoD via kernel"] == P{"memory", "hta_memory"});
    CHECK(c["Stream Wait Event"] == P{"wait", "sync_event"});
    CHECK(c["cudaStreamSync_helper"] == P{"other", "hta_other"});
    CHECK(c.count("ProfilerStep#1") == 0);
    CHECK(c["mtia_matmul_kernel"] == P{"compute", "hta_compute_name"});
    CHECK(c["job_exe"] == P{"other", "hta_other"});
    CHECK(c.count("aten::mm") == 0);
}

TEST_CASE("device classes: the shipped file equals the compiled-in rules", "[devicetime]") {
    std::string shipped;
    Error error;
    REQUIRE(readSmallFile(std::string(OPSCOPE_SOURCE_DIR) + "/resources/rules/device_classes.json", &shipped, &error));
    CHECK(nlohmann::json::parse(shipped) == nlohmann::json::parse(defaultDeviceClassRulesJson()));
}

TEST_CASE("device classes: a user file is merged key by key; a bad one is an error naming the key", "[devicetime]") {
    TempDir dir;
    std::string rules = dir.write("classes.json", R"({"ascend":{"task_types":{"NEW_TASK_SQE":"compute"}}})");
    OpenOptions options;
    options.deviceClassRulesPath = rules;
    auto c = classesOf(dir.write("ascend.json", ascendTrace()), options);
    CHECK(c["Mystery"] == std::pair<std::string, std::string>{"compute", "task_type"});
    CHECK(c["MatMulV2"] == std::pair<std::string, std::string>{"compute", "task_type"}); // defaults kept

    DeviceClassRules merged = defaultDeviceClassRules();
    Error error;
    CHECK_FALSE(mergeDeviceClassRules(R"({"ascend":{"task_types":{"X":"busy"}}})", &merged, &error, "f.json"));
    CHECK(error.expected.find("ascend.task_types.X") != std::string::npos);
    CHECK_FALSE(mergeDeviceClassRules(R"({"kineto":{"memory_names":"(unclosed"}})", &merged, &error, "f.json"));
    CHECK(error.expected.find("kineto.memory_names") != std::string::npos);
    CHECK(merged.kineto.memoryNames == defaultDeviceClassRules().kineto.memoryNames); // unchanged on failure
}

TEST_CASE("device classes: re.match semantics (anchored at the start, not at the end)", "[devicetime]") {
    std::regex re("(^nccl.*)|(^hip)");
    CHECK(matchesAtStart(re, "ncclKernel"));
    CHECK(matchesAtStart(re, "hipMemcpy"));
    CHECK_FALSE(matchesAtStart(re, "my_nccl"));
    std::regex sync(".*Sync");
    CHECK(matchesAtStart(sync, "cudaStreamSync_helper"));
}
