// Everything an importer may emit, as one interface: strings, devices, processes, threads, tracks,
// slices, counters, args, flows, launch keys and links, metrics, bookkeeping, and the typed rows of
// the side tables. The store's StoreWriter implements it; importers see only this, never the store,
// so that what they emit can also be recorded in memory (a rank parsed beside others) or observed
// on its way (the index a side-file join keeps of what its timeline emitted).
#pragma once
#include "core/model/ascend_statistics.h"
#include "core/model/cluster.h"
#include "core/model/ids.h"
#include "core/model/memory_rows.h"
#include "core/model/time.h"
#include "core/model/track_kind.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

using PendingSliceIndex =
    std::uint32_t; // index of a slice in emission order, before the store gives it its row id

inline constexpr PendingSliceIndex kNoPendingSlice = 0xffffffffu;
inline constexpr TimeNs kNoThreadTime = std::numeric_limits<TimeNs>::min(); // slice.thread_ts/thread_dur NULL

// Slices nested deeper than this are kept, but as leaves at this depth: the open stack (and so the
// memory of an import) stays bounded whatever the input's nesting. Importers warn at the same depth.
inline constexpr std::int32_t kMaxSliceDepth = 1024;

// One end of a flow as a trace states it: bound when the store is finished to a slice on a track by time.
struct FlowEndpoint {
    enum class Phase : std::uint8_t { Start, Step, End };
    enum class Binding : std::uint8_t { Enclosing, NextSlice };
    std::uint64_t keyHash =
        0; // identity of the flow ("cat|name|id"), hashed with Fnv1a: keeps endpoints small
    Phase phase = Phase::Start;
    Binding binding = Binding::Enclosing;
    StringId cat = 0; // interned
    TrackId track = 0;
    TimeNs tsNs = 0;
};

// Which id of a slice's args links a device slice to the host call that launched it.
enum class LaunchKeyKind : std::uint8_t { Correlation, ConnectionId, ExternalId };

// Who a device is in a job: its kind ("npu", "gpu"), its index on its host, and the job rank and
// host when the trace says them (rank -1, host empty: unknown).
struct DeviceIdentity {
    std::string kind;
    int ordinal = 0;
    int rank = -1;
    std::string host;
};
// "rank 3 · NPU 0" when the rank is known, else "NPU 0".
std::string deviceLabel(const DeviceIdentity& identity);

struct SliceInput {
    TrackId track = 0;
    TimeNs tsNs = 0;
    TimeNs durNs = 0;
    std::string_view name;
    std::string_view category; // empty: none
    std::string_view type;     // operator type when the importer knows it; empty: none
    ArgId args = 0;
    int flags = 0;
    TimeNs threadTsNs = kNoThreadTime;  // thread (CPU) clock at the start, when the trace gives it
    TimeNs threadDurNs = kNoThreadTime; // thread (CPU) time spent, when the trace gives it
};

class TraceSink {
  public:
    virtual ~TraceSink() = default;

    // --- dictionary
    virtual StringId intern(std::string_view text) = 0;

    // --- processes, threads, devices, tracks (get-or-create by key)
    virtual DeviceId device(std::string_view name, std::string_view kind, int ordinal) = 0;
    // A device keyed by (kind, host, rank, local ordinal): two ranks on the same local index stay apart.
    virtual DeviceId device(const DeviceIdentity& identity) = 0;
    virtual void setDeviceClockOffset(DeviceId device, TimeNs offsetNs) = 0;
    virtual ProcessId process(std::string_view pidKey) = 0;
    virtual void setProcessName(ProcessId process, std::string_view name) = 0;
    virtual void setProcessLabels(ProcessId process, std::string_view labels) = 0;
    virtual void setProcessSortIndex(ProcessId process, std::int64_t sortIndex) = 0;
    virtual void setProcessDevice(ProcessId process, DeviceId device) = 0;
    virtual ThreadId thread(ProcessId process, std::string_view tidKey) = 0;
    virtual void setThreadName(ThreadId thread, std::string_view name) = 0;
    virtual void setThreadSortIndex(ThreadId thread, std::int64_t sortIndex) = 0;
    virtual TrackId threadTrack(ThreadId thread) = 0;
    // Async lanes, process instants, step markers: keyed by (process, kind, identity), where the
    // identity defaults to the name (async tracks pass their id so equal names stay apart).
    // process kNoProcess gives a global track.
    virtual TrackId namedTrack(ProcessId process, TrackKind kind, std::string_view name,
                               std::string_view identity = {}) = 0;
    virtual TrackId counterTrack(ProcessId process, std::string_view name, std::string_view unit) = 0;
    virtual void setTrackCompute(TrackId track, bool isCompute) = 0;
    virtual void setTrackSortIndex(TrackId track, std::int64_t sortIndex) = 0;

    // --- rows
    virtual ArgId addArgs(std::string_view json) = 0; // a JSON object as text; "" or "{}" gives 0
    virtual PendingSliceIndex addSlice(const SliceInput& slice) = 0;
    // How many slices were emitted so far (the next slice's PendingSliceIndex).
    virtual std::size_t pendingSliceCount() const = 0;
    virtual void setSliceType(PendingSliceIndex slice, std::string_view type) = 0;
    // Where an importer may put scratch files of its own ("<prefix>.<what>", unlinked when made):
    // beside the store being written, so that they land on its disk. Empty: the system's temp folder.
    virtual std::string scratchPathPrefix() const { return {}; }
    virtual void addCounter(TrackId track, TimeNs tsNs, double value) = 0;
    virtual void addFlowEndpoint(const FlowEndpoint& endpoint, std::string_view name) = 0;
    virtual void addFlow(PendingSliceIndex out, PendingSliceIndex in, std::string_view cat,
                         std::string_view name) = 0;
    // Launch links: an id read from a slice's args, matched when the store is finished between device
    // slices and host calls; or a device slice -> call pair the importer knows itself.
    virtual void addLaunchKey(PendingSliceIndex slice, TrackId track, TimeNs tsNs, std::string_view category,
                              LaunchKeyKind kind, std::int64_t id) = 0;
    virtual void addLaunchLink(PendingSliceIndex deviceSlice, PendingSliceIndex call,
                               std::optional<std::int64_t> correlationId, std::string_view source) = 0;
    // A typed per-slice metric (operator PMU columns, CSV fields): number, text, or both.
    virtual void addMetric(PendingSliceIndex slice, std::string_view key, std::optional<double> num,
                           std::string_view text = {}, std::string_view unit = {},
                           std::string_view group = {}) = 0;

    // --- side tables (docs/schema.md): rows whose shape core/model defines
    virtual void addMemoryRow(const MemoryRecordRow& row) = 0;
    virtual void addMemoryRow(const MemoryAllocationRow& row) = 0;
    virtual void addMemoryRow(const MemoryModuleRow& row) = 0;
    // source: where the rows come from ("communication.json", "cluster_step_trace_time.csv" ...).
    virtual void addClusterSteps(std::string_view source, const std::vector<ClusterStepRow>& rows) = 0;
    virtual void addCommOps(std::string_view source, const std::vector<CommOpRank>& ops) = 0;
    virtual void addCommLinks(std::string_view source, const std::vector<CommMatrixLink>& links) = 0;
    virtual void addCommGroups(const std::vector<CommGroup>& groups) = 0;
    virtual void addAscendStatistics(std::string_view source,
                                     const std::vector<AscendStatisticRow>& rows) = 0;
    virtual void addAscendOperatorDetails(std::string_view source,
                                          const std::vector<AscendOperatorDetailRow>& rows) = 0;

    // --- bookkeeping
    virtual void addWarning(std::string_view code, std::string_view file, std::int64_t byteOffset,
                            std::int64_t line, std::string_view sample) = 0;
    virtual void addStat(std::string_view name, std::int64_t delta) = 0;
    virtual void setMeta(std::string_view key, std::string_view value) = 0;
    // The first value wins: false (and nothing written) when the key was set before in this import.
    virtual bool setMetaIfAbsent(std::string_view key, std::string_view value) = 0;
    virtual void addSourceFile(std::string_view path, std::string_view role, std::string_view status,
                               std::string_view reason, std::int64_t events) = 0;
};

} // namespace opscope
