// The timeline model of opscope-gen: a DDP training loop on D Ascend devices, simulated op by op
// (host aten ops -> CANN launches -> device stream tasks -> HCCL all-reduce) and streamed out as
// it goes; only the current step's busy intervals and kernel rows are kept in memory.
#pragma once
#include "gen_ascend.h"
#include "gen_chrome.h"
#include "gen_overlap.h"
#include "gen_rng.h"
#include "gen_vocab.h"

#include <algorithm>
#include <array>
#include <string>
#include <unordered_set>
#include <vector>

namespace opscope::gen {

struct GenConfig {
    std::uint64_t seed = 1;
    int devices = 1;
    int steps = 3;
    int layers = 4; // transformer layers per step, derived from the event budget
};

// Where each device's events go: in Chrome mode every device shares one trace sink; in ascend
// mode each device has its own trace_view.json and kernel_details.csv.
struct DeviceSinks {
    Sink* trace = nullptr;
    Sink* kernels = nullptr; // nullptr: no kernel_details.csv
};

class Simulator {
public:
    static constexpr int kStreamIds[3] = {2, 3, 4};
    static constexpr Ns kMaxQueueAheadNs = 3000000; // host blocks in launch beyond this

    Simulator(const GenConfig& cfg, std::vector<DeviceSinks> sinks)
        : cfg_(cfg), rng_(cfg.seed), csvRng_(cfg.seed ^ 0x6b65726e656cull), recipes_(buildRecipes()), sinks_(std::move(sinks)) {
        hostPid_ = static_cast<Pid>(rng_.range(2200000, 4100000)); // (pid << 10) must fit in uint32
        cannPid_ = (hostPid_ << 10) | (7u << 5);
        groupId_ = static_cast<int>(rng_.range(100, 999));
        traceStartNs_ = 1736408883000000000LL + rng_.range(0, 86400LL * 30) * 1000000000LL +
                        rng_.range(0, 999999999);
        for (int d = 0; d < cfg_.devices; ++d) devices_.push_back(makeDevice(d));
    }

    void run() {
        for (int step = 1; step <= cfg_.steps; ++step) {
            runStep(step);
            if (step == 1) writeAllMetadata(); // after the first step's events, as torch_npu does
        }
        if (cfg_.steps < 1) writeAllMetadata();
        for (Device& d : devices_) {
            d.sampler.advanceTo(out(d), d.pids, rng_, d.lastDeviceEndNs + CounterSampler::kPeriodNs);
            counter(out(d), d.pids.freq, "AI Core Freq", d.lastDeviceEndNs + CounterSampler::kPeriodNs, "MHz",
                    1800000, true);
        }
    }

    const std::vector<std::vector<StepTotals>>& stepTotals() const { return totals_; }
    Ns traceStartNs() const { return traceStartNs_; }
    Ns traceEndNs() const {
        Ns end = traceStartNs_;
        for (const Device& d : devices_) end = std::max(end, d.hostNow);
        return end;
    }
    Pid hostPid() const { return hostPid_; }

private:
    struct Stream {
        int id = 0;
        Ns cursor = 0;
        Ns prevEnd = -1;
        std::uint32_t taskCounter = 0;
    };
    struct Scope {
        const std::string* name;
        Ns start;
        std::uint64_t tid;
    };
    struct Device {
        int index = 0;
        DevicePids pids{};
        std::uint64_t mainTid = 0, bwdTid = 0, curTid = 0;
        Ns hostNow = 0;
        int slowPct = 100;
        std::array<Stream, 3> streams;
        Ns commCursor = 0;
        Ns commPrevEnd = -1;
        bool waitForComm = false;
        int commCounter = 0;
        int graphCounter = 0;
        Ns stepHostStart = 0;
        Ns lastDeviceEndNs = 0;
        std::vector<Scope> scopes;
        std::vector<std::string> scopeNames; // owned names of dynamic scopes (ProfilerStep#N)
        StepTimeline timeline;
        CounterSampler sampler;
        std::vector<KernelRow> rows;
    };
    struct PendingComm {
        Ns readyNs, apiStartNs, leafStartNs;
        std::int64_t connectionId;
    };

    Device makeDevice(int d) {
        Device dev;
        dev.index = d;
        const auto pidFor = [&](unsigned sortIndex) {
            return (hostPid_ << 10) | (sortIndex << 5) | static_cast<Pid>(d);
        };
        dev.pids = {pidFor(13), pidFor(15), pidFor(23), pidFor(14), pidFor(17), pidFor(16)};
        dev.mainTid = d == 0 ? hostPid_ : hostPid_ + 100 + 2 * static_cast<std::uint64_t>(d);
        dev.bwdTid = hostPid_ + 8571 + 2 * static_cast<std::uint64_t>(d);
        dev.curTid = dev.mainTid;
        dev.hostNow = traceStartNs_ + rng_.range(0, 500000);
        for (int i = 0; i < 3; ++i) {
            dev.streams[i].id = kStreamIds[i];
            dev.streams[i].taskCounter = static_cast<std::uint32_t>(rng_.range(100, 12000));
        }
        dev.sampler.start(traceStartNs_);
        dev.scopes.reserve(16);
        return dev;
    }

    Sink& out(Device& d) { return *sinks_[static_cast<std::size_t>(d.index)].trace; }

    Ns hostCost(Device& d, Ns lo, Ns hi) { return rng_.range(lo, hi) * d.slowPct / 100; }

    // ---- host scopes (aten ops) -------------------------------------------------------------
    void openScope(Device& d, const std::string& name) {
        d.scopes.push_back({&name, d.hostNow, d.curTid});
        d.hostNow += hostCost(d, 2000, 6000);
    }
    void closeScope(Device& d) {
        d.hostNow += hostCost(d, 1000, 4000);
        const Scope s = d.scopes.back();
        d.scopes.pop_back();
        hostOp(out(d), hostPid_, s.tid, *s.name, s.start, d.hostNow - s.start);
    }

    // ---- one call: parents, leaf ops, CANN API, kernels -----------------------------------
    void runCall(Device& d, const OpCall& c, bool syncAiCpuAfter = false) {
        if (rng_.chance(1)) d.hostNow += rng_.range(1000000, 6000000); // Python GC / host hiccup
        for (const std::string& p : c.parents) openScope(d, p);
        for (int i = 0; i < c.leafRepeat; ++i) {
            openScope(d, c.leaf);
            if (c.mode != ApiMode::None) cannApiCall(d, c);
            if (syncAiCpuAfter) synchronize(d, false);
            closeScope(d);
        }
        for (std::size_t i = 0; i < c.parents.size(); ++i) closeScope(d);
    }

    void runCalls(Device& d, const std::vector<OpCall>& calls) {
        for (const OpCall& c : calls) runCall(d, c);
    }

    void cannApiCall(Device& d, const OpCall& c) {
        const Ns apiStart = d.hostNow;
        const Ns leafStart = d.scopes.back().start;
        d.hostNow += hostCost(d, 4000, 15000); // workspace size, tiling
        for (std::size_t k = 0; k < c.kernels.size(); ++k) {
            const std::string name =
                c.mode == ApiMode::AclNn ? c.kernelNames[k] : graphName(d, kernelSpec(c.kernels[k]).type);
            launchKernel(d, c.kernels[k], name, leafStart);
        }
        d.hostNow += hostCost(d, 1000, 3000);
        const bool nn = c.mode == ApiMode::AclNn;
        cannEvent(out(d), cannPid_, d.curTid, "AscendCL@" + c.api, apiStart, d.hostNow - apiStart,
                  {nn ? "ACL_NN" : "ACL_OP", "acl", c.api, "0", nextConnectionId_++});
    }

    std::string graphName(Device& d, const char* type) {
        const std::string t(type);
        const std::string n = std::to_string(d.graphCounter++);
        return t == "TransData" ? "trans_TransData_" + n : t + "_" + n;
    }

    Ns kernelDuration(const KernelSpec& k) {
        Ns dur = rng_.range(k.durMinNs, k.durMaxNs);
        if (rng_.chance(10)) dur = dur * rng_.range(200, 400) / 100; // a slow outlier
        return dur;
    }

    std::uint64_t uniqueAsyncId(Ns startNs) {
        auto id = static_cast<std::uint64_t>(startNs);
        while (asyncIds_.count(id) || prevAsyncIds_.count(id)) ++id;
        asyncIds_.insert(id);
        return id;
    }

    void launchKernel(Device& d, int kernel, const std::string& name, Ns leafStart) {
        const KernelSpec& k = kernelSpec(kernel);
        Stream& st = d.streams[static_cast<std::size_t>(k.streamSlot)];
        const Ns nodeStart = d.hostNow;
        Ns launchEnd = nodeStart + hostCost(d, 3000, 10000);
        if (st.cursor - launchEnd > kMaxQueueAheadNs) launchEnd = st.cursor - kMaxQueueAheadNs;
        Ns start = std::max(launchEnd + rng_.range(6000, 15000), st.cursor + rng_.range(300, 2000));
        if (k.streamSlot == 0 && d.waitForComm) { // the stream waits for the gradients' all-reduce
            start = std::max(start, d.commCursor + rng_.range(2000, 5000));
            d.waitForComm = false;
        }
        const Ns dur = kernelDuration(k);
        st.cursor = start + dur;
        d.lastDeviceEndNs = std::max(d.lastDeviceEndNs, st.cursor);
        const std::int64_t conn = nextConnectionId_++;
        const std::uint32_t taskId = st.taskCounter++ & 0xFFFFu; // task ids wrap like the real ones
        Sink& s = out(d);
        cannEvent(s, cannPid_, d.curTid, "Node@launch", nodeStart, launchEnd - nodeStart,
                  {"launch", "node", "0", name, conn});
        flowHostToDevice(s, true, conn, cannPid_, d.curTid, nodeStart);
        deviceTask(s, d.pids.hardware, st.id, name, start, dur, taskTypeName(k.task), taskId, conn);
        flowHostToDevice(s, false, conn, d.pids.hardware, static_cast<std::uint64_t>(st.id), start);
        const std::uint64_t asyncId = uniqueAsyncId(start);
        flowTorchToNpu(s, true, asyncId, hostPid_, d.curTid, leafStart);
        flowTorchToNpu(s, false, asyncId, d.pids.hardware, static_cast<std::uint64_t>(st.id), start);
        d.timeline.addCompute(start, start + dur);
        if (sinks_[static_cast<std::size_t>(d.index)].kernels)
            d.rows.push_back({start, dur, st.prevEnd < 0 ? 0 : start - st.prevEnd, st.id, taskId, kernel, name,
                              step_, d.index});
        st.prevEnd = start + dur;
        d.hostNow = launchEnd + hostCost(d, 1500, 4000);
    }

    // The host blocks in aclrtSynchronizeStream until the device drains; the device then idles
    // until the host launches again, so the sync coincides with a device gap.
    void synchronize(Device& d, bool allStreams) {
        const Ns start = d.hostNow + rng_.range(1000, 3000);
        Ns target = d.streams[1].cursor;
        if (allStreams)
            for (const Stream& st : d.streams) target = std::max({target, st.cursor, d.commCursor});
        const Ns end = std::max(start + rng_.range(3000, 8000), target + rng_.range(5000, 20000));
        cannEvent(out(d), cannPid_, d.curTid, "AscendCL@aclrtSynchronizeStream", start, end - start,
                  {"ACL_RTS", "acl", "aclrtSynchronizeStream", "0", nextConnectionId_++});
        d.hostNow = end + rng_.range(1000, 3000);
    }

    // ---- the phases of one step ----------------------------------------------------------
    void beginStep(Device& d, int step) {
        d.curTid = d.mainTid;
        d.graphCounter = 0;
        d.slowPct = 100;
        d.hostNow += rng_.range(20000, 100000);
        d.stepHostStart = d.hostNow;
        d.scopeNames.assign(1, "ProfilerStep#" + std::to_string(step));
        openScope(d, d.scopeNames[0]);
        openScope(d, kDataLoader);
        d.hostNow += rng_.chance(100) ? rng_.range(10000000, 30000000) : rng_.range(1000000, 6000000);
        openScope(d, kEmpty);
        closeScope(d);
        closeScope(d);
        openScope(d, kZeroGrad);
        for (int i = 0; i < std::max(1, cfg_.layers / 4); ++i) runCall(d, recipes_.zeroGrad);
        closeScope(d);
        runCall(d, recipes_.stem[0]);
        runCall(d, recipes_.nonZero, true);
        for (std::size_t i = 1; i < recipes_.stem.size(); ++i) runCall(d, recipes_.stem[i]);
    }

    void forwardLayer(Device& d) {
        // Now and then a host-bound layer (Python hooks, logging): the device starves.
        d.slowPct = rng_.chance(50) ? static_cast<int>(rng_.range(600, 1500)) : 100;
        runCalls(d, recipes_.layerForward);
        d.slowPct = 100;
    }

    void optimizerStep(Device& d) {
        d.curTid = d.mainTid;
        d.waitForComm = true;
        // clip_grad_norm_ reads the norm back with .item(): the host waits for the device.
        runCall(d, recipes_.gradNorm);
        openScope(d, kItem);
        openScope(d, kLocalScalarDense);
        synchronize(d, true);
        closeScope(d);
        closeScope(d);
        openScope(d, kOptimizer);
        for (int chunk = 0; chunk < std::max(1, cfg_.layers / 2); ++chunk) runCalls(d, recipes_.optimizer);
        closeScope(d);
    }

    void endStep(Device& d, int step) {
        openScope(d, kItem);
        openScope(d, kLocalScalarDense);
        synchronize(d, true);
        closeScope(d);
        closeScope(d);
        d.hostNow += rng_.range(100000, 600000); // logging, Python bookkeeping
        closeScope(d);                          // ProfilerStep#N
        StepTotals t = d.timeline.finish(out(d), d.pids, rng_, d.sampler, d.stepHostStart);
        t.step = step;
        totals_[static_cast<std::size_t>(d.index)].push_back(t);
        flushKernelRows(d);
    }

    void flushKernelRows(Device& d) {
        Sink* s = sinks_[static_cast<std::size_t>(d.index)].kernels;
        if (!s) return;
        std::stable_sort(d.rows.begin(), d.rows.end(),
                         [](const KernelRow& a, const KernelRow& b) { return a.startNs < b.startNs; });
        for (const KernelRow& r : d.rows) writeKernelRow(*s, csvRng_, r); // own PRNG: same trace in both formats
        d.rows.clear();
    }

    // ---- DDP all-reduce: every device joins, the op ends when the slowest one has arrived --
    PendingComm launchAllReduce(Device& d) {
        openScope(d, kAllReduce);
        const Ns leafStart = d.scopes.back().start;
        const Ns apiStart = d.hostNow;
        d.hostNow += rng_.range(20000, 60000);
        const std::int64_t conn = nextConnectionId_++;
        cannEvent(out(d), cannPid_, d.curTid, "AscendCL@hcom_allReduce_", apiStart, d.hostNow - apiStart,
                  {"HOST_HCCL", "acl", "hcom_allReduce_", "0", conn});
        closeScope(d);
        const Ns ready = std::max({d.hostNow + rng_.range(10000, 30000), d.commCursor + rng_.range(1000, 3000),
                                   d.streams[0].cursor});
        return {ready, apiStart, leafStart, conn};
    }

    void allReduce(std::int64_t count) {
        std::vector<PendingComm> pending;
        Ns startAll = 0;
        for (Device& d : devices_) {
            pending.push_back(launchAllReduce(d));
            startAll = std::max(startAll, pending.back().readyNs);
        }
        // Ranks outside this trace arrive late now and then: a communication wait.
        startAll += rng_.chance(50) ? rng_.range(1000000, 6000000) : rng_.range(0, 200000);
        const Ns endAll = startAll + count * 4 / 25 + 30000; // FP32 over ~25 GB/s bus bandwidth
        for (Device& d : devices_) emitAllReduce(d, pending[static_cast<std::size_t>(d.index)], endAll, count);
    }

    void emitAllReduce(Device& d, const PendingComm& p, Ns endNs, std::int64_t count) {
        Sink& s = out(d);
        const std::string name =
            "hcom_allReduce__" + std::to_string(groupId_) + "_" + std::to_string(d.commCounter++) + "_1";
        hcclOp(s, d.pids.hccl, name, p.readyNs, endNs - p.readyNs, p.connectionId, count);
        flowHostToDevice(s, true, p.connectionId, cannPid_, d.curTid, p.apiStartNs);
        flowHostToDevice(s, false, p.connectionId, d.pids.hccl, 0, p.readyNs);
        const std::uint64_t asyncId = uniqueAsyncId(p.readyNs);
        flowTorchToNpu(s, true, asyncId, hostPid_, d.curTid, p.leafStartNs);
        flowTorchToNpu(s, false, asyncId, d.pids.hccl, 0, p.readyNs);
        d.timeline.addComm(p.readyNs, endNs);
        if (sinks_[static_cast<std::size_t>(d.index)].kernels)
            d.rows.push_back({p.readyNs, endNs - p.readyNs, d.commPrevEnd < 0 ? 0 : p.readyNs - d.commPrevEnd,
                              -1, 0, -1, name, step_, d.index});
        d.commPrevEnd = endNs;
        d.commCursor = endNs;
        d.lastDeviceEndNs = std::max(d.lastDeviceEndNs, endNs);
    }

    void runStep(int step) {
        step_ = step;
        std::swap(prevAsyncIds_, asyncIds_);
        asyncIds_.clear();
        if (totals_.empty()) totals_.resize(devices_.size());
        for (Device& d : devices_) beginStep(d, step);
        for (int l = 0; l < cfg_.layers; ++l)
            for (Device& d : devices_) forwardLayer(d);
        for (Device& d : devices_) {
            runCalls(d, recipes_.head);
            d.curTid = d.bwdTid; // loss.backward() runs on the autograd thread
        }
        // DDP buckets: the gradients of 2 layers (1 in small models, so that some overlap shows).
        const int bucketLayers = cfg_.layers <= 4 ? 1 : 2;
        for (int l = cfg_.layers - 1; l >= 0; --l) {
            for (Device& d : devices_) runCalls(d, recipes_.layerBackward);
            if (l % bucketLayers == 0) allReduce(12582912LL * std::min(bucketLayers, cfg_.layers - l));
        }
        for (Device& d : devices_) optimizerStep(d);
        for (Device& d : devices_) endStep(d, step);
    }

    // ---- metadata --------------------------------------------------------------------------
    void writeAllMetadata() {
        std::vector<Sink*> done;
        for (Device& d : devices_) {
            Sink* s = sinks_[static_cast<std::size_t>(d.index)].trace;
            if (std::find(done.begin(), done.end(), s) != done.end()) continue;
            done.push_back(s);
            std::vector<const Device*> group;
            for (const Device& e : devices_)
                if (sinks_[static_cast<std::size_t>(e.index)].trace == s) group.push_back(&e);
            writeMetadata(*s, group);
        }
    }

    void writeMetadata(Sink& s, const std::vector<const Device*>& group) {
        metaProcess(s, hostPid_, "Python", "CPU", 0);
        for (const Device* d : group)
            for (std::uint64_t tid : {d->mainTid, d->bwdTid})
                metaThread(s, hostPid_, tid, "Thread " + std::to_string(tid), static_cast<std::int64_t>(tid));
        metaProcess(s, cannPid_, "CANN", "CPU", 7);
        for (const Device* d : group)
            for (std::uint64_t tid : {d->mainTid, d->bwdTid})
                metaThread(s, cannPid_, tid, "Thread " + std::to_string(tid), static_cast<std::int64_t>(tid));
        for (const Device* d : group) writeDeviceMetadata(s, *d);
    }

    void writeDeviceMetadata(Sink& s, const Device& d) {
        const std::string label = cfg_.devices == 1 ? "NPU" : "NPU " + std::to_string(d.index);
        metaProcess(s, d.pids.hardware, "Ascend Hardware", label, 13);
        for (const Stream& st : d.streams)
            metaThread(s, d.pids.hardware, static_cast<std::uint64_t>(st.id), "Stream " + std::to_string(st.id),
                       st.id);
        metaProcess(s, d.pids.freq, "AI Core Freq", label, 14);
        metaProcess(s, d.pids.hccl, "HCCL", label, 15);
        metaThread(s, d.pids.hccl, 0, "Group 0 Communication", 0);
        metaProcess(s, d.pids.util, "AI Core Utilization", label, 16);
        metaProcess(s, d.pids.hbm, "HBM", label, 17);
        metaProcess(s, d.pids.overlap, "Overlap Analysis", label, 23);
        const char* lanes[4] = {"Computing", "Communication", "Communication(Not Overlapped)", "Free"};
        for (int i = 0; i < 4; ++i) metaThread(s, d.pids.overlap, static_cast<std::uint64_t>(i), lanes[i], -1);
        // The first frequency sample sits at the start of the trace.
        counter(s, d.pids.freq, "AI Core Freq", traceStartNs_, "MHz", 1800000, true);
    }

    inline static const std::string kDataLoader = "enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__";
    inline static const std::string kEmpty = "aten::empty";
    inline static const std::string kZeroGrad = "Optimizer.zero_grad#AdamW.zero_grad";
    inline static const std::string kOptimizer = "Optimizer.step#AdamW.step";
    inline static const std::string kItem = "aten::item";
    inline static const std::string kLocalScalarDense = "aten::_local_scalar_dense";
    inline static const std::string kAllReduce = "c10d::allreduce_";

    GenConfig cfg_;
    Rng rng_;
    Rng csvRng_;
    Recipes recipes_;
    std::vector<DeviceSinks> sinks_;
    std::vector<Device> devices_;
    std::vector<std::vector<StepTotals>> totals_;
    std::unordered_set<std::uint64_t> asyncIds_, prevAsyncIds_;
    Pid hostPid_ = 0, cannPid_ = 0;
    int groupId_ = 0;
    int step_ = 0;
    Ns traceStartNs_ = 0;
    std::int64_t nextConnectionId_ = 900;
};

} // namespace opscope::gen
