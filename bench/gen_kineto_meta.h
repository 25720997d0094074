// A Kineto trace heavy in metadata for opscope-gen --format kineto-meta, shaped like the public MTIA
// trace of issue #22 (87 MB, 455 k events, 310 k of them `M`): thousands of processes of 64 threads
// each, every one named, labelled and sorted by `M` events (some thread names written twice, as
// Kineto does), and the rest CPU ops launching device kernels with ac2g flows between them.
#pragma once
#include "gen_output.h"
#include "gen_rng.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace opscope::gen {

struct KinetoMetaShape {
    std::int64_t processes = 0;
    int threadsPerProcess = 64;
    std::int64_t metadataEvents = 0; // planned
    std::int64_t launches = 0;       // each: a cpu_op, its runtime call, a kernel and two flow ends
};

// About 68 % of the events are metadata, as in the MTIA trace; a process costs 3 process events
// plus 2 per thread, and one thread name in ten is written again.
inline KinetoMetaShape planKinetoMeta(std::int64_t events) {
    KinetoMetaShape shape;
    const double perProcess = 3.0 + 2.1 * shape.threadsPerProcess;
    shape.processes = std::max<std::int64_t>(2, static_cast<std::int64_t>(static_cast<double>(events) * 0.68 / perProcess));
    shape.metadataEvents = static_cast<std::int64_t>(static_cast<double>(shape.processes) * perProcess);
    shape.launches = std::max<std::int64_t>(1, (events - shape.metadataEvents) / 5);
    return shape;
}

namespace kineto_meta_detail {

inline void putUsFromNs(Sink& s, std::int64_t ns) { s.putUs3(ns); } // Kineto: float µs, 3 decimals

inline void metaHead(Sink& s, const char* name, std::int64_t pid, std::int64_t tid) {
    s.beginEvent();
    s.put("{\"name\": \"");
    s.put(name);
    s.put("\", \"ph\": \"M\", \"ts\": 1730000000000.000, \"pid\": ");
    s.putInt(pid);
    s.put(", \"tid\": ");
    s.putInt(tid);
    s.put(", \"args\": {");
}

inline void threadName(Sink& s, std::int64_t pid, std::int64_t tid, bool device) {
    metaHead(s, "thread_name", pid, tid);
    s.put(device ? "\"name\": \"stream " : "\"name\": \"thread ");
    s.putInt(tid);
    s.put(device ? "\"}}" : " (pt_main_thread)\"}}");
}

inline void complete(Sink& s, const char* cat, const std::string& name, std::int64_t pid, std::int64_t tid,
                     std::int64_t tsNs, std::int64_t durNs) {
    s.beginEvent();
    s.put("{\"ph\": \"X\", \"cat\": \"");
    s.put(cat);
    s.put("\", \"name\": \"");
    s.put(name);
    s.put("\", \"pid\": ");
    s.putInt(pid);
    s.put(", \"tid\": ");
    s.putInt(tid);
    s.put(", \"ts\": ");
    putUsFromNs(s, tsNs);
    s.put(", \"dur\": ");
    putUsFromNs(s, durNs);
}

inline void flow(Sink& s, bool start, std::int64_t id, std::int64_t pid, std::int64_t tid, std::int64_t tsNs) {
    s.beginEvent();
    s.put(start ? "{\"ph\": \"s\", \"id\": " : "{\"ph\": \"f\", \"id\": ");
    s.putInt(id);
    s.put(", \"pid\": ");
    s.putInt(pid);
    s.put(", \"tid\": ");
    s.putInt(tid);
    s.put(", \"ts\": ");
    putUsFromNs(s, tsNs);
    s.put(start ? ", \"cat\": \"ac2g\", \"name\": \"ac2g\"}" : ", \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}");
}

} // namespace kineto_meta_detail

// Writes the whole trace (object form) to sink. Host processes are the first half of the pids,
// device processes the second; host process h launches onto device process h + processes / 2.
inline void writeKinetoMetaTrace(Sink& s, std::int64_t events, std::uint64_t seed) {
    using namespace kineto_meta_detail;
    const KinetoMetaShape shape = planKinetoMeta(events);
    Rng rng(seed);
    const std::int64_t hosts = std::max<std::int64_t>(1, shape.processes / 2);
    const std::int64_t pidBase = 1000;
    const int threads = shape.threadsPerProcess;
    s.put("{\"schemaVersion\": 1, \"distributedInfo\": {\"backend\": \"mtia\", \"rank\": 0, \"world_size\": 8},"
          " \"baseTimeNanoseconds\": 1730000000000000000, \"traceEvents\": ");
    auto isDevice = [&](std::int64_t p) { return p >= hosts; };
    auto tidOf = [&](std::int64_t p, int t) -> std::int64_t { return isDevice(p) ? t : 100000 + p * 100 + t; };
    std::vector<std::pair<std::int64_t, int>> repeated; // thread names written again, later in the file
    for (std::int64_t p = 0; p < shape.processes; ++p) {
        const std::int64_t pid = pidBase + p;
        metaHead(s, "process_name", pid, 0);
        s.put(isDevice(p) ? "\"name\": \"MTIA\"}}" : "\"name\": \"python3.10\"}}");
        metaHead(s, "process_labels", pid, 0);
        s.put("\"labels\": \"");
        s.put(isDevice(p) ? "MTIA " : "CPU ");
        s.putInt(p);
        s.put("\"}}");
        metaHead(s, "process_sort_index", pid, 0);
        s.put("\"sort_index\": ");
        s.putInt(p);
        s.put("}}");
        for (int t = 0; t < threads; ++t) {
            threadName(s, pid, tidOf(p, t), isDevice(p));
            metaHead(s, "thread_sort_index", pid, tidOf(p, t));
            s.put("\"sort_index\": ");
            s.putInt(tidOf(p, t));
            s.put("}}");
            if (rng.chance(100)) repeated.emplace_back(p, t);
        }
    }
    static const char* const kOps[] = {"aten::mm", "aten::add", "aten::copy_", "aten::mul", "aten::linear",
                                       "aten::relu", "aten::layer_norm", "aten::softmax"};
    std::vector<std::int64_t> hostClock(static_cast<std::size_t>(hosts * threads), 0);
    std::vector<std::int64_t> deviceClock(static_cast<std::size_t>((shape.processes - hosts) * threads), 0);
    std::size_t nextRepeat = 0;
    for (std::int64_t i = 0; i < shape.launches; ++i) {
        const std::int64_t h = rng.range(0, hosts - 1), d = std::min(shape.processes - 1, h + hosts);
        const int t = static_cast<int>(rng.range(0, threads - 1)), stream = static_cast<int>(rng.range(0, threads - 1));
        std::int64_t& hc = hostClock[static_cast<std::size_t>(h * threads + t)];
        std::int64_t& dc = deviceClock[static_cast<std::size_t>((d - hosts) * threads + stream)];
        const std::int64_t opTs = hc + rng.range(1000, 20000), opDur = rng.range(20000, 200000);
        const std::int64_t launchTs = opTs + rng.range(1000, opDur / 4), launchDur = rng.range(2000, opDur / 2);
        const std::int64_t kernelTs = std::max(dc, launchTs + launchDur) + rng.range(1000, 50000);
        const std::int64_t kernelDur = rng.range(5000, 500000);
        hc = opTs + opDur;
        dc = kernelTs + kernelDur;
        const std::int64_t hostPid = pidBase + h, devicePid = pidBase + d, hostTid = tidOf(h, t);
        const std::string op = kOps[rng.range(0, 7)];
        complete(s, "cpu_op", op, hostPid, hostTid, opTs, opDur);
        s.put(", \"args\": {\"External id\": ");
        s.putInt(i + 1);
        s.put(", \"Record function id\": 0, \"Ev Idx\": ");
        s.putInt(i);
        s.put(", \"Input Dims\": [[1024, 4096], [4096, 1024], []], \"Input type\": [\"float\", \"float\", \"Scalar\"],"
              " \"Input Strides\": [[4096, 1], [1024, 1], []], \"Concrete Inputs\": [\"\", \"\", \"1\"],"
              " \"Sequence number\": ");
        s.putInt(i);
        s.put(", \"Fwd thread id\": 0}}");
        complete(s, "mtia_runtime", "runFunction", hostPid, hostTid, launchTs, launchDur);
        s.put(", \"args\": {\"External id\": ");
        s.putInt(i + 1);
        s.put(", \"correlation\": ");
        s.putInt(i + 1);
        s.put("}}");
        flow(s, true, i + 1, hostPid, hostTid, launchTs);
        complete(s, "kernel", op + "_kernel", devicePid, stream, kernelTs, kernelDur);
        s.put(", \"args\": {\"External id\": ");
        s.putInt(i + 1);
        s.put(", \"device\": ");
        s.putInt(d - hosts);
        s.put(", \"stream\": ");
        s.putInt(stream);
        s.put(", \"correlation\": ");
        s.putInt(i + 1);
        s.put(", \"registers per thread\": 32, \"shared memory\": 0, \"blocks per SM\": 0.5, \"warps per SM\": 2,"
              " \"grid\": [64, 1, 1], \"block\": [128, 1, 1], \"est. achieved occupancy %\": 3}}");
        flow(s, false, i + 1, devicePid, stream, kernelTs);
        // The repeated thread names are spread through the events, as Kineto writes them.
        if (nextRepeat < repeated.size() && i % 16 == 0) {
            const auto [p, rt] = repeated[nextRepeat++];
            threadName(s, pidBase + p, tidOf(p, rt), isDevice(p));
        }
    }
    for (; nextRepeat < repeated.size(); ++nextRepeat)
        threadName(s, pidBase + repeated[nextRepeat].first, tidOf(repeated[nextRepeat].first, repeated[nextRepeat].second),
                   isDevice(repeated[nextRepeat].first));
    s.endArray();
    s.put(", \"traceName\": \"mtia_rank_0.json\"}\n");
}

} // namespace opscope::gen
