// Per-task CSV layouts of several CANN versions: roles and metric groups found by header name.
#include "core/importers/ascend/op_columns.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace opscope::ascend;

namespace {
std::vector<std::string> split(const std::string& header) {
    std::vector<std::string> out;
    std::stringstream in(header);
    std::string cell;
    while (std::getline(in, cell, ',')) out.push_back(cell);
    return out;
}

const MetricColumn& column(const OpColumns& c, const std::string& header) {
    for (const MetricColumn& m : c.columns)
        if (m.header == header) return m;
    FAIL("no column " << header);
    return c.columns.front();
}

// CANN 8.3.RC1 / torch_npu 2.7.1 (47 columns).
const char* kNewKernelDetails =
    "Step Id,Device_id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),"
    "Wait Time(us),Block Dim,Mix Block Dim,HF32 Eligible,Input Shapes,Input Data Types,Input Formats,Output Shapes,"
    "Output Data Types,Output Formats,Context ID,aicore_time(us),aic_total_cycles,aic_mac_time(us),aic_mac_ratio,"
    "aic_scalar_time(us),aic_scalar_ratio,aic_mte1_time(us),aic_mte1_ratio,aic_mte2_time(us),aic_mte2_ratio,"
    "aic_fixpipe_time(us),aic_fixpipe_ratio,aic_icache_miss_rate,aiv_time(us),aiv_total_cycles,aiv_vec_time(us),"
    "aiv_vec_ratio,aiv_scalar_time(us),aiv_scalar_ratio,aiv_mte2_time(us),aiv_mte2_ratio,aiv_mte3_time(us),"
    "aiv_mte3_ratio,aiv_icache_miss_rate,cube_utilization(%)";
// Older torch_npu, ArithmeticUtilization metrics: no Device_id, OP State or HF32 Eligible.
const char* kOldKernelDetails =
    "Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),"
    "Block Dim,Mix Block Dim,Input Shapes,Input Data Types,Input Formats,Output Shapes,Output Data Types,"
    "Output Formats,Context ID,aicore_time(us),aic_total_cycles,aic_mac_fp16_ratio,aic_mac_int8_ratio,aic_cube_fops,"
    "aic_vector_fops,aiv_time(us),aiv_total_cycles,aiv_vec_fp32_ratio,aiv_vec_fp16_ratio,aiv_vec_int32_ratio,"
    "aiv_vec_misc_ratio,aiv_cube_fops,aiv_vector_fops";
} // namespace

TEST_CASE("ascend columns: the CANN 8.3 kernel_details layout", "[ascend][columns]") {
    auto c = detectOpColumns(split(kNewKernelDetails));
    REQUIRE(c);
    CHECK(c->layout == OpLayout::KernelDetails);
    CHECK(c->columns.size() == 47);
    CHECK(c->name == 5);
    CHECK(c->start == 9);
    CHECK(c->stream == 4);
    CHECK(c->task == 3);
    CHECK(c->device == 1);
    CHECK(c->core == 8);
    CHECK(column(*c, "Start Time(us)").kind == CellKind::Time);
    CHECK(column(*c, "Input Shapes").kind == CellKind::Text); // "544404480" is one dimension, kept as text
    CHECK(column(*c, "Duration(us)").group == "Timing");
    CHECK(column(*c, "Duration(us)").unit == "us");
    CHECK(column(*c, "Block Dim").group == "Task");
    CHECK(column(*c, "Input Shapes").group == "Shapes");
    CHECK(column(*c, "aic_mac_ratio").group == "AI Core PMU");
    CHECK(column(*c, "aicore_time(us)").key == "aicore_time");
    CHECK(column(*c, "aiv_vec_ratio").group == "AI Vector PMU");
    CHECK(column(*c, "cube_utilization(%)").group == "AI Core PMU");
    CHECK(column(*c, "Model ID").idColumn);
}

TEST_CASE("ascend columns: the older layout maps by name, not position", "[ascend][columns]") {
    auto c = detectOpColumns(split(kOldKernelDetails));
    REQUIRE(c);
    CHECK(c->device == -1);
    CHECK(c->start == 7);
    CHECK(c->stream == 3);
    CHECK(column(*c, "aic_cube_fops").group == "AI Core PMU");
    CHECK(column(*c, "aiv_vector_fops").group == "AI Vector PMU");
}

TEST_CASE("ascend columns: op_summary with renamed and unknown columns", "[ascend][columns]") {
    auto c = detectOpColumns(split("Device_id,Model ID,Task ID,Stream ID,Op Name,OP Type,Task Type,"
                                   "Task Start Time(us),Task Duration(us),Task Wait Time(us),Block Num,Input Shapes,"
                                   "Output Shapes,Context ID,total_cycles,mac_ratio,vendor_counter_x"));
    REQUIRE(c);
    CHECK(c->layout == OpLayout::OpSummary);
    CHECK(c->core == 6);
    CHECK(c->wait == 9);
    CHECK(column(*c, "Block Num").group == "Task");
    CHECK(column(*c, "mac_ratio").group == "AI Core PMU");
    CHECK(column(*c, "vendor_counter_x").group == "AI Core PMU"); // kept, after the shapes
    auto odd = detectOpColumns(split("Name,Start Time(us),Duration(us),Mystery Column"));
    REQUIRE(odd);
    CHECK(column(*odd, "Mystery Column").group == "Other");
}

TEST_CASE("ascend columns: task_time and headers that are not per-task", "[ascend][columns]") {
    auto t = detectOpColumns(split("Device_id,kernel_name,kernel_type,stream_id,task_id,task_time(us),task_start(us),"
                                   "task_stop(us)"));
    REQUIRE(t);
    CHECK(t->layout == OpLayout::TaskTime);
    CHECK(column(*t, "task_stop(us)").kind == CellKind::Time);
    CHECK_FALSE(detectOpColumns(split("Kernel,When,HowLong")));
    CHECK_FALSE(detectOpColumns(split("OP Type,Core Type,Count,Total Time(us)")));
    CHECK_FALSE(detectOpColumns({}));
}
