// Builds one step's critical-path graph (critical_path.h) from the launch data, the host calls and the
// synchronisation events: the indexes shared by every step are made once, then a graph per window.
#pragma once
#include "core/analysis/launch/critical_path.h"

#include <unordered_map>

namespace opscope {

struct StepGraph {
    PathGraph graph;
    std::vector<HtaBound> edgeClass; // per edge: the HTA class of an operator/kernel edge (CpuBound otherwise)
};

class CriticalPathInputs {
public:
    CriticalPathInputs(const LaunchData& launches, const HostCallData& host, const SyncEventData& syncs);
    StepGraph buildStep(TimeRange window) const;

private:
    struct StepState;
    void addHostThreads(TimeRange window, StepState& st) const;
    void addDeviceEvents(TimeRange window, StepState& st) const;
    void kernel(std::uint32_t event, StepState& st) const;
    void sync(const DeviceSyncEvent& e, StepState& st) const;
    void hostOnlySync(std::size_t hostIndex, StepState& st) const;
    std::uint32_t lastLaunchBefore(std::uint32_t stream, TimeNs tsNs) const;
    std::uint32_t nextLaunchAfter(std::uint32_t stream, TimeNs tsNs, std::int64_t threadId) const;

    const LaunchData& launches_;
    const HostCallData& host_;
    const SyncEventData& syncs_;
    std::vector<std::uint32_t> hostByTs_;          // host slices that are graph nodes, by start
    std::vector<char> blocking_;                    // per host slice index: a blocking call (HTA's list)
    std::vector<char> hostSyncCall_;                // per host slice index: a device/stream synchronise call
    std::vector<std::uint32_t> eventsByCallTs_;     // linked device events (not sync events), by call start
    std::vector<std::vector<std::uint32_t>> streamByCallTs_; // the same per stream
    std::vector<std::int64_t> queueAtCall_, queueAtStart_;    // per device event: HTA's queue length after its +1 / -1
    std::vector<std::int64_t> callThread_;          // per device event: the launching call's host thread
    std::unordered_map<std::int64_t, std::uint32_t> streamOfThread_;
    std::unordered_map<std::int64_t, std::vector<std::size_t>> syncsByCall_; // call slice id -> sync events
    std::vector<std::uint32_t> ascendAwaited_;      // per device event: the EVENT_RECORD an EVENT_WAIT waited for (ascend_event_pairing.h)
};

} // namespace opscope
