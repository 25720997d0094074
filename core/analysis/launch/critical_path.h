// Critical path of each step as HTA's critical_path_analysis builds it: a graph with a node at the start
// and end of every host operator, runtime call and device event launched from the step, edges for the
// operator nesting on each host thread, launches, kernel -> kernel on a stream and synchronisations
// (Kineto cuda_sync events; a host synchronise call without one; Ascend EVENT_RECORD -> EVENT_WAIT),
// and its longest path by weight. What bounds it: HTA's five classes, and opscope's host, launch, device
// and synchronisation shares. Definition and the differences from HTA: docs/launch-analysis.md.
#pragma once
#include "core/analysis/launch/critical_path_graph.h"
#include "core/analysis/launch/launch_attribution.h"
#include "core/store/sync_event_reader.h"

#include <array>
#include <string>
#include <vector>

namespace opscope {

enum class PathBound : std::uint8_t { Host, Launch, Device, Sync };
inline constexpr std::size_t kPathBoundCount = 4;
const char* pathBoundName(PathBound bound); // "host", "launch", "device", "sync"

// HTA's bound_by classes of a path edge.
enum class HtaBound : std::uint8_t { CpuBound, GpuCompute, GpuCommunication, KernelKernelOverhead, LaunchOverhead };
inline constexpr std::size_t kHtaBoundCount = 5;
// "cpu_bound", "gpu_compute_bound", "gpu_communication_bound", "gpu_kernel_kernel_overhead", "gpu_kernel_launch_overhead"
const char* htaBoundName(HtaBound bound);
const char* pathEdgeTypeName(PathEdgeType type); // HTA's: "critical_path_operator", ..._dependency, ...

struct PathSegment {
    PathBound kind = PathBound::Host;
    TimeNs startNs = 0, endNs = 0;
    std::int64_t sliceId = 0; // the slice the edge is attributed to (operator, call, device event); 0: none
    PathEdgeType edge = PathEdgeType::OperatorKernel;
    TimeNs weightNs = 0;      // the edge's weight in the path's length (0 for a sync edge, as in HTA)
};

struct CriticalPath {
    std::int64_t step = -1;
    TimeNs startNs = 0, endNs = 0;           // the step's host start; the later of its end and the path's last node
    std::vector<PathSegment> segments;       // the path's edges in order, empty ones and dependency links left out
    std::array<TimeNs, kPathBoundCount> boundNs{}; // host, launch, device: the path's weight; sync: time across sync edges
    PathBound bound = PathBound::Host;       // the largest of host, launch and device
    TimeNs lengthNs = 0;                     // the path's weight (HTA's length): host + launch + device
    std::array<TimeNs, kHtaBoundCount> htaBoundNs{};
    HtaBound htaBound = HtaBound::CpuBound;  // the largest HTA class
    std::int64_t syncEdges = 0;              // synchronisation edges on the path
};

// steps: the step numbers to trace (empty: every ProfilerStep#N). Device events join a step through
// their launching call (started inside the step's window); unlinked device events have no node.
std::vector<CriticalPath> computeCriticalPaths(const LaunchData& launches, const HostCallData& host,
                                               const SyncEventData& syncs, const std::vector<std::int64_t>& steps);

} // namespace opscope
