// Small Kineto-style traces with known launch answers, shared by the core and CLI launch tests.
#pragma once
#include <random>
#include <string>

namespace opscope::test {

// Idle causes and queue length on one stream (times in us, written to the ns):
// k1 (call 0, kernel 10..20); k2 (call 15, kernel 49.999: gap 29999 ns, kernel wait at 30 us);
// k3 (call 30, kernel 89.999: gap 30000 ns, other at 30 us); k4 (call 120 after k3 ended at 99.999:
// host wait 30001 ns); k5 unlinked at 200 (gap 60000 ns, other).
inline const char* kIdleTrace = R"J({"traceEvents":[
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":0,"dur":5,"args":{"correlation":1}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":15,"dur":5,"args":{"correlation":2}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":30,"dur":5,"args":{"correlation":3}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":120,"dur":5,"args":{"correlation":4}},
  {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":10,"dur":10,"args":{"correlation":1,"stream":7}},
  {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":49.999,"dur":10,"args":{"correlation":2,"stream":7}},
  {"ph":"X","cat":"kernel","name":"k3","pid":0,"tid":7,"ts":89.999,"dur":10,"args":{"correlation":3,"stream":7}},
  {"ph":"X","cat":"kernel","name":"k4","pid":0,"tid":7,"ts":130,"dur":10,"args":{"correlation":4,"stream":7}},
  {"ph":"X","cat":"kernel","name":"k5","pid":0,"tid":7,"ts":200,"dur":5,"args":{"stream":7}}
]})J";

// Launch outliers at HTA's cutoffs, each on its side: L1 call 50 us (short kernel, not long runtime),
// L2 call 50.001 us (long runtime), L3 delay 100 us (not long), L4 delay 100.001 us (long delay),
// L5 kernel starting before its call ended (delay 0).
inline const char* kLaunchTrace = R"J({"traceEvents":[
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":0,"dur":50,"args":{"correlation":11}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":100,"dur":50.001,"args":{"correlation":12}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":300,"dur":5,"args":{"correlation":13}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":500,"dur":5,"args":{"correlation":14}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":700,"dur":20,"args":{"correlation":15}},
  {"ph":"X","cat":"kernel","name":"L1","pid":0,"tid":7,"ts":60,"dur":10,"args":{"correlation":11}},
  {"ph":"X","cat":"kernel","name":"L2","pid":0,"tid":7,"ts":160.001,"dur":100,"args":{"correlation":12}},
  {"ph":"X","cat":"kernel","name":"L3","pid":0,"tid":7,"ts":405,"dur":10,"args":{"correlation":13}},
  {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD","pid":0,"tid":7,"ts":605.001,"dur":10,"args":{"correlation":14}},
  {"ph":"X","cat":"kernel","name":"L1","pid":0,"tid":7,"ts":710,"dur":30,"args":{"correlation":15}}
]})J";

} // namespace opscope::test

namespace opscope::test {

// A lagging queue (the GPU runs 150 us behind): step 1 launches a forward kernel, a backward kernel
// from the autograd thread (tid 2, reached by a fwdbwd flow) and an optimizer kernel; each runs on the
// GPU during step 2's host window. Step 2 launches one more forward kernel.
inline const char* kLaggingTrace = R"J({"traceEvents":[
  {"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":100},
  {"ph":"X","cat":"user_annotation","name":"## forward ##","pid":1,"tid":1,"ts":1,"dur":39},
  {"ph":"X","cat":"cpu_op","name":"aten::linear","pid":1,"tid":1,"ts":4,"dur":20,"args":{"External id":1}},
  {"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":5,"dur":15,"args":{"External id":2}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":2,"args":{"correlation":1}},
  {"ph":"s","id":7,"pid":1,"tid":1,"ts":5,"cat":"fwdbwd","name":"fwdbwd"},
  {"ph":"X","cat":"cpu_op","name":"autograd::engine::evaluate_function: MmBackward0","pid":1,"tid":2,"ts":50,"dur":20},
  {"ph":"f","id":7,"pid":1,"tid":2,"ts":50,"cat":"fwdbwd","name":"fwdbwd","bp":"e"},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":2,"ts":55,"dur":2,"args":{"correlation":2}},
  {"ph":"X","cat":"cpu_op","name":"Optimizer.step#SGD.step","pid":1,"tid":1,"ts":80,"dur":15},
  {"ph":"X","cat":"cpu_op","name":"aten::_foreach_add_","pid":1,"tid":1,"ts":82,"dur":8},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":85,"dur":2,"args":{"correlation":3}},
  {"ph":"X","cat":"user_annotation","name":"ProfilerStep#2","pid":1,"tid":1,"ts":100,"dur":100},
  {"ph":"X","cat":"user_annotation","name":"## forward ##","pid":1,"tid":1,"ts":101,"dur":39},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":110,"dur":2,"args":{"correlation":4}},
  {"ph":"X","cat":"kernel","name":"k_fwd","pid":0,"tid":7,"ts":160,"dur":20,"args":{"correlation":1}},
  {"ph":"X","cat":"kernel","name":"k_bwd","pid":0,"tid":7,"ts":200,"dur":20,"args":{"correlation":2}},
  {"ph":"X","cat":"kernel","name":"k_opt","pid":0,"tid":7,"ts":230,"dur":30,"args":{"correlation":3}},
  {"ph":"X","cat":"kernel","name":"k_fwd2","pid":0,"tid":7,"ts":270,"dur":10,"args":{"correlation":4}}
]})J";

} // namespace opscope::test

namespace opscope::test {

// Kernel sequences: three aten::linear ops, two launching gemm|bias|relu and one gemm|relu|bias; an
// aten::add launching two kernels (under the minimum length of 3).
inline const char* kSequenceTrace = R"J({"traceEvents":[
  {"ph":"X","cat":"cpu_op","name":"aten::linear","pid":1,"tid":1,"ts":0,"dur":30},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":2,"dur":2,"args":{"correlation":1}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":2,"args":{"correlation":2}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":20,"dur":2,"args":{"correlation":3}},
  {"ph":"X","cat":"cpu_op","name":"aten::linear","pid":1,"tid":1,"ts":100,"dur":30},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":104,"dur":2,"args":{"correlation":4}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":110,"dur":2,"args":{"correlation":5}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":120,"dur":2,"args":{"correlation":6}},
  {"ph":"X","cat":"cpu_op","name":"aten::linear","pid":1,"tid":1,"ts":200,"dur":30},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":202,"dur":2,"args":{"correlation":7}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":210,"dur":2,"args":{"correlation":8}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":220,"dur":2,"args":{"correlation":9}},
  {"ph":"X","cat":"cpu_op","name":"aten::add","pid":1,"tid":1,"ts":300,"dur":30},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":302,"dur":2,"args":{"correlation":10}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":310,"dur":2,"args":{"correlation":11}},
  {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":40,"dur":10,"args":{"correlation":1}},
  {"ph":"X","cat":"kernel","name":"bias","pid":0,"tid":7,"ts":50,"dur":2,"args":{"correlation":2}},
  {"ph":"X","cat":"kernel","name":"relu","pid":0,"tid":7,"ts":60,"dur":2,"args":{"correlation":3}},
  {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":140,"dur":10,"args":{"correlation":4}},
  {"ph":"X","cat":"kernel","name":"bias","pid":0,"tid":7,"ts":150,"dur":2,"args":{"correlation":5}},
  {"ph":"X","cat":"kernel","name":"relu","pid":0,"tid":7,"ts":160,"dur":2,"args":{"correlation":6}},
  {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":240,"dur":10,"args":{"correlation":7}},
  {"ph":"X","cat":"kernel","name":"relu","pid":0,"tid":7,"ts":250,"dur":2,"args":{"correlation":8}},
  {"ph":"X","cat":"kernel","name":"bias","pid":0,"tid":7,"ts":260,"dur":2,"args":{"correlation":9}},
  {"ph":"X","cat":"kernel","name":"add","pid":0,"tid":7,"ts":340,"dur":2,"args":{"correlation":10}},
  {"ph":"X","cat":"kernel","name":"add","pid":0,"tid":7,"ts":350,"dur":2,"args":{"correlation":11}}
]})J";

// A step held by a device synchronise (no cuda_sync event): launch 0..5 us, kernel 20..490, the synchronise
// call 10..500, aten::item 500..600. Critical path: launch 20 us, device 470, host 100 (length 590 us) and
// 10 us of synchronisation (kernel end 490 -> the call's return 500) beside it.
inline const char* kSyncStepTrace = R"J({"traceEvents":[
  {"ph":"X","cat":"user_annotation","name":"ProfilerStep#3","pid":1,"tid":1,"ts":0,"dur":600},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":0,"dur":5,"args":{"correlation":1}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaDeviceSynchronize","pid":1,"tid":1,"ts":10,"dur":490,"args":{"correlation":2}},
  {"ph":"X","cat":"cpu_op","name":"aten::item","pid":1,"tid":1,"ts":500,"dur":100},
  {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":20,"dur":470,"args":{"correlation":1}}
]})J";

// Two device streams fed by one host thread: 300 launches with random queueing, some kernels starting
// at the time of another launch (a tie the queue orders) and some before their call (clock skew). For the
// launch queue tracks stored at import against computed ones.
inline std::string queueTrace() {
    std::mt19937_64 rng(11);
    std::string json = R"({"traceEvents":[)";
    long long call = 0;
    for (int i = 1; i <= 300; ++i) {
        call += 3 + static_cast<long long>(rng() % 20);
        const long long kernel = i % 37 == 0 ? call - 1 : call + static_cast<long long>(rng() % 200);
        const std::string c = std::to_string(i), stream = i % 3 == 0 ? "8" : "7";
        json += R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":)" +
                std::to_string(call) + R"(,"dur":2,"args":{"correlation":)" + c + "}},";
        json += R"({"ph":"X","cat":"kernel","name":"k)" + std::to_string(i % 5) + R"(","pid":0,"tid":)" + stream +
                R"(,"ts":)" + std::to_string(kernel) + R"(,"dur":4,"args":{"correlation":)" + c +
                R"(,"stream":)" + stream + "}},";
    }
    json.back() = ']';
    return json + "}";
}

} // namespace opscope::test
