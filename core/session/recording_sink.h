// A sink that records what an importer emits as a compact log in memory, to be replayed later, in
// order, into another sink: one rank of a job parsed on a worker thread while the one StoreWriter
// takes the ranks before it. Ids it returns are its own (get-or-create by the same keys as the
// store's writer), mapped to the target's at replay, so the target sees exactly the calls a direct
// import would have made. The log is handed over in chunks as it grows: a replay may follow a
// recording still under way, and a recorder that is not yet replayed waits once the job's budget of
// unreplayed bytes is spent (RecordingBudget), so memory stays bounded whatever the ranks' sizes.
#pragma once
#include "core/model/trace_sink.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace opscope {

// The bytes of recorded logs not yet replayed, over all the recordings of one job.
class RecordingBudget {
public:
    explicit RecordingBudget(std::size_t bytes) : limit_(bytes) {}
    // Blocks while the budget is spent, unless mayExceed() says this recording is the one being
    // replayed (it must not wait for itself) or stop() is true.
    void take(std::size_t bytes, const std::function<bool()>& mayExceed, const std::function<bool()>& stop);
    void give(std::size_t bytes);
    void wake(); // a recording became the one replayed, or the job stops
    std::size_t used() const { return used_.load(); }
    // How many take() calls had to wait (the bound at work, for tests and the import's result).
    std::int64_t waits() const { return waits_.load(); }

private:
    std::size_t limit_;
    std::atomic<std::size_t> used_{0};
    std::atomic<std::int64_t> waits_{0};
    std::mutex mutex_;
    std::condition_variable changed_;
};

class RecordingSink final : public TraceSink {
public:
    // budget may be null (no bound). stop: polled while waiting on the budget. chunkBytes: the size past
    // which a chunk is sealed and handed to the replay (0: 1 MiB).
    RecordingSink(RecordingBudget* budget, std::function<bool()> stop, std::size_t chunkBytes = 0);
    ~RecordingSink() override;

    // The replay side. beginReplay(): from now on this recording never waits on the budget.
    void beginReplay();
    // Replays the chunks recorded so far into target; with untilDone, waits for more until the
    // recording is closed. False when stopped (stopReplay()) before the end. onFirst runs once, before
    // the first chunk is replayed (or at the close of a recording that has none).
    bool replayInto(TraceSink& target, bool untilDone, const std::function<void()>& onFirst = {});
    // Producer: no more calls follow (seals the last chunk).
    void close();
    void stopReplay(); // a replay waiting for chunks returns false
    std::size_t recordedBytes() const { return recordedBytes_; }

    StringId intern(std::string_view text) override;
    DeviceId device(std::string_view name, std::string_view kind, int ordinal) override;
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
    TrackId namedTrack(ProcessId process, TrackKind kind, std::string_view name, std::string_view identity) override;
    TrackId counterTrack(ProcessId process, std::string_view name, std::string_view unit) override;
    void setTrackCompute(TrackId track, bool isCompute) override;
    void setTrackSortIndex(TrackId track, std::int64_t sortIndex) override;
    ArgId addArgs(std::string_view json) override;
    PendingSliceIndex addSlice(const SliceInput& slice) override;
    std::size_t pendingSliceCount() const override { return slices_; }
    void setSliceType(PendingSliceIndex slice, std::string_view type) override;
    void addCounter(TrackId track, TimeNs tsNs, double value) override;
    void addFlowEndpoint(const FlowEndpoint& endpoint, std::string_view name) override;
    void addFlow(PendingSliceIndex out, PendingSliceIndex in, std::string_view cat, std::string_view name) override;
    void addLaunchKey(PendingSliceIndex slice, TrackId track, TimeNs tsNs, std::string_view category,
                      LaunchKeyKind kind, std::int64_t id) override;
    void addLaunchLink(PendingSliceIndex deviceSlice, PendingSliceIndex call, std::optional<std::int64_t> correlationId,
                       std::string_view source) override;
    void addMetric(PendingSliceIndex slice, std::string_view key, std::optional<double> num, std::string_view text,
                   std::string_view unit, std::string_view group) override;
    void addMemoryRow(const MemoryRecordRow& row) override;
    void addMemoryRow(const MemoryAllocationRow& row) override;
    void addMemoryRow(const MemoryModuleRow& row) override;
    void addClusterSteps(std::string_view source, const std::vector<ClusterStepRow>& rows) override;
    void addCommOps(std::string_view source, const std::vector<CommOpRank>& ops) override;
    void addCommLinks(std::string_view source, const std::vector<CommMatrixLink>& links) override;
    void addCommGroups(const std::vector<CommGroup>& groups) override;
    void addAscendStatistics(std::string_view source, const std::vector<AscendStatisticRow>& rows) override;
    void addAscendOperatorDetails(std::string_view source, const std::vector<AscendOperatorDetailRow>& rows) override;
    void addWarning(std::string_view code, std::string_view file, std::int64_t byteOffset, std::int64_t line,
                    std::string_view sample) override;
    void addStat(std::string_view name, std::int64_t delta) override;
    void setMeta(std::string_view key, std::string_view value) override;
    bool setMetaIfAbsent(std::string_view key, std::string_view value) override;
    void addSourceFile(std::string_view path, std::string_view role, std::string_view status,
                       std::string_view reason, std::int64_t events) override;

    enum class Op : std::uint8_t;
    // Recorded ids to the target's, filled as the replay goes (index: recorded id - 1).
    struct IdMap {
        std::vector<std::int64_t> devices, processes, threads, tracks, args;
        std::vector<std::int64_t> strings;
        std::size_t sliceBase = 0; // the target's slice count when the replay began
        std::int64_t device(std::int64_t local) const;
        PendingSliceIndex slice(PendingSliceIndex local) const;
    };

private:
    void defer(std::function<void(TraceSink&, const IdMap&)> call);
    void replayChunk(const std::string& chunk, TraceSink& target);
    // Writing one op: the opcode, then fields; a chunk is sealed (handed to the replay) once past
    // its size, between two ops.
    void begin(Op op);
    void u64(std::uint64_t v);
    void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
    void f64(double v);
    void text(std::string_view s);
    void end();
    void seal();
    std::int64_t getOrCreate(std::unordered_map<std::string, std::int64_t>& ids, std::string key, bool* made);

    RecordingBudget* budget_;
    std::function<bool()> stop_;
    std::size_t chunkBytes_;
    std::string current_;
    std::size_t recordedBytes_ = 0;

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::string> sealed_; // chunks not yet replayed
    bool closed_ = false, replaying_ = false, replayStopped_ = false, replayStarted_ = false;

    // Own ids, keyed as the store's writer keys them.
    std::unordered_map<std::string, std::int64_t> strings_, devices_, processes_, threads_, threadTracks_, namedTracks_;
    std::int64_t nextTrack_ = 1, nextArgs_ = 1;
    std::size_t slices_ = 0;
    std::unordered_set<std::string> metaKeys_;
    std::deque<std::function<void(TraceSink&, const IdMap&)>> deferred_; // rows kept as values (Op::Deferred)
    std::unique_ptr<IdMap> ids_;
};

} // namespace opscope
