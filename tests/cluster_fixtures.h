// Small distributed-job fixtures written by the tests: Kineto rank traces with known step figures and
// known NCCL collectives.
#pragma once
#include <string>

namespace opscope::test {

// One Kineto rank: two steps (ProfilerStep#1 at 10 ms, #2 at 20 ms, 5 ms each), a compute kernel of
// computeUs and then a 100 us NCCL all-reduce kernel per step on GPU 0.
inline std::string kinetoRankTrace(int rank, int computeUs) {
    std::string events;
    for (int step = 1; step <= 2; ++step) {
        const int base = step * 10'000;
        events += "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" + std::to_string(step) +
                  "\",\"pid\":100,\"tid\":1,\"ts\":" + std::to_string(base) + ",\"dur\":5000},\n";
        events += "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" + std::to_string(base + 10) +
                  ",\"dur\":" + std::to_string(computeUs) + ",\"args\":{\"stream\":7}},\n";
        events += "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce\",\"pid\":0,\"tid\":8,\"ts\":" +
                  std::to_string(base + 10 + computeUs) + ",\"dur\":100,\"args\":{\"stream\":8}},\n";
    }
    events.resize(events.size() - 2);
    return "{\"distributedInfo\": {\"rank\": " + std::to_string(rank) + "}, \"traceEvents\": [\n" + events + "\n]}\n";
}

// Rank 2 of a job: an all-reduce launched inside record_param_comms (args on the CPU op only, 1,000,000
// floats over 4 ranks, 200 us), and an all-gather whose kernel carries the args itself (1,000 -> 4,000
// bf16 elements, 100 us).
inline const char* kinetoNcclRankTrace() {
    return R"J({"distributedInfo": {"rank": 2}, "traceEvents":[
  {"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":900,"dur":1000},
  {"ph":"X","cat":"cpu_op","name":"record_param_comms","pid":1,"tid":1,"ts":1000,"dur":100,
   "args":{"Collective name":"allreduce","dtype":"Float","In msg nelems":1000000,"Out msg nelems":1000000,
           "Group size":4,"Process Group Name":"0","Process Group Description":"default_pg"}},
  {"ph":"X","cat":"cpu_op","name":"nccl:all_reduce","pid":1,"tid":1,"ts":1010,"dur":80},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":1020,"dur":10,"args":{"correlation":5}},
  {"ph":"X","cat":"kernel","name":"ncclDevKernel_AllReduce_Sum_f32_RING_LL","pid":0,"tid":7,"ts":1100,"dur":200,
   "args":{"correlation":5,"stream":7}},
  {"ph":"X","cat":"kernel","name":"ncclDevKernel_AllGather_RING_LL","pid":0,"tid":7,"ts":1400,"dur":100,
   "args":{"stream":7,"Collective name":"all_gather_into_tensor","dtype":"BFloat16","In msg nelems":1000,
           "Out msg nelems":4000,"Group size":4,"Process Group Ranks":"[0, 1, 2, 3]"}},
  {"ph":"X","cat":"kernel","name":"ncclDevKernel_Broadcast_RING_LL","pid":0,"tid":7,"ts":1600,"dur":50,"args":{"stream":7}}
]})J";
}

} // namespace opscope::test
