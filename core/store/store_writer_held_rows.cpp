// The writer's process, thread and track rows. They are numbered here and held in memory while the
// importer runs, then written in batches when finish() begins (writeHeldRows): a metadata-heavy trace
// names, labels and sorts every one of them, and a statement per call made each wait for the insert
// pipe to drain (connection_gate.h), so that the parse and the store writing could not overlap.
#include "core/model/plain_integer.h"
#include "core/model/sink_keys.h"
#include "core/store/numeric_id_key.h"
#include "core/store/store_writer.h"

#include <algorithm>
#include <optional>

namespace opscope {

namespace {
constexpr int kRowsPerStatement = 64;

void optionalValue(BatchInsert& rows, const std::optional<std::string>& text) {
    if (text) rows.value(std::string_view(*text)); else rows.null();
}
void optionalValue(BatchInsert& rows, const std::optional<std::int64_t>& number) {
    if (number) rows.value(*number); else rows.null();
}
} // namespace

// Rows are numbered here as SQLite would number them (after the largest id), so that they can be held.
std::int64_t StoreWriter::nextRowId(std::int64_t& last, const char* table) {
    if (last < 0) last = db_.scalarInt(std::string("SELECT coalesce(max(id), 0) FROM ") + table);
    return ++last;
}

ProcessId StoreWriter::process(std::string_view pidKey) {
    std::string key(pidKey);
    auto it = processes_.find(key);
    if (it != processes_.end()) return it->second;
    const ProcessId id = nextRowId(lastProcessId_, "process");
    processes_.emplace(std::move(key), id);
    processFacts_.add(id, ProcessFacts{std::string(clean(pidKey).view()), numericIdKey(pidKey), {}, {}, {}, {}});
    heldProcesses_.push_back(id);
    if (heldRowsWritten_) writeHeldProcesses();
    return id;
}

StoreWriter::ProcessFacts* StoreWriter::heldProcess(ProcessId process) {
    if (heldRowsWritten_) return nullptr;
    return processFacts_.find(process);
}

void StoreWriter::setProcessName(ProcessId process, std::string_view name) {
    if (ProcessFacts* held = heldProcess(process)) held->name = std::string(clean(name).view());
    else cached(Cached::ProcessName).bind(1, clean(name).view()).bind(2, process).run();
}
void StoreWriter::setProcessLabels(ProcessId process, std::string_view labels) {
    if (ProcessFacts* held = heldProcess(process)) held->labels = std::string(clean(labels).view());
    else cached(Cached::ProcessLabels).bind(1, clean(labels).view()).bind(2, process).run();
}
void StoreWriter::setProcessSortIndex(ProcessId process, std::int64_t sortIndex) {
    if (ProcessFacts* held = heldProcess(process)) held->sortIndex = sortIndex;
    else cached(Cached::ProcessSortIndex).bind(1, sortIndex).bind(2, process).run();
}

// A track takes its process's device: held tracks when they are written, written ones here by id
// (there is no index on track.process_id to update them by process).
void StoreWriter::setProcessDevice(ProcessId process, DeviceId device) {
    if (ProcessFacts* facts = processFacts_.find(process)) facts->device = device; // kept for tracks written later
    if (!heldProcess(process)) cached(Cached::ProcessDevice).bind(1, device).bind(2, process).run();
    if (!heldRowsWritten_) return; // every track is still held
    auto tracks = tracksByProcess_.find(process);
    if (tracks == tracksByProcess_.end()) return;
    Statement& update = cached(Cached::TrackDevice);
    for (TrackId track : tracks->second) update.bind(1, device).bind(2, track).run();
}

ThreadId StoreWriter::thread(ProcessId process, std::string_view tidKey) {
    std::int64_t tidNumber = 0;
    const bool numeric = parsePlainInteger(tidKey, &tidNumber);
    if (numeric) {
        if (const ThreadId* known = numericThreads_.find(process, tidNumber)) return *known;
    } else if (auto it = threads_.find(ThreadKey{process, std::string(tidKey)}); it != threads_.end()) {
        return it->second;
    }
    const ThreadId id = nextRowId(lastThreadId_, "thread");
    // A plain integer is its own numeric key (numericIdKey gives the same value): not parsed again.
    ThreadFacts facts{process, std::string(clean(tidKey).view()), numeric ? tidNumber : numericIdKey(tidKey),
                      std::nullopt, std::nullopt};
    if (numeric) numericThreads_.insert(process, tidNumber, id);
    else threads_.emplace(ThreadKey{process, std::string(tidKey)}, id);
    threadFacts_.add(id, std::move(facts));
    heldThreads_.push_back(id);
    if (heldRowsWritten_) writeHeldThreads();
    return id;
}

StoreWriter::ThreadFacts* StoreWriter::heldThread(ThreadId thread) {
    if (heldRowsWritten_) return nullptr;
    return threadFacts_.find(thread);
}

void StoreWriter::setThreadName(ThreadId thread, std::string_view name) {
    if (ThreadFacts* held = heldThread(thread)) held->name = std::string(clean(name).view());
    else cached(Cached::ThreadName).bind(1, clean(name).view()).bind(2, thread).run();
}
void StoreWriter::setThreadSortIndex(ThreadId thread, std::int64_t sortIndex) {
    if (ThreadFacts* held = heldThread(thread)) held->sortIndex = sortIndex;
    else cached(Cached::ThreadSortIndex).bind(1, sortIndex).bind(2, thread).run();
}

TrackId StoreWriter::newTrack(ProcessId process, std::optional<ThreadId> thread, TrackKind kind,
                              std::string_view name, std::string_view unit, int lane) {
    const TrackId id = nextRowId(lastTrackId_, "track");
    TrackInfo info;
    info.process = process;
    info.thread = thread;
    info.kind = kind;
    info.name = std::string(clean(name).view());
    info.unit = std::string(clean(unit).view());
    info.lane = lane;
    trackInfo_.add(id, std::move(info));
    if (process != kNoProcess) tracksByProcess_[process].push_back(id);
    heldTracks_.push_back(id);
    if (heldRowsWritten_) writeHeldTracks(); // an overlap lane made while finish() nests the slices
    return id;
}

StoreWriter::TrackInfo* StoreWriter::heldTrack(TrackId track) {
    if (heldRowsWritten_) return nullptr;
    return trackInfo_.find(track);
}

TrackId StoreWriter::threadTrack(ThreadId thread) {
    if (ThreadFacts* facts = threadFacts_.find(thread)) {
        if (facts->track < 0) facts->track = newTrack(facts->process, thread, TrackKind::Thread, facts->tid, {}, 0);
        return facts->track;
    }
    // A thread this writer did not create.
    auto it = threadTracks_.find(thread);
    if (it != threadTracks_.end()) return it->second;
    const ProcessId process = db_.scalarInt("SELECT process_id FROM thread WHERE id = " + std::to_string(thread));
    const std::string tid = db_.scalarText("SELECT tid FROM thread WHERE id = " + std::to_string(thread));
    TrackId id = newTrack(process, thread, TrackKind::Thread, tid, {}, 0);
    threadTracks_.emplace(thread, id);
    return id;
}

TrackId StoreWriter::namedTrack(ProcessId process, TrackKind kind, std::string_view name,
                                std::string_view identity) {
    std::string key = sinkKey(sinkKey(std::to_string(process), trackKindName(kind)), identity.empty() ? name : identity);
    auto it = namedTracks_.find(key);
    if (it != namedTracks_.end()) return it->second;
    TrackId id = newTrack(process, std::nullopt, kind, name, {}, 0);
    namedTracks_.emplace(key, id);
    return id;
}

TrackId StoreWriter::counterTrack(ProcessId process, std::string_view name, std::string_view unit) {
    std::string key = sinkKey(sinkKey(std::to_string(process), "counter"), name);
    auto it = namedTracks_.find(key);
    if (it != namedTracks_.end()) return it->second;
    TrackId id = newTrack(process, std::nullopt, TrackKind::Counter, name, unit, 0);
    namedTracks_.emplace(key, id);
    return id;
}

void StoreWriter::setTrackCompute(TrackId track, bool isCompute) {
    if (TrackInfo* held = heldTrack(track)) held->isCompute = isCompute;
    else cached(Cached::TrackCompute).bind(1, isCompute ? 1 : 0).bind(2, track).run();
}
void StoreWriter::setTrackSortIndex(TrackId track, std::int64_t sortIndex) {
    if (TrackInfo* held = heldTrack(track)) held->sortIndex = sortIndex;
    else db_.prepare("UPDATE track SET sort_index = ? WHERE id = ?").bind(1, sortIndex).bind(2, track).run();
}

void StoreWriter::writeHeldRows() {
    heldRowsWritten_ = true;
    writeHeldProcesses();
    writeHeldThreads();
    writeHeldTracks();
}

// At most 64 rows a statement, fewer for a row or two written after finish() began (an overlap lane).
BatchInsert StoreWriter::heldRowInsert(const char* table, const char* columns, int columnCount,
                                       const std::vector<std::int64_t>& held) {
    const int perStatement = static_cast<int>(std::min<std::size_t>(held.size(), kRowsPerStatement));
    return BatchInsert(db_, table, columns, columnCount, perStatement, pipe_.get());
}

void StoreWriter::writeHeldProcesses() {
    if (heldProcesses_.empty()) return;
    BatchInsert rows = heldRowInsert("process", "id, pid, pid_num, name, labels, sort_index, device_id", 7, heldProcesses_);
    for (ProcessId id : heldProcesses_) {
        ProcessFacts& f = processFacts_.at(id);
        rows.value(id).value(std::string_view(f.pid)).value(f.pidNum);
        optionalValue(rows, f.name);
        optionalValue(rows, f.labels);
        optionalValue(rows, f.sortIndex);
        optionalValue(rows, f.device);
        rows.endRow();
        f.name.reset();
        f.labels.reset();
    }
    rows.flush();
    heldProcesses_.clear();
}

void StoreWriter::writeHeldThreads() {
    if (heldThreads_.empty()) return;
    BatchInsert rows = heldRowInsert("thread", "id, process_id, tid, tid_num, name, sort_index", 6, heldThreads_);
    for (ThreadId id : heldThreads_) {
        ThreadFacts& f = threadFacts_.at(id);
        rows.value(id).value(f.process).value(std::string_view(f.tid)).value(f.tidNum);
        optionalValue(rows, f.name);
        optionalValue(rows, f.sortIndex);
        rows.endRow();
        f.name.reset();
    }
    rows.flush();
    heldThreads_.clear();
    heldThreads_.shrink_to_fit();
}

// A track's device is its process's at the time it is written; setProcessDevice() keeps the written
// ones in step after that.
void StoreWriter::writeHeldTracks() {
    if (heldTracks_.empty()) return;
    BatchInsert rows = heldRowInsert("track", "id, process_id, thread_id, kind, name, unit, sort_index, lane, is_compute, device_id",
                                     10, heldTracks_);
    for (TrackId id : heldTracks_) {
        const TrackInfo& t = trackInfo_.at(id);
        rows.value(id);
        if (t.process == kNoProcess) rows.null(); else rows.value(t.process);
        if (t.thread) rows.value(*t.thread); else rows.null();
        rows.value(trackKindName(t.kind)).value(std::string_view(t.name));
        if (t.unit.empty()) rows.null(); else rows.value(std::string_view(t.unit));
        rows.value(t.sortIndex).value(static_cast<std::int64_t>(t.lane)).value(std::int64_t{t.isCompute ? 1 : 0});
        const ProcessFacts* facts = processFacts_.find(t.process);
        if (facts != nullptr && facts->device) rows.value(*facts->device); else rows.null();
        rows.endRow();
    }
    rows.flush();
    heldTracks_.clear();
}

} // namespace opscope
