#include "core/analysis/launch/critical_path_builder.h"

#include "core/analysis/launch/ascend_event_pairing.h"
#include "core/analysis/launch/queue_length.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace opscope {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A runtime call where the trace has no category (torch_npu's AscendCL@..., other Chrome JSON).
bool isRuntimeName(std::string_view name) {
    return startsWith(name, "cuda") || startsWith(name, "cu") || startsWith(name, "hip") || startsWith(name, "aclrt") ||
           startsWith(name, "AscendCL@");
}

std::string_view ascendCall(std::string_view name) { return startsWith(name, "AscendCL@") ? name.substr(9) : name; }

// HTA's BLOCKING_SYNC_CALLS (their own span weighs 0: the wait is the device work), and Ascend's synchronise calls.
bool isBlockingCall(std::string_view name) {
    static constexpr std::string_view kBlocking[] = {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventQuery",
                                                      "cudaEventSynchronize",  "cudaMemcpy",            "cudaMemcpyAsync"};
    for (std::string_view b : kBlocking)
        if (name == b) return true;
    return startsWith(ascendCall(name), "aclrtSynchronize");
}

// A call that waits for a whole device or stream: without a cuda_sync event it still ends after the work it awaited.
bool isDeviceOrStreamSync(std::string_view name) {
    name = ascendCall(name);
    return name == "cudaDeviceSynchronize" || name == "cudaStreamSynchronize" || name == "hipDeviceSynchronize" ||
           name == "hipStreamSynchronize" || startsWith(name, "aclrtSynchronizeDevice") || startsWith(name, "aclrtSynchronizeStream");
}

bool isCommunication(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("nccl") != std::string::npos || lower.find("hccl") != std::string::npos;
}

} // namespace

struct CriticalPathInputs::StepState {
    StepGraph out;
    std::vector<std::uint32_t> windowHost; // host slice indices that are nodes
    std::unordered_map<std::int64_t, std::pair<std::uint32_t, std::uint32_t>> hostNodes;    // slice id -> start, end
    std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> deviceNodes; // event -> start, end
    std::vector<std::uint32_t> lastOnStream;                                                 // end node of the last kernel
    std::unordered_map<std::uint32_t, std::uint32_t> kernelSync;                             // waiting event -> awaited event

    void edge(std::uint32_t from, std::uint32_t to, PathEdgeType type, std::int64_t slice,
              HtaBound klass = HtaBound::CpuBound, bool zeroWeight = false) {
        if (from == to) return;
        out.graph.addEdge(from, to, type, slice, zeroWeight);
        out.edgeClass.push_back(klass);
    }
    TimeNs ts(std::uint32_t node) const { return out.graph.nodes()[node].tsNs; }
};

CriticalPathInputs::CriticalPathInputs(const LaunchData& launches, const HostCallData& host, const SyncEventData& syncs)
    : launches_(launches), host_(host), syncs_(syncs) {
    std::unordered_set<std::uint32_t> nodeCats;
    for (std::uint32_t i = 0; i < host.strings.size(); ++i)
        if (host.strings[i] == "cpu_op" || host.strings[i] == "cuda_runtime" || host.strings[i] == "cuda_driver") nodeCats.insert(i);
    blocking_.assign(host.slices.size(), 0);
    hostSyncCall_.assign(host.slices.size(), 0);
    for (std::uint32_t i = 0; i < host.slices.size(); ++i) {
        const HostSliceRecord& s = host.slices[i];
        const std::string_view name = host.text(s.nameId);
        if (s.durNs <= 0 || !(nodeCats.count(s.catId) || isRuntimeName(name))) continue;
        // The step is the window, not an operator on the path (torch_npu writes ProfilerStep#N as a cpu_op).
        if (profilerStepNumber(name) >= 0) continue;
        hostByTs_.push_back(i);
        blocking_[i] = isBlockingCall(name);
        hostSyncCall_[i] = isDeviceOrStreamSync(name);
    }
    std::sort(hostByTs_.begin(), hostByTs_.end(), [&](std::uint32_t a, std::uint32_t b) { return host.slices[a].tsNs < host.slices[b].tsNs; });

    for (std::size_t i = 0; i < syncs.syncs.size(); ++i)
        if (syncs.syncs[i].callSliceId) syncsByCall_[syncs.syncs[i].callSliceId].push_back(i);
    std::unordered_set<std::int64_t> syncSlices;
    for (const DeviceSyncEvent& e : syncs.syncs) syncSlices.insert(e.sliceId);
    for (std::uint32_t s = 0; s < launches.streams.size(); ++s) streamOfThread_[launches.streams[s].threadId] = s;

    const std::size_t n = launches.events.size();
    queueAtCall_.assign(n, 0);
    queueAtStart_.assign(n, 0);
    callThread_.assign(n, 0);
    streamByCallTs_.resize(launches.streams.size());
    struct Change {
        TimeNs tsNs;
        int delta;
        std::uint32_t event;
    };
    std::vector<Change> changes;
    for (std::uint32_t s = 0; s < launches.streams.size(); ++s) {
        changes.clear();
        for (std::uint32_t i = launches.streamBegin[s]; i < launches.streamBegin[s + 1]; ++i) {
            const DeviceLaunchEvent& e = launches.events[i];
            if (!e.linked() || syncSlices.count(e.sliceId)) continue;
            const HostSliceRecord* call = host.find(e.callSliceId);
            callThread_[i] = call ? host.threadOf(*call) : 0;
            eventsByCallTs_.push_back(i);
            streamByCallTs_[s].push_back(i);
            changes.push_back({e.callTsNs, +1, i});
            changes.push_back({queueLeaveNs(e), -1, i});
        }
        // HTA's queue: +1 at a launch call's start, -1 at its event's start (never before the call); launches first at one ts.
        std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
            return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.delta != b.delta ? a.delta > b.delta : a.event < b.event;
        });
        std::int64_t length = 0;
        for (const Change& c : changes) {
            length += c.delta;
            (c.delta > 0 ? queueAtCall_ : queueAtStart_)[c.event] = length;
        }
    }
    auto byCall = [&](std::uint32_t a, std::uint32_t b) {
        const DeviceLaunchEvent &x = launches.events[a], &y = launches.events[b];
        return x.callTsNs != y.callTsNs ? x.callTsNs < y.callTsNs : a < b;
    };
    std::sort(eventsByCallTs_.begin(), eventsByCallTs_.end(), byCall);
    for (std::vector<std::uint32_t>& v : streamByCallTs_) std::sort(v.begin(), v.end(), byCall);
    ascendAwaited_ = pairAscendEventWaits(launches);
}

StepGraph CriticalPathInputs::buildStep(TimeRange window) const {
    StepState st;
    addHostThreads(window, st);
    addDeviceEvents(window, st);
    return std::move(st.out);
}

// HTA's call-stack walk per host thread: consecutive steps inside an operator are weighted edges,
// consecutive top-level operators are linked by a zero-weight dependency.
void CriticalPathInputs::addHostThreads(TimeRange window, StepState& st) const {
    auto first = std::lower_bound(hostByTs_.begin(), hostByTs_.end(), window.startNs,
                                  [&](std::uint32_t i, TimeNs t) { return host_.slices[i].tsNs < t; });
    for (auto it = first; it != hostByTs_.end() && host_.slices[*it].tsNs <= window.endNs; ++it) st.windowHost.push_back(*it);
    std::sort(st.windowHost.begin(), st.windowHost.end(), [&](std::uint32_t a, std::uint32_t b) {
        const HostSliceRecord &x = host_.slices[a], &y = host_.slices[b];
        const std::int64_t tx = host_.threadOf(x), ty = host_.threadOf(y);
        if (tx != ty) return tx < ty;
        if (x.tsNs != y.tsNs) return x.tsNs < y.tsNs;
        return x.depth != y.depth ? x.depth < y.depth : x.id < y.id;
    });
    for (std::uint32_t i : st.windowHost) {
        const HostSliceRecord& s = host_.slices[i];
        const std::uint32_t start = st.out.graph.addNode(s.tsNs, s.id, true);
        st.hostNodes[s.id] = {start, st.out.graph.addNode(s.tsNs + s.durNs, s.id, false)};
    }
    struct Open {
        std::uint32_t index;
        TimeNs endNs;
    };
    std::vector<Open> stack;
    std::uint32_t lastNode = kNone, lastTopLevel = kNone;
    std::int64_t lastParent = 0, thread = 0;
    auto exitTop = [&] {
        const HostSliceRecord& s = host_.slices[stack.back().index];
        stack.pop_back();
        const std::uint32_t end = st.hostNodes[s.id].second;
        // HTA's attribution: from a start node the edge is that op's; between two ends, the op that ends.
        const std::int64_t slice = st.out.graph.nodes()[lastNode].isStart ? st.out.graph.nodes()[lastNode].sliceId : s.id;
        st.edge(lastNode, end, PathEdgeType::OperatorKernel, slice, HtaBound::CpuBound, blocking_[&s - host_.slices.data()] != 0);
        if (stack.empty()) {
            lastNode = kNone;
            lastTopLevel = end;
        } else {
            lastNode = end;
            lastParent = host_.slices[stack.back().index].id;
        }
    };
    for (std::uint32_t i : st.windowHost) {
        const HostSliceRecord& s = host_.slices[i];
        if (host_.threadOf(s) != thread) {
            while (!stack.empty()) exitTop();
            lastNode = lastTopLevel = kNone;
            thread = host_.threadOf(s);
        }
        while (!stack.empty() && stack.back().endNs <= s.tsNs) exitTop();
        const std::uint32_t start = st.hostNodes[s.id].first;
        if (stack.empty() && lastTopLevel != kNone) st.edge(lastTopLevel, start, PathEdgeType::Dependency, 0);
        if (lastNode != kNone) {
            // Between an end and a start (op B ends, op C starts inside op A): the time is the parent's.
            const PathNode& from = st.out.graph.nodes()[lastNode];
            st.edge(lastNode, start, PathEdgeType::OperatorKernel, from.isStart ? from.sliceId : lastParent);
        }
        lastNode = start;
        lastParent = stack.empty() ? 0 : host_.slices[stack.back().index].id;
        stack.push_back({i, s.tsNs + s.durNs});
    }
    while (!stack.empty()) exitTop();
}

void CriticalPathInputs::addDeviceEvents(TimeRange window, StepState& st) const {
    struct Item {
        TimeNs keyNs;
        int type; // 0 device event (by start), 1 sync event (by end), 2 host synchronise call without one (by end)
        std::size_t index;
    };
    std::vector<Item> items;
    auto first = std::lower_bound(eventsByCallTs_.begin(), eventsByCallTs_.end(), window.startNs,
                                  [&](std::uint32_t i, TimeNs t) { return launches_.events[i].callTsNs < t; });
    for (auto it = first; it != eventsByCallTs_.end() && launches_.events[*it].callTsNs <= window.endNs; ++it) {
        const DeviceLaunchEvent& e = launches_.events[*it];
        if (e.callDurNs <= 0 || !st.hostNodes.count(e.callSliceId)) continue;
        const std::uint32_t start = st.out.graph.addNode(e.tsNs, e.sliceId, true);
        st.deviceNodes[*it] = {start, st.out.graph.addNode(e.endNs(), e.sliceId, false)};
        items.push_back({e.tsNs, 0, *it});
    }
    for (std::uint32_t h : st.windowHost) {
        auto found = syncsByCall_.find(host_.slices[h].id);
        if (found != syncsByCall_.end()) {
            for (std::size_t k : found->second) items.push_back({syncs_.syncs[k].endNs(), 1, k});
        } else if (hostSyncCall_[h]) {
            items.push_back({host_.slices[h].tsNs + host_.slices[h].durNs, 2, h});
        }
    }
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
        return a.keyNs != b.keyNs ? a.keyNs < b.keyNs : a.type != b.type ? a.type < b.type : a.index < b.index;
    });
    st.lastOnStream.assign(launches_.streams.size(), kNone);
    for (const Item& item : items) {
        if (item.type == 0) kernel(static_cast<std::uint32_t>(item.index), st);
        else if (item.type == 1) sync(syncs_.syncs[item.index], st);
        else hostOnlySync(item.index, st);
    }
}

// HTA's kernel rule: its span; a sync edge from the event it waits for; a launch edge when nothing was
// queued on the stream at its launch nor at its start and the stream and the awaited event were done
// before the launch; else a kernel -> kernel edge from the previous event on the stream.
// An Ascend EVENT_WAIT task is the stream waiting, not work: its span is a synchronisation (weight 0,
// like a blocking host call's), and the record that released it joins its end.
void CriticalPathInputs::kernel(std::uint32_t event, StepState& st) const {
    const DeviceLaunchEvent& e = launches_.events[event];
    const auto [start, end] = st.deviceNodes.at(event);
    const std::string_view name = launches_.name(e.nameId);
    const bool ascendWait = isAscendEventWait(name);
    if (ascendWait) st.edge(start, end, PathEdgeType::Sync, e.sliceId);
    else st.edge(start, end, PathEdgeType::OperatorKernel, e.sliceId, isCommunication(name) ? HtaBound::GpuCommunication : HtaBound::GpuCompute);
    if (ascendWait && ascendAwaited_[event] != kNoAwaitedRecord) {
        auto record = st.deviceNodes.find(ascendAwaited_[event]);
        if (record != st.deviceNodes.end()) st.edge(record->second.second, end, PathEdgeType::Sync, launches_.events[ascendAwaited_[event]].sliceId);
    }

    auto awaited = st.kernelSync.find(event);
    const std::uint32_t awaitedEvent = awaited != st.kernelSync.end() ? awaited->second : kNone;
    if (awaited != st.kernelSync.end()) st.kernelSync.erase(awaited);
    std::uint32_t syncEnd = kNone;
    if (awaitedEvent != kNone) {
        auto src = st.deviceNodes.find(awaitedEvent);
        if (src != st.deviceNodes.end()) {
            syncEnd = src->second.second;
            st.edge(syncEnd, start, PathEdgeType::Sync, launches_.events[awaitedEvent].sliceId);
        }
    }
    const std::uint32_t last = st.lastOnStream[e.stream];
    const std::uint32_t callStart = st.hostNodes.at(e.callSliceId).first;
    if (queueAtCall_[event] == 1 && queueAtStart_[event] == 0 && (last == kNone || st.ts(last) < e.callTsNs) &&
        (syncEnd == kNone || st.ts(syncEnd) < e.callTsNs)) {
        st.edge(callStart, start, PathEdgeType::LaunchDelay, e.callSliceId);
    } else if (last != kNone && (syncEnd == kNone || st.ts(syncEnd) < st.ts(last))) {
        st.edge(last, start, PathEdgeType::KernelKernelDelay, st.out.graph.nodes()[last].sliceId);
    }
    st.lastOnStream[e.stream] = end;
}

void CriticalPathInputs::sync(const DeviceSyncEvent& e, StepState& st) const {
    const std::uint32_t callEnd = st.hostNodes.at(e.callSliceId).second;
    auto stream = streamOfThread_.find(e.threadId);
    switch (e.kind) {
    case DeviceSyncKind::ContextSync:
        for (std::uint32_t last : st.lastOnStream)
            if (last != kNone) st.edge(last, callEnd, PathEdgeType::Sync, e.callSliceId);
        return;
    case DeviceSyncKind::StreamSync:
        if (stream != streamOfThread_.end() && st.lastOnStream[stream->second] != kNone)
            st.edge(st.lastOnStream[stream->second], callEnd, PathEdgeType::Sync, e.callSliceId);
        return;
    case DeviceSyncKind::EventSync:
    case DeviceSyncKind::StreamWaitEvent: break;
    }
    // The awaited event: the last launch onto the event's stream before its cudaEventRecord.
    auto record = std::lower_bound(syncs_.records.begin(), syncs_.records.end(), e.recordCorrelationId,
                                   [](const EventRecordCall& r, std::int64_t id) { return r.correlationId < id; });
    if (e.recordCorrelationId < 0 || record == syncs_.records.end() || record->correlationId != e.recordCorrelationId ||
        stream == streamOfThread_.end())
        return;
    std::uint32_t eventStream = kNone;
    const std::string& device = launches_.streams[stream->second].device;
    for (std::uint32_t s = 0; s < launches_.streams.size(); ++s)
        if (launches_.streams[s].device == device && launches_.streams[s].stream == std::to_string(e.waitOnStream)) eventStream = s;
    const std::uint32_t awaited = eventStream == kNone ? kNone : lastLaunchBefore(eventStream, record->tsNs);
    if (awaited == kNone) return;
    if (e.kind == DeviceSyncKind::EventSync) {
        auto src = st.deviceNodes.find(awaited);
        if (src != st.deviceNodes.end()) st.edge(src->second.second, callEnd, PathEdgeType::Sync, e.callSliceId);
        return;
    }
    const HostSliceRecord* waitCall = host_.find(e.callSliceId);
    const std::uint32_t next = waitCall ? nextLaunchAfter(stream->second, waitCall->tsNs, host_.threadOf(*waitCall)) : kNone;
    if (next != kNone) st.kernelSync[next] = awaited;
}

// A device or stream synchronise call without a cuda_sync event: it waited for the last event of every
// stream that ended while it was blocked.
void CriticalPathInputs::hostOnlySync(std::size_t hostIndex, StepState& st) const {
    const HostSliceRecord& call = host_.slices[hostIndex];
    const std::uint32_t callEnd = st.hostNodes.at(call.id).second;
    for (std::uint32_t last : st.lastOnStream)
        if (last != kNone && st.ts(last) >= call.tsNs && st.ts(last) <= call.tsNs + call.durNs)
            st.edge(last, callEnd, PathEdgeType::Sync, call.id);
}

std::uint32_t CriticalPathInputs::lastLaunchBefore(std::uint32_t stream, TimeNs tsNs) const {
    const std::vector<std::uint32_t>& v = streamByCallTs_[stream];
    auto it = std::lower_bound(v.begin(), v.end(), tsNs, [&](std::uint32_t i, TimeNs t) { return launches_.events[i].callTsNs < t; });
    return it == v.begin() ? kNone : *(it - 1);
}

std::uint32_t CriticalPathInputs::nextLaunchAfter(std::uint32_t stream, TimeNs tsNs, std::int64_t threadId) const {
    const std::vector<std::uint32_t>& v = streamByCallTs_[stream];
    auto it = std::upper_bound(v.begin(), v.end(), tsNs, [&](TimeNs t, std::uint32_t i) { return t < launches_.events[i].callTsNs; });
    for (; it != v.end(); ++it)
        if (callThread_[*it] == threadId) return *it;
    return kNone;
}

} // namespace opscope
