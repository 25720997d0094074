// The store's implementation of the importers' sink (core/model/trace_sink.h). Rows go to a
// temporary SQLite file inside one transaction; finish() nests slices per track, binds flows, runs the
// store-side passes over the written rows, builds indices and renames the file into place. Nothing
// replaces an earlier store unless finish() succeeds.
#pragma once
#include "core/model/dense_id_table.h"
#include "core/model/error.h"
#include "core/model/ids.h"
#include "core/model/int_pair_map.h"
#include "core/model/text_hash.h"
#include "core/model/track_kind.h"
#include "core/model/time.h"
#include "core/model/trace_sink.h"
#include "core/store/batch_insert.h"
#include "core/store/chunked_vector.h"
#include "core/model/device_class.h"
#include "core/store/flow_name_pool.h"
#include "core/store/launch_linking.h"
#include "core/store/memory_writer.h"
#include "core/model/spill_file.h"
#include "core/store/sqlite_db.h"
#include "core/store/task_type_index.h"

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace opscope {

class DeviceClassCollector;
class InsertPipe;

// A flow end point as the writer holds it until finish(): 32 bytes, the name kept in a FlowNamePool.
struct PendingEndpoint {
    std::uint64_t keyHash;
    TimeNs tsNs;
    std::uint32_t track;
    StringId cat;
    FlowNamePool::Ref name;
    FlowEndpoint::Phase phase;
    FlowEndpoint::Binding binding;
};


struct ImportSummary {
    std::int64_t processes = 0, threads = 0, tracks = 0, slices = 0, counters = 0, flows = 0;
    std::int64_t warnings = 0; // count of real problems (core/model/warning_severity.h)
    std::int64_t notes = 0;    // count of oddities normal for the format (unsorted events, cut flows)
    TimeNs startNs = 0, endNs = 0;
};

class StoreWriter final : public TraceSink {
public:
    // Opens "<finalPath>.tmp-<pid>" for writing; the final file is untouched until finish().
    static std::unique_ptr<StoreWriter> create(const std::string& finalPath, Error* error);
    ~StoreWriter() override; // without finish(): the temporary file is removed

    StoreWriter(const StoreWriter&) = delete;
    StoreWriter& operator=(const StoreWriter&) = delete;

    // --- dictionary
    StringId intern(std::string_view text) override;

    // --- processes, threads, devices, tracks (get-or-create by key)
    DeviceId device(std::string_view name, std::string_view kind, int ordinal) override;
    // A device keyed by (kind, host, rank, local ordinal): two ranks on the same local index stay
    // apart. Named "rank 3 · NPU 0" when the rank is known, else "NPU 0".
    DeviceId device(const DeviceIdentity& identity) override;
    void setDeviceClockOffset(DeviceId device, TimeNs offsetNs) override;
    ProcessId process(std::string_view pidKey) override;
    void setProcessName(ProcessId process, std::string_view name) override;
    void setProcessLabels(ProcessId process, std::string_view labels) override;
    void setProcessSortIndex(ProcessId process, std::int64_t sortIndex) override;
    void setProcessDevice(ProcessId process, DeviceId device) override;
    ThreadId thread(ProcessId process, std::string_view tidKey) override;
    void setThreadName(ThreadId thread, std::string_view name) override;
    void setThreadSortIndex(ThreadId thread, std::int64_t sortIndex) override;
    TrackId threadTrack(ThreadId thread) override;
    // Async lanes, process instants, step markers: keyed by (process, kind, identity), where the
    // identity defaults to the name (async tracks pass their id so equal names stay apart).
    // process kNoProcess gives a global track (track.process_id NULL).
    TrackId namedTrack(ProcessId process, TrackKind kind, std::string_view name, std::string_view identity = {}) override;
    TrackId counterTrack(ProcessId process, std::string_view name, std::string_view unit) override;
    void setTrackCompute(TrackId track, bool isCompute) override;
    void setTrackSortIndex(TrackId track, std::int64_t sortIndex) override;

    // --- rows
    ArgId addArgs(std::string_view json) override; // a JSON object as text; "" or "{}" gives 0
    PendingSliceIndex addSlice(const SliceInput& slice) override;
    void addCounter(TrackId track, TimeNs tsNs, double value) override;
    void addFlowEndpoint(const FlowEndpoint& endpoint, std::string_view name) override;
    void addFlow(PendingSliceIndex out, PendingSliceIndex in, std::string_view cat, std::string_view name) override;
    // Launch links (core/store/launch_linking.h): an id read from a slice's args, matched at finish()
    // between device slices and host calls; or a device slice -> call pair the importer knows itself.
    void addLaunchKey(PendingSliceIndex slice, TrackId track, TimeNs tsNs, std::string_view category,
                      LaunchKeyKind kind, std::int64_t id) override;
    void addLaunchLink(PendingSliceIndex deviceSlice, PendingSliceIndex call, std::optional<std::int64_t> correlationId,
                       std::string_view source) override;
    // A typed per-slice metric (operator PMU columns, CSV fields): number, text, or both.
    void addMetric(PendingSliceIndex slice, std::string_view key, std::optional<double> num,
                   std::string_view text = {}, std::string_view unit = {}, std::string_view group = {}) override;

    // Pending slices, for importers that join side files (CSV rows) to timeline slices. Compact on
    // purpose: an import holds millions of them until finish().
    struct PendingSlice {
        TimeNs tsNs;
        TimeNs durNs;
        std::uint32_t track;
        std::uint32_t args;
        StringId name;
        StringId category; // 0: none
        StringId type;     // 0: none
        std::uint32_t flags;
    };
    std::size_t pendingSliceCount() const override { return sliceBase_ + slices_.size(); }
    // Only for slices still in memory: call keepSlicesInMemory() before adding the slices to read.
    const PendingSlice& pendingSlice(PendingSliceIndex index) const { return slices_[index - sliceBase_]; }
    std::string_view stringAt(StringId id) const;
    // A slice already spilled takes its type at finish() (typeOverrides_).
    void setSliceType(PendingSliceIndex slice, std::string_view type) override;
    std::string scratchPathPrefix() const override { return tempPath_; }

    // --- side tables: memory rows go out in bulk inserts (flushed with the other rows), the rest at once
    void addMemoryRow(const MemoryRecordRow& row) override;
    void addMemoryRow(const MemoryAllocationRow& row) override;
    void addMemoryRow(const MemoryModuleRow& row) override;
    void addClusterSteps(std::string_view source, const std::vector<ClusterStepRow>& rows) override;
    void addCommOps(std::string_view source, const std::vector<CommOpRank>& ops) override;
    void addCommLinks(std::string_view source, const std::vector<CommMatrixLink>& links) override;
    void addCommGroups(const std::vector<CommGroup>& groups) override;
    void addAscendStatistics(std::string_view source, const std::vector<AscendStatisticRow>& rows) override;
    void addAscendOperatorDetails(std::string_view source, const std::vector<AscendOperatorDetailRow>& rows) override;

    // Pending slices and flow end points beyond this many bytes move to scratch files as sorted
    // runs, merged at finish(), so that memory stays bounded whatever the trace size.
    void setSpillBudgetBytes(std::size_t bytes) { spillBudgetBytes_ = bytes; }
    // Importers that read pending slices back (side-file joins) need them in memory: no spilling.
    void keepSlicesInMemory() { keepInMemory_ = true; }
    bool spilled() const { return sliceSpill_ != nullptr; }
    // Slice counts per (track, category id), over every pending slice, spilled or not.
    void forEachTrackCategoryCount(const std::function<void(TrackId, StringId, std::int64_t)>& visit);

    // --- bookkeeping
    void addWarning(std::string_view code, std::string_view file, std::int64_t byteOffset, std::int64_t line,
                    std::string_view sample) override;
    void addStat(std::string_view name, std::int64_t delta) override;
    void setMeta(std::string_view key, std::string_view value) override;
    bool setMetaIfAbsent(std::string_view key, std::string_view value) override;
    void addSourceFile(std::string_view path, std::string_view role, std::string_view status,
                       std::string_view reason, std::int64_t events) override;

    // Work that needs the written slices (their ids) and strings, inside the import's transaction:
    // runs in finish() before warnings and stats are written, so a pass may add both.
    void addFinishPass(std::function<void(StoreWriter&)> pass) { finishPasses_.push_back(std::move(pass)); }
    // The device-class pass (core/store/device_class_pass.h) as a finish pass, from the facts of each
    // device slice gathered while the slice rows are written rather than a scan of them.
    void classifyDeviceSlices(DeviceSliceClassifier classify);

    // Nest, bind, index, commit, rename. On failure the temporary file is removed.
    bool finish(ImportSummary* summary, Error* error, const std::function<bool()>& cancelled = {});

    // The writer buffers rows (args, counters, memory rows) for bulk inserts: call this before a
    // store-side pass reads them back through database().
    void flushRows();
    // For the store-side passes (finish passes, core/store): importers see only the TraceSink.
    Database& database() { return db_; }

private:
    StoreWriter() = default;
    struct TrackInfo {
        ProcessId process = 0;
        std::optional<ThreadId> thread;
        TrackKind kind = TrackKind::Thread;
        std::string name;
        int lane = 0;
        std::string unit;            // "": NULL
        std::int64_t sortIndex = 0;  // set on the held row until it is written
        bool isCompute = false;
    };
    TrackId newTrack(ProcessId process, std::optional<ThreadId> thread, TrackKind kind, std::string_view name,
                     std::string_view unit, int lane);
    void prepareStatements();
    // The statements of the get-or-create and set calls, prepared once: a metadata-heavy trace makes
    // hundreds of thousands of these calls, and preparing each cost more than running it.
    // (Process, thread and track rows are written in batches at finish; these are for setters after that.)
    enum class Cached { ProcessName, ProcessLabels, ProcessSortIndex, ThreadName, ThreadSortIndex, ProcessDevice,
                        TrackDevice, TrackCompute, Count };
    Statement& cached(Cached which);
    void releaseStatements(); // before the connection closes
    // Text on its way into the store, valid UTF-8: the input's own bytes when they are, else a
    // repaired copy (invalid bytes replaced by U+FFFD and counted as an oddity).
    struct CleanText {
        std::string_view text;
        std::string fixed;
        std::string_view view() const { return fixed.empty() ? text : std::string_view(fixed); }
    };
    CleanText clean(std::string_view text);
    void noteInvalidUtf8(std::string_view repaired, std::size_t replacements);
    friend class FinishPass;
    void maybeSpill();
    void spillPending();
    void writeSliceRun();
    void writeEndpointRun();
    void writeMetrics();
    void writeStrings();
    void writeWarningsAndStats();
    void updateTrackStats();
    std::int64_t deviceEventCount(); // launch.device_events, from the track stats

    // The writer thread of the big row streams (args, counters, slices, flows, metrics, memory rows),
    // and the gate of db_ (connection_gate.h): declared before db_, so that it outlives the connection
    // and the statements its jobs use.
    // Off with OPSCOPE_NO_INSERT_PIPE=1 (benchmarks compare both ways).
    std::unique_ptr<InsertPipe> pipe_;
    Database db_;
    std::string finalPath_;
    std::string tempPath_;
    bool finished_ = false;

    // Looked up by string_view without making a string (hot import path).
    std::unordered_map<std::string, StringId, TextHash, std::equal_to<>> stringIds_;
    std::vector<std::string> strings_; // index = StringId - 1
    std::unordered_map<std::string, DeviceId> devices_;
    std::unordered_map<std::string, ProcessId> processes_;
    struct ThreadKey {
        ProcessId process;
        std::string tid; // short ids stay in the string itself: no allocation per lookup
        bool operator==(const ThreadKey& other) const { return process == other.process && tid == other.tid; }
    };
    struct ThreadKeyHash {
        std::size_t operator()(const ThreadKey& key) const {
            return std::hash<std::string_view>{}(key.tid) ^ (std::hash<ProcessId>{}(key.process) * 0x9E3779B97F4A7C15ULL);
        }
    };
    std::unordered_map<ThreadKey, ThreadId, ThreadKeyHash> threads_;
    IntPairMap<ThreadId> numericThreads_; // (process, tid) for tids spelt as plain integers, most traces' all
    std::unordered_map<ThreadId, TrackId> threadTracks_; // of threads this writer did not make
    struct ThreadFacts {
        ProcessId process;
        std::string tid;
        std::int64_t tidNum = 0;
        std::optional<std::string> name; // held until the row is written (writeHeldThreads)
        std::optional<std::int64_t> sortIndex;
        TrackId track = -1; // its thread track once made
    };
    DenseIdTable<ThreadFacts> threadFacts_; // what threadTrack() needs, without a query
    // Thread rows are written once, at finish, with their names and sort indexes: a metadata-heavy trace
    // sets both on every thread, and an UPDATE per setter was a fifth of its import.
    std::vector<ThreadId> heldThreads_;
    ThreadId lastThreadId_ = -1; // -1: not read from the store yet
    // Process and track rows are held the same way (store_writer_held_rows.cpp): a metadata-heavy trace
    // names, labels and sorts thousands of processes and makes tens of thousands of tracks, and each
    // statement on the connection waited for the insert pipe to drain.
    struct ProcessFacts {
        std::string pid;
        std::int64_t pidNum = 0;
        std::optional<std::string> name, labels; // held until the row is written
        std::optional<std::int64_t> sortIndex;
        std::optional<DeviceId> device;          // kept after: tracks made later take it
    };
    DenseIdTable<ProcessFacts> processFacts_;
    std::vector<ProcessId> heldProcesses_;
    ProcessId lastProcessId_ = -1;
    std::vector<TrackId> heldTracks_;
    TrackId lastTrackId_ = -1;
    // Set when finish() writes the held rows: from then on each new row is written at once and each
    // setter updates the row.
    bool heldRowsWritten_ = false;
    ProcessFacts* heldProcess(ProcessId process); // nullptr once written
    ThreadFacts* heldThread(ThreadId thread); // nullptr once written
    TrackInfo* heldTrack(TrackId track);
    std::int64_t nextRowId(std::int64_t& last, const char* table); // last: -1 until read from the store
    void writeHeldRows();
    BatchInsert heldRowInsert(const char* table, const char* columns, int columnCount, const std::vector<std::int64_t>& held);
    void writeHeldProcesses();
    void writeHeldThreads();
    void writeHeldTracks();
    // The tracks this writer made, by process: setProcessDevice() updates them by id instead of a scan
    // of the track table (there is no index on track.process_id), once per device process.
    std::unordered_map<ProcessId, std::vector<TrackId>> tracksByProcess_;
    std::array<Statement, static_cast<std::size_t>(Cached::Count)> cachedStatements_;
    std::unordered_map<std::string, TrackId> namedTracks_;     // key: process \x1f kind \x1f name
    DenseIdTable<TrackInfo> trackInfo_;

    ChunkedVector<PendingSlice> slices_;        // pending index - sliceBase_
    std::size_t sliceBase_ = 0;                 // slices moved to the spill file so far
    ChunkedVector<PendingEndpoint> endpoints_;   // endpoint order - endpointBase_
    std::size_t endpointBase_ = 0;
    FlowNamePool flowNames_;
    std::size_t spillBudgetBytes_ = std::size_t{96} << 20;
    bool keepInMemory_ = false;
    std::unique_ptr<SpillFile> sliceSpill_, endpointSpill_; // sorted runs, once spilled
    std::vector<std::uint32_t> finalIds_; // pending index -> slice.id, when metrics or direct flows need it
    struct DirectFlow {
        PendingSliceIndex out, in;
        std::string cat, name;
    };
    std::vector<DirectFlow> directFlows_;
    // Launch keys and flow launch candidates grow with the trace (two keys a kernel launch): each may
    // hold sideBudgetBytes() in memory, the rest waits in sorted runs on disk (sorted_spill.h).
    std::size_t sideBudgetBytes() const { return spillBudgetBytes_ / 4; }
    std::unique_ptr<LaunchKeySpill> launchKeys_; // made at the first key
    std::vector<PendingLaunchLink> launchLinks_;
    std::unique_ptr<FlowLaunchSpill> flowLaunches_; // host -> device flow rows, noted as flows are written
    std::vector<std::function<void(StoreWriter&)>> finishPasses_;
    std::unique_ptr<DeviceClassCollector> deviceClasses_; // with classifyDeviceSlices()
    TaskTypeIndex taskTypes_;                              // noted from args when classifying
    // Compact on purpose: an Ascend run has tens of metrics per kernel, millions in all. Text values
    // sit in metricText_, not in the string dictionary: slice_metric stores the text itself, and
    // some columns (start times) are unique per row, which grew the dictionary by a string a row.
    struct PendingMetric {
        double num;
        std::uint64_t textOffset; // into metricText_
        PendingSliceIndex slice;
        std::uint32_t key;
        std::uint32_t textLength;
        bool hasNum, hasText;
    };
    std::vector<PendingMetric> metrics_;
    std::string metricText_;
    // Metrics beyond the spill budget move here in the order they came (one run per spill) and are
    // read back before the ones in memory: tens of metrics per kernel row made an Ascend import grow
    // by about 1 KB a row.
    std::unique_ptr<SpillFile> metricSpill_;
    void spillMetrics();
    // Types set on slices that had already spilled (a CSV row joined to a timeline slice), by pending
    // index; sorted at finish() and looked up as the rows are written.
    struct TypeOverride {
        PendingSliceIndex slice;
        StringId type;
    };
    std::vector<TypeOverride> typeOverrides_;
    // Thread times of the few slices that have them, in pending-index order (Chrome tts/tdur).
    struct PendingThreadTime {
        PendingSliceIndex slice;
        TimeNs tsNs, durNs; // kNoThreadTime: unknown
    };
    std::vector<PendingThreadTime> threadTimes_;
    std::unordered_map<std::string, std::int64_t> metricKeys_;

    struct WarningEntry {
        std::string code, file, sample;
        std::int64_t count = 0, byteOffset = -1, line = -1;
    };
    std::vector<WarningEntry> warnings_;
    struct TrackStats {
        std::int64_t slices = 0, counters = 0, maxDepth = 0;
        // Slices outside Kineto's gpu_user_annotation: the device events of the track if it computes.
        std::int64_t eventSlices = 0;
        TimeNs minTs = std::numeric_limits<TimeNs>::max();
        TimeNs maxEnd = std::numeric_limits<TimeNs>::min();
    };
    std::unordered_map<TrackId, TrackStats> trackStats_;
    std::unordered_map<std::string, std::size_t> warningIndex_;
    std::size_t lastWarning_ = static_cast<std::size_t>(-1);
    std::unordered_map<std::string, std::int64_t> stats_;

    BatchInsert insertArgs_, insertCounter_;
    std::unique_ptr<MemoryRowWriter> memoryRows_; // made at the first memory row
    MemoryRowWriter& memoryRows();
    std::unordered_set<std::string> metaKeys_; // keys set through setMeta/setMetaIfAbsent
    std::string argsScratch_;
    std::int64_t invalidUtf8Strings_ = 0, invalidUtf8Replacements_ = 0;
    std::string invalidUtf8Sample_;
    std::int64_t nextArgId_ = 1;
    std::int64_t counterRows_ = 0;
    std::int64_t flowRows_ = 0;
};

} // namespace opscope
