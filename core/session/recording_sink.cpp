#include "core/session/recording_sink.h"

#include "core/model/sink_keys.h"

#include <cstring>
#include <stdexcept>

namespace opscope {

namespace {

// A chunk is handed to the replay once it holds this much: small enough that a replay follows its
// recording closely, large enough that the lock is rare.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

} // namespace

enum class RecordingSink::Op : std::uint8_t {
    Intern, DeviceNamed, DeviceIdentity, DeviceClockOffset, Process, ProcessName, ProcessLabels, ProcessSortIndex,
    ProcessDevice, Thread, ThreadName, ThreadSortIndex, ThreadTrack, NamedTrack, CounterTrack, TrackCompute,
    TrackSortIndex, Args, Slice, SliceType, Counter, FlowEndpoint, Flow, LaunchKey, LaunchLink, Metric,
    Deferred, // a row kept as a value (side tables): RecordingSink::deferred_
    Warning, Stat, Meta, MetaIfAbsent, SourceFile,
};

void RecordingBudget::take(std::size_t bytes, const std::function<bool()>& mayExceed,
                           const std::function<bool()>& stop) {
    std::unique_lock<std::mutex> lock(mutex_);
    auto mayTake = [&] { return used_.load() + bytes <= limit_ || used_.load() == 0 || mayExceed() || stop(); };
    if (!mayTake()) {
        ++waits_;
        changed_.wait(lock, mayTake);
    }
    used_ += bytes;
}

void RecordingBudget::give(std::size_t bytes) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        used_ -= bytes;
    }
    changed_.notify_all();
}

void RecordingBudget::wake() {
    { std::lock_guard<std::mutex> lock(mutex_); }
    changed_.notify_all();
}

// --- the log

void RecordingSink::begin(Op op) { current_.push_back(static_cast<char>(op)); }

void RecordingSink::u64(std::uint64_t v) {
    // LEB128: most fields are small ids and counts.
    while (v >= 0x80) {
        current_.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    current_.push_back(static_cast<char>(v));
}

void RecordingSink::f64(double v) {
    char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    current_.append(bytes, sizeof v);
}

void RecordingSink::text(std::string_view s) {
    u64(s.size());
    current_.append(s);
}

void RecordingSink::end() {
    if (current_.size() >= chunkBytes_) seal();
}

void RecordingSink::seal() {
    if (current_.empty()) return;
    const std::size_t bytes = current_.size();
    if (budget_) budget_->take(bytes, [this] { std::lock_guard<std::mutex> l(mutex_); return replaying_; }, stop_);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        recordedBytes_ += bytes;
        sealed_.push_back(std::move(current_));
    }
    current_ = std::string();
    current_.reserve(chunkBytes_ + 4096);
    changed_.notify_all();
}

RecordingSink::RecordingSink(RecordingBudget* budget, std::function<bool()> stop, std::size_t chunkBytes)
    : budget_(budget), stop_(stop ? std::move(stop) : [] { return false; }),
      chunkBytes_(chunkBytes > 0 ? chunkBytes : kChunkBytes) {
    current_.reserve(chunkBytes_ + 4096);
}

void RecordingSink::close() {
    seal();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        closed_ = true;
    }
    changed_.notify_all();
}

void RecordingSink::beginReplay() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        replaying_ = true;
    }
    if (budget_) budget_->wake();
}

void RecordingSink::stopReplay() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        replayStopped_ = true;
    }
    changed_.notify_all();
}

std::int64_t RecordingSink::getOrCreate(std::unordered_map<std::string, std::int64_t>& ids, std::string key,
                                        bool* made) {
    auto [it, inserted] = ids.try_emplace(std::move(key), static_cast<std::int64_t>(ids.size()) + 1);
    *made = inserted;
    return it->second;
}

// --- recording: get-or-create by the keys of StoreWriter, the call logged only when it makes a row

StringId RecordingSink::intern(std::string_view s) {
    bool made = false;
    auto id = static_cast<StringId>(getOrCreate(strings_, std::string(s), &made));
    if (made) {
        begin(Op::Intern);
        text(s);
        end();
    }
    return id;
}

DeviceId RecordingSink::device(std::string_view name, std::string_view kind, int ordinal) {
    bool made = false;
    DeviceId id = getOrCreate(devices_, std::string(name), &made);
    if (made) {
        begin(Op::DeviceNamed);
        text(name);
        text(kind);
        i64(ordinal);
        end();
    }
    return id;
}

DeviceId RecordingSink::device(const DeviceIdentity& identity) {
    if (identity.rank < 0 && identity.host.empty()) return device(deviceLabel(identity), identity.kind, identity.ordinal);
    bool made = false;
    DeviceId id = getOrCreate(devices_, sinkKey(sinkKey(identity.kind, identity.host),
                                                std::to_string(identity.rank) + "/" + std::to_string(identity.ordinal)),
                              &made);
    if (made) {
        begin(Op::DeviceIdentity);
        text(identity.kind);
        i64(identity.ordinal);
        i64(identity.rank);
        text(identity.host);
        end();
    }
    return id;
}

void RecordingSink::setDeviceClockOffset(DeviceId device, TimeNs offsetNs) {
    begin(Op::DeviceClockOffset);
    i64(device);
    i64(offsetNs);
    end();
}

ProcessId RecordingSink::process(std::string_view pidKey) {
    bool made = false;
    ProcessId id = getOrCreate(processes_, std::string(pidKey), &made);
    if (made) {
        begin(Op::Process);
        text(pidKey);
        end();
    }
    return id;
}

void RecordingSink::setProcessName(ProcessId process, std::string_view name) {
    begin(Op::ProcessName);
    i64(process);
    text(name);
    end();
}
void RecordingSink::setProcessLabels(ProcessId process, std::string_view labels) {
    begin(Op::ProcessLabels);
    i64(process);
    text(labels);
    end();
}
void RecordingSink::setProcessSortIndex(ProcessId process, std::int64_t sortIndex) {
    begin(Op::ProcessSortIndex);
    i64(process);
    i64(sortIndex);
    end();
}
void RecordingSink::setProcessDevice(ProcessId process, DeviceId device) {
    begin(Op::ProcessDevice);
    i64(process);
    i64(device);
    end();
}

ThreadId RecordingSink::thread(ProcessId process, std::string_view tidKey) {
    bool made = false;
    ThreadId id = getOrCreate(threads_, sinkKey(std::to_string(process), tidKey), &made);
    if (made) {
        begin(Op::Thread);
        i64(process);
        text(tidKey);
        end();
    }
    return id;
}

void RecordingSink::setThreadName(ThreadId thread, std::string_view name) {
    begin(Op::ThreadName);
    i64(thread);
    text(name);
    end();
}
void RecordingSink::setThreadSortIndex(ThreadId thread, std::int64_t sortIndex) {
    begin(Op::ThreadSortIndex);
    i64(thread);
    i64(sortIndex);
    end();
}

TrackId RecordingSink::threadTrack(ThreadId thread) {
    auto [it, made] = threadTracks_.try_emplace(std::to_string(thread), nextTrack_);
    if (made) {
        ++nextTrack_;
        begin(Op::ThreadTrack);
        i64(thread);
        end();
    }
    return it->second;
}

TrackId RecordingSink::namedTrack(ProcessId process, TrackKind kind, std::string_view name, std::string_view identity) {
    auto [it, made] = namedTracks_.try_emplace(
        sinkKey(sinkKey(std::to_string(process), trackKindName(kind)), identity.empty() ? name : identity), nextTrack_);
    if (made) {
        ++nextTrack_;
        begin(Op::NamedTrack);
        i64(process);
        u64(static_cast<std::uint64_t>(kind));
        text(name);
        text(identity);
        end();
    }
    return it->second;
}

TrackId RecordingSink::counterTrack(ProcessId process, std::string_view name, std::string_view unit) {
    auto [it, made] = namedTracks_.try_emplace(sinkKey(sinkKey(std::to_string(process), "counter"), name), nextTrack_);
    if (made) {
        ++nextTrack_;
        begin(Op::CounterTrack);
        i64(process);
        text(name);
        text(unit);
        end();
    }
    return it->second;
}

void RecordingSink::setTrackCompute(TrackId track, bool isCompute) {
    begin(Op::TrackCompute);
    i64(track);
    u64(isCompute ? 1 : 0);
    end();
}
void RecordingSink::setTrackSortIndex(TrackId track, std::int64_t sortIndex) {
    begin(Op::TrackSortIndex);
    i64(track);
    i64(sortIndex);
    end();
}

ArgId RecordingSink::addArgs(std::string_view json) {
    if (json.empty() || json == "{}") return 0;
    begin(Op::Args);
    text(json);
    end();
    return nextArgs_++;
}

PendingSliceIndex RecordingSink::addSlice(const SliceInput& s) {
    begin(Op::Slice);
    i64(s.track);
    i64(s.tsNs);
    i64(s.durNs);
    text(s.name);
    text(s.category);
    text(s.type);
    i64(s.args);
    i64(s.flags);
    i64(s.threadTsNs);
    i64(s.threadDurNs);
    end();
    return static_cast<PendingSliceIndex>(slices_++);
}

void RecordingSink::setSliceType(PendingSliceIndex slice, std::string_view type) {
    begin(Op::SliceType);
    u64(slice);
    text(type);
    end();
}

void RecordingSink::addCounter(TrackId track, TimeNs tsNs, double value) {
    begin(Op::Counter);
    i64(track);
    i64(tsNs);
    f64(value);
    end();
}

void RecordingSink::addFlowEndpoint(const FlowEndpoint& e, std::string_view name) {
    begin(Op::FlowEndpoint);
    u64(e.keyHash);
    u64(static_cast<std::uint64_t>(e.phase));
    u64(static_cast<std::uint64_t>(e.binding));
    u64(e.cat);
    i64(e.track);
    i64(e.tsNs);
    text(name);
    end();
}

void RecordingSink::addFlow(PendingSliceIndex out, PendingSliceIndex in, std::string_view cat, std::string_view name) {
    begin(Op::Flow);
    u64(out);
    u64(in);
    text(cat);
    text(name);
    end();
}

void RecordingSink::addLaunchKey(PendingSliceIndex slice, TrackId track, TimeNs tsNs, std::string_view category,
                                 LaunchKeyKind kind, std::int64_t id) {
    begin(Op::LaunchKey);
    u64(slice);
    i64(track);
    i64(tsNs);
    text(category);
    u64(static_cast<std::uint64_t>(kind));
    i64(id);
    end();
}

void RecordingSink::addLaunchLink(PendingSliceIndex deviceSlice, PendingSliceIndex call,
                                  std::optional<std::int64_t> correlationId, std::string_view source) {
    begin(Op::LaunchLink);
    u64(deviceSlice);
    u64(call);
    u64(correlationId ? 1 : 0);
    i64(correlationId.value_or(0));
    text(source);
    end();
}

void RecordingSink::addMetric(PendingSliceIndex slice, std::string_view key, std::optional<double> num,
                              std::string_view value, std::string_view unit, std::string_view group) {
    begin(Op::Metric);
    u64(slice);
    text(key);
    u64(num ? 1 : 0);
    f64(num.value_or(0));
    text(value);
    text(unit);
    text(group);
    end();
}

// --- rows with ids inside (device ids of memory and statistics rows): kept as values, their ids
// mapped at replay

void RecordingSink::defer(std::function<void(TraceSink&, const IdMap&)> call) {
    std::size_t index = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        index = deferred_.size();
        deferred_.push_back(std::move(call));
    }
    begin(Op::Deferred);
    u64(index);
    end();
}

void RecordingSink::addMemoryRow(const MemoryRecordRow& row) {
    defer([copy = row](TraceSink& t, const IdMap& ids) mutable {
        copy.deviceId = ids.device(copy.deviceId);
        t.addMemoryRow(copy);
    });
}
void RecordingSink::addMemoryRow(const MemoryAllocationRow& row) {
    defer([copy = row](TraceSink& t, const IdMap& ids) mutable {
        copy.deviceId = ids.device(copy.deviceId);
        t.addMemoryRow(copy);
    });
}
void RecordingSink::addMemoryRow(const MemoryModuleRow& row) {
    defer([copy = row](TraceSink& t, const IdMap& ids) mutable {
        copy.deviceId = ids.device(copy.deviceId);
        t.addMemoryRow(copy);
    });
}
void RecordingSink::addClusterSteps(std::string_view source, const std::vector<ClusterStepRow>& rows) {
    defer([source = std::string(source), rows](TraceSink& t, const IdMap&) { t.addClusterSteps(source, rows); });
}
void RecordingSink::addCommOps(std::string_view source, const std::vector<CommOpRank>& ops) {
    defer([source = std::string(source), ops](TraceSink& t, const IdMap&) { t.addCommOps(source, ops); });
}
void RecordingSink::addCommLinks(std::string_view source, const std::vector<CommMatrixLink>& links) {
    defer([source = std::string(source), links](TraceSink& t, const IdMap&) { t.addCommLinks(source, links); });
}
void RecordingSink::addCommGroups(const std::vector<CommGroup>& groups) {
    defer([groups](TraceSink& t, const IdMap&) { t.addCommGroups(groups); });
}
void RecordingSink::addAscendStatistics(std::string_view source, const std::vector<AscendStatisticRow>& rows) {
    defer([source = std::string(source), rows = rows](TraceSink& t, const IdMap& ids) mutable {
        for (AscendStatisticRow& r : rows) r.deviceId = ids.device(r.deviceId);
        t.addAscendStatistics(source, rows);
    });
}
void RecordingSink::addAscendOperatorDetails(std::string_view source, const std::vector<AscendOperatorDetailRow>& rows) {
    defer([source = std::string(source), rows = rows](TraceSink& t, const IdMap& ids) mutable {
        for (AscendOperatorDetailRow& r : rows) r.deviceId = ids.device(r.deviceId);
        t.addAscendOperatorDetails(source, rows);
    });
}

// --- bookkeeping

void RecordingSink::addWarning(std::string_view code, std::string_view file, std::int64_t byteOffset,
                               std::int64_t line, std::string_view sample) {
    begin(Op::Warning);
    text(code);
    text(file);
    i64(byteOffset);
    i64(line);
    text(sample);
    end();
}

void RecordingSink::addStat(std::string_view name, std::int64_t delta) {
    begin(Op::Stat);
    text(name);
    i64(delta);
    end();
}

void RecordingSink::setMeta(std::string_view key, std::string_view value) {
    metaKeys_.emplace(key);
    begin(Op::Meta);
    text(key);
    text(value);
    end();
}

bool RecordingSink::setMetaIfAbsent(std::string_view key, std::string_view value) {
    // What this input set before; the target decides again against the inputs replayed before it.
    const bool fresh = metaKeys_.emplace(key).second;
    begin(Op::MetaIfAbsent);
    text(key);
    text(value);
    end();
    return fresh;
}

void RecordingSink::addSourceFile(std::string_view path, std::string_view role, std::string_view status,
                                  std::string_view reason, std::int64_t events) {
    begin(Op::SourceFile);
    text(path);
    text(role);
    text(status);
    text(reason);
    i64(events);
    end();
}

// --- replay

namespace {

class Reader {
public:
    explicit Reader(const std::string& chunk) : p_(chunk.data()), end_(chunk.data() + chunk.size()) {}
    bool done() const { return p_ >= end_; }
    std::uint8_t u8() { return static_cast<std::uint8_t>(*p_++); }
    std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int shift = 0;; shift += 7) {
            const auto b = static_cast<std::uint8_t>(*p_++);
            v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
        }
    }
    std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
    double f64() {
        double v = 0;
        std::memcpy(&v, p_, sizeof v);
        p_ += sizeof v;
        return v;
    }
    std::string_view text() {
        const std::size_t n = u64();
        std::string_view s(p_, n);
        p_ += n;
        return s;
    }

private:
    const char* p_;
    const char* end_;
};

std::int64_t mapped(const std::vector<std::int64_t>& ids, std::int64_t local) {
    // 0 (none) and kNoProcess stay; an id the recording never made is a bug, not input.
    if (local <= 0) return local;
    if (static_cast<std::size_t>(local) > ids.size()) throw std::logic_error("recorded id without its row");
    return ids[static_cast<std::size_t>(local) - 1];
}

} // namespace

std::int64_t RecordingSink::IdMap::device(std::int64_t local) const { return mapped(devices, local); }

PendingSliceIndex RecordingSink::IdMap::slice(PendingSliceIndex local) const {
    return local == kNoPendingSlice ? kNoPendingSlice : static_cast<PendingSliceIndex>(sliceBase + local);
}

void RecordingSink::replayChunk(const std::string& chunk, TraceSink& t) {
    IdMap& m = *ids_;
    Reader r(chunk);
    auto track = [&](std::int64_t local) { return mapped(m.tracks, local); };
    auto process = [&](std::int64_t local) { return mapped(m.processes, local); };
    auto thread = [&](std::int64_t local) { return mapped(m.threads, local); };
    while (!r.done()) {
        switch (static_cast<Op>(r.u8())) {
        case Op::Intern: m.strings.push_back(t.intern(r.text())); break;
        case Op::DeviceNamed: {
            std::string_view name = r.text(), kind = r.text();
            m.devices.push_back(t.device(name, kind, static_cast<int>(r.i64())));
            break;
        }
        case Op::DeviceIdentity: {
            DeviceIdentity d;
            d.kind = std::string(r.text());
            d.ordinal = static_cast<int>(r.i64());
            d.rank = static_cast<int>(r.i64());
            d.host = std::string(r.text());
            m.devices.push_back(t.device(d));
            break;
        }
        case Op::DeviceClockOffset: {
            DeviceId d = m.device(r.i64());
            t.setDeviceClockOffset(d, r.i64());
            break;
        }
        case Op::Process: m.processes.push_back(t.process(r.text())); break;
        case Op::ProcessName: {
            ProcessId p = process(r.i64());
            t.setProcessName(p, r.text());
            break;
        }
        case Op::ProcessLabels: {
            ProcessId p = process(r.i64());
            t.setProcessLabels(p, r.text());
            break;
        }
        case Op::ProcessSortIndex: {
            ProcessId p = process(r.i64());
            t.setProcessSortIndex(p, r.i64());
            break;
        }
        case Op::ProcessDevice: {
            ProcessId p = process(r.i64());
            t.setProcessDevice(p, m.device(r.i64()));
            break;
        }
        case Op::Thread: {
            ProcessId p = process(r.i64());
            m.threads.push_back(t.thread(p, r.text()));
            break;
        }
        case Op::ThreadName: {
            ThreadId th = thread(r.i64());
            t.setThreadName(th, r.text());
            break;
        }
        case Op::ThreadSortIndex: {
            ThreadId th = thread(r.i64());
            t.setThreadSortIndex(th, r.i64());
            break;
        }
        case Op::ThreadTrack: m.tracks.push_back(t.threadTrack(thread(r.i64()))); break;
        case Op::NamedTrack: {
            ProcessId p = process(r.i64());
            auto kind = static_cast<TrackKind>(r.u64());
            std::string_view name = r.text(), identity = r.text();
            m.tracks.push_back(t.namedTrack(p, kind, name, identity));
            break;
        }
        case Op::CounterTrack: {
            ProcessId p = process(r.i64());
            std::string_view name = r.text(), unit = r.text();
            m.tracks.push_back(t.counterTrack(p, name, unit));
            break;
        }
        case Op::TrackCompute: {
            TrackId tr = track(r.i64());
            t.setTrackCompute(tr, r.u64() != 0);
            break;
        }
        case Op::TrackSortIndex: {
            TrackId tr = track(r.i64());
            t.setTrackSortIndex(tr, r.i64());
            break;
        }
        case Op::Args: m.args.push_back(t.addArgs(r.text())); break;
        case Op::Slice: {
            SliceInput s;
            s.track = track(r.i64());
            s.tsNs = r.i64();
            s.durNs = r.i64();
            s.name = r.text();
            s.category = r.text();
            s.type = r.text();
            s.args = mapped(m.args, r.i64());
            s.flags = static_cast<int>(r.i64());
            s.threadTsNs = r.i64();
            s.threadDurNs = r.i64();
            t.addSlice(s);
            break;
        }
        case Op::SliceType: {
            PendingSliceIndex s = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            t.setSliceType(s, r.text());
            break;
        }
        case Op::Counter: {
            TrackId tr = track(r.i64());
            TimeNs ts = r.i64();
            t.addCounter(tr, ts, r.f64());
            break;
        }
        case Op::FlowEndpoint: {
            ::opscope::FlowEndpoint e;
            e.keyHash = r.u64();
            e.phase = static_cast<::opscope::FlowEndpoint::Phase>(r.u64());
            e.binding = static_cast<::opscope::FlowEndpoint::Binding>(r.u64());
            const auto cat = static_cast<std::int64_t>(r.u64());
            e.cat = cat == 0 ? 0 : static_cast<StringId>(mapped(m.strings, cat));
            e.track = track(r.i64());
            e.tsNs = r.i64();
            t.addFlowEndpoint(e, r.text());
            break;
        }
        case Op::Flow: {
            PendingSliceIndex out = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            PendingSliceIndex in = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            std::string_view cat = r.text(), name = r.text();
            t.addFlow(out, in, cat, name);
            break;
        }
        case Op::LaunchKey: {
            PendingSliceIndex s = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            TrackId tr = track(r.i64());
            TimeNs ts = r.i64();
            std::string_view category = r.text();
            auto kind = static_cast<LaunchKeyKind>(r.u64());
            t.addLaunchKey(s, tr, ts, category, kind, r.i64());
            break;
        }
        case Op::LaunchLink: {
            PendingSliceIndex device = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            PendingSliceIndex call = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            const bool has = r.u64() != 0;
            const std::int64_t id = r.i64();
            t.addLaunchLink(device, call, has ? std::optional<std::int64_t>(id) : std::nullopt, r.text());
            break;
        }
        case Op::Metric: {
            PendingSliceIndex s = m.slice(static_cast<PendingSliceIndex>(r.u64()));
            std::string_view key = r.text();
            const bool has = r.u64() != 0;
            const double num = r.f64();
            std::string_view value = r.text(), unit = r.text(), group = r.text();
            t.addMetric(s, key, has ? std::optional<double>(num) : std::nullopt, value, unit, group);
            break;
        }
        case Op::Deferred: {
            std::function<void(TraceSink&, const IdMap&)> call;
            const std::size_t index = r.u64();
            {
                std::lock_guard<std::mutex> lock(mutex_);
                call = std::move(deferred_[index]);
            }
            call(t, m);
            break;
        }
        case Op::Warning: {
            std::string_view code = r.text(), file = r.text();
            std::int64_t offset = r.i64(), line = r.i64();
            t.addWarning(code, file, offset, line, r.text());
            break;
        }
        case Op::Stat: {
            std::string_view name = r.text();
            t.addStat(name, r.i64());
            break;
        }
        case Op::Meta: {
            std::string_view key = r.text();
            t.setMeta(key, r.text());
            break;
        }
        case Op::MetaIfAbsent: {
            std::string_view key = r.text();
            t.setMetaIfAbsent(key, r.text());
            break;
        }
        case Op::SourceFile: {
            std::string_view path = r.text(), role = r.text(), status = r.text(), reason = r.text();
            t.addSourceFile(path, role, status, reason, r.i64());
            break;
        }
        }
    }
}

bool RecordingSink::replayInto(TraceSink& target, bool untilDone, const std::function<void()>& onFirst) {
    if (!ids_) {
        ids_ = std::make_unique<IdMap>();
        ids_->sliceBase = target.pendingSliceCount();
    }
    for (;;) {
        std::string chunk;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            if (untilDone)
                changed_.wait(lock, [&] { return !sealed_.empty() || closed_ || replayStopped_; });
            if (replayStopped_) return false;
            if (sealed_.empty() && !closed_ && !untilDone) return true;
            if (!sealed_.empty()) {
                chunk = std::move(sealed_.front());
                sealed_.pop_front();
            }
        }
        if (!replayStarted_) {
            replayStarted_ = true;
            if (onFirst) onFirst();
        }
        if (chunk.empty()) return true; // closed, everything replayed
        replayChunk(chunk, target);
        if (budget_) budget_->give(chunk.size());
    }
}

RecordingSink::~RecordingSink() {
    // Chunks never replayed give their bytes back, so that the other recordings may go on.
    std::size_t left = 0;
    for (const std::string& chunk : sealed_) left += chunk.size();
    if (budget_ && left) budget_->give(left);
}

} // namespace opscope
