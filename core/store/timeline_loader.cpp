// Builds TimelineData from a store: tracks in display order, slices grouped by depth with their
// level-of-detail summaries, counters, flows and the indices the view looks slices up with.
#include "core/store/timeline_data.h"

#include "core/store/sqlite_db.h"
#include "core/store/timeline_pack.h"
#include "core/store/timeline_slice_layout.h"
#include "core/store/timeline_slice_scan.h"
#include "core/model/slice_flags.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>
#include <unordered_map>

namespace opscope {

namespace {

TrackKind kindFromName(std::string_view kind) {
    if (kind == "async") return TrackKind::Async;
    if (kind == "counter") return TrackKind::Counter;
    if (kind == "instant") return TrackKind::Instant;
    if (kind == "step") return TrackKind::Step;
    return TrackKind::Thread;
}

// Step markers and process-wide lanes first, then threads, then counters (as Perfetto lays out a process).
int kindOrder(TrackKind kind) {
    switch (kind) {
    case TrackKind::Step: return 0;
    case TrackKind::Instant: return 1;
    case TrackKind::Async: return 2;
    case TrackKind::Thread: return 3;
    case TrackKind::Counter: return 4;
    }
    return 5;
}

// Stores that merge several inputs prefix process keys ("1/2971362", "ascend:<folder>|3096504");
// people want to read the trace's own pid.
std::string displayPid(const std::string& key) {
    std::size_t bar = key.rfind('|');
    if (bar != std::string::npos) return key.substr(bar + 1);
    std::size_t slash = key.find('/');
    if (slash != std::string::npos && slash > 0 &&
        key.find_first_not_of("0123456789") == slash)
        return key.substr(slash + 1);
    return key;
}

// Numeric pids/tids sort as numbers ("9" before "10"), anything else after them as text.
std::pair<std::int64_t, std::string_view> idSortKey(std::string_view text) {
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc() && ptr == text.data() + text.size()) return {value, {}};
    return {std::numeric_limits<std::int64_t>::max(), text};
}

struct ThreadRow {
    std::string tid, name;
    std::int64_t sortIndex = 0;
};

} // namespace

// Builds a TimelineData from a store; a friend so the data class itself stays read-only.
class TimelineLoader {
public:
    TimelineLoader(Database& db, TimelineData& data, const std::vector<DerivedCounterTrack>& derived)
        : db_(db), data_(data), derived_(derived) {}

    void run(bool useStoredLayout) {
        loadMeta();
        loadStrings();
        loadProcessesAndTracks();
        TimelineSliceLayout layout;
        // A store written at import holds its layout ready (timeline_pack.h); others are scanned.
        data_.sliceLayoutStored_ = useStoredLayout && readTimelinePack(db_, storeTrackIds_, data_.stringOffsets_.size(),
                                                                       &layout, &data_.sliceLayoutRefusal_);
        if (!data_.sliceLayoutStored_) layout = scanSliceLayout(db_, storeTrackIds_, data_.stringOffsets_.size());
        installSlices(std::move(layout));
        markDeviceWaits();
        loadCounters();
        loadDerivedCounters();
        loadFlows();
        buildIdIndex();
        fixTraceRange();
    }

    // A constant shift per track keeps every run's order, so the depth runs and indices stay valid.
    void applyShifts(const TimelineLoadOptions& options) {
        std::unordered_map<std::int64_t, TimeNs> byProcess(options.processShiftNs.begin(), options.processShiftNs.end());
        std::vector<TimeNs> trackShift(data_.tracks_.size(), options.globalShiftNs);
        for (std::size_t ti = 0; ti < data_.tracks_.size(); ++ti) {
            TimelineTrack& track = data_.tracks_[ti];
            auto it = byProcess.find(data_.processes_[track.processIndex].id);
            if (it != byProcess.end()) trackShift[ti] += it->second;
            const TimeNs shift = trackShift[ti];
            track.clockShiftNs = shift;
            if (shift == 0) continue;
            for (const DepthRun& run : track.depths)
                for (std::uint32_t i = run.begin; i < run.end; ++i) data_.slices_[i].tsNs += shift;
            for (std::uint32_t i = track.counterBegin; i < track.counterEnd; ++i) data_.counterTs_[i] += shift;
        }
        // Flows refer to their slices, which have moved: nothing more to shift.
        if (byProcess.empty()) {
            data_.traceRange_.startNs += options.globalShiftNs;
            data_.traceRange_.endNs += options.globalShiftNs;
        } else {
            data_.traceRange_ = {}; // the span of the shifted data
            fixTraceRange();
        }
    }

private:
    // Device waits are drawn as gaps, not as work: flagged here from the stored classes (few rows).
    void markDeviceWaits() {
        if (!db_.tableExists("device_slice_class")) return;
        std::vector<std::int64_t> waits;
        Statement st = db_.prepare("SELECT slice_id FROM device_slice_class WHERE class = 'wait' ORDER BY slice_id");
        while (st.step()) waits.push_back(st.int64(0));
        if (waits.empty()) return;
        for (TimelineSlice& s : data_.slices_)
            if (std::binary_search(waits.begin(), waits.end(), s.id)) s.flags |= kTimelineSliceDeviceWait;
    }

    void loadMeta() {
        if (!db_.tableExists("meta")) return;
        auto value = [&](const char* key) {
            Statement st = db_.prepare("SELECT value FROM meta WHERE key = ?");
            st.bind(1, key);
            std::int64_t v = 0;
            if (st.step()) {
                std::string_view text = st.textView(0);
                std::from_chars(text.data(), text.data() + text.size(), v);
            }
            return v;
        };
        data_.traceRange_ = {value("trace_start_ns"), value("trace_end_ns")};
    }

    void loadStrings() {
        std::int64_t maxId = db_.scalarInt("SELECT max(id) FROM string", 0);
        data_.stringOffsets_.assign(static_cast<std::size_t>(maxId) + 2, 0);
        Statement st = db_.prepare("SELECT id, value FROM string ORDER BY id");
        std::size_t next = 0; // ids without a row get an empty string
        while (st.step()) {
            auto id = static_cast<std::size_t>(st.int64(0));
            for (; next <= id; ++next) data_.stringOffsets_[next] = static_cast<std::uint32_t>(data_.stringPool_.size());
            data_.stringPool_.append(st.textView(1));
        }
        for (; next < data_.stringOffsets_.size(); ++next)
            data_.stringOffsets_[next] = static_cast<std::uint32_t>(data_.stringPool_.size());
    }

    void loadProcessesAndTracks() {
        std::unordered_map<std::int64_t, std::size_t> processIndex;
        Statement ps = db_.prepare("SELECT p.id, p.pid, p.name, p.labels, p.sort_index, d.name FROM process p "
                                   "LEFT JOIN device d ON d.id = p.device_id");
        while (ps.step()) {
            TimelineProcess p;
            p.id = ps.int64(0);
            p.pid = displayPid(ps.text(1));
            p.name = ps.text(2);
            p.labels = ps.text(3);
            p.sortIndex = ps.int64(4);
            p.deviceName = ps.text(5);
            processIndex[p.id] = data_.processes_.size();
            data_.processes_.push_back(std::move(p));
        }
        std::unordered_map<std::int64_t, ThreadRow> threads;
        Statement ts = db_.prepare("SELECT id, tid, name, sort_index FROM thread");
        while (ts.step()) threads[ts.int64(0)] = {ts.text(1), ts.text(2), ts.int64(3)};

        Statement st = db_.prepare("SELECT id, process_id, thread_id, kind, name, unit, sort_index, lane, "
                                   "is_compute FROM track");
        std::vector<std::int64_t> threadSort;
        while (st.step()) {
            TimelineTrack t;
            t.id = st.int64(0);
            // Global tracks (process_id NULL: global async ids, global instants) share one group, id 0.
            const bool global = st.isNull(1);
            auto pi = processIndex.find(global ? 0 : st.int64(1));
            if (pi == processIndex.end()) {
                // A track without its process row still shows, under a process of its own.
                TimelineProcess orphan;
                orphan.id = global ? 0 : st.int64(1);
                orphan.pid = global ? std::string() : std::to_string(orphan.id);
                if (global) {
                    orphan.name = "Global";
                    orphan.sortIndex = std::numeric_limits<std::int64_t>::min(); // on top, as in Perfetto
                }
                pi = processIndex.emplace(orphan.id, data_.processes_.size()).first;
                data_.processes_.push_back(std::move(orphan));
            }
            t.processIndex = pi->second;
            std::int64_t threadSortIndex = 0;
            if (!st.isNull(2)) {
                t.threadId = st.int64(2);
                auto th = threads.find(t.threadId);
                if (th != threads.end()) {
                    t.tid = th->second.tid;
                    t.threadName = th->second.name;
                    threadSortIndex = th->second.sortIndex;
                }
            }
            t.kind = kindFromName(st.textView(3));
            t.name = st.text(4);
            t.unit = st.text(5);
            t.sortIndex = st.int64(6);
            t.lane = static_cast<int>(st.int64(7));
            t.isCompute = st.int64(8) != 0;
            storeTrackIds_.push_back(t.id);
            data_.tracks_.push_back(std::move(t));
            threadSort.push_back(threadSortIndex);
        }
        addDerivedTracks(&threadSort);
        sortTracks(threadSort);
        for (std::size_t i = 0; i < data_.tracks_.size(); ++i)
            trackIndex_[data_.tracks_[i].id] = static_cast<std::uint32_t>(i);
    }

    void sortTracks(const std::vector<std::int64_t>& threadSort) {
        std::vector<std::size_t> order(data_.tracks_.size());
        std::iota(order.begin(), order.end(), 0);
        const auto& procs = data_.processes_;
        const auto& tracks = data_.tracks_;
        auto key = [&](std::size_t i) {
            const TimelineTrack& t = tracks[i];
            const TimelineProcess& p = procs[t.processIndex];
            return std::make_tuple(p.sortIndex, idSortKey(p.pid), p.id, t.sortIndex, kindOrder(t.kind),
                                   threadSort[i], idSortKey(t.tid), std::string_view(t.name), t.lane, t.id);
        };
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
        std::vector<TimelineTrack> sorted;
        sorted.reserve(order.size());
        for (std::size_t i : order) sorted.push_back(std::move(data_.tracks_[i]));
        data_.tracks_ = std::move(sorted);
    }

    // The slice arrays and each store track's runs, moved into the tracks in display order.
    void installSlices(TimelineSliceLayout layout) {
        sliceRanges_.assign(data_.tracks_.size(), {0, 0});
        for (TrackSliceLayout& t : layout.tracks) {
            auto it = trackIndex_.find(t.trackId);
            if (it == trackIndex_.end()) continue;
            TimelineTrack& track = data_.tracks_[it->second];
            track.sliceCount = t.end - t.begin;
            track.depthCount = static_cast<int>(t.depths.size());
            track.depths = std::move(t.depths);
            sliceRanges_[it->second] = {t.begin, t.end};
        }
        data_.slices_ = std::move(layout.slices);
        data_.sliceCategory_ = std::move(layout.sliceCategory);
        data_.nameCategory_ = std::move(layout.nameCategory);
        data_.lodLevels_ = std::move(layout.lodLevels);
        data_.lodStarts_ = std::move(layout.lodStarts);
    }

    // Derived counters take the process, thread and thread order of a loaded track of their thread.
    void addDerivedTracks(std::vector<std::int64_t>* threadSort) {
        const std::size_t loaded = data_.tracks_.size();
        for (const DerivedCounterTrack& d : derived_) {
            std::size_t owner = loaded;
            for (std::size_t i = 0; i < loaded && owner == loaded; ++i)
                if (data_.tracks_[i].threadId == d.threadId) owner = i;
            if (owner == loaded || d.trackId >= 0) continue;
            TimelineTrack t;
            const TimelineTrack& o = data_.tracks_[owner];
            t.id = d.trackId;
            t.processIndex = o.processIndex;
            t.threadId = o.threadId;
            t.tid = o.tid;
            t.threadName = o.threadName;
            t.kind = TrackKind::Counter;
            t.name = d.name;
            t.unit = d.unit;
            t.sortIndex = o.sortIndex;
            const std::int64_t sort = (*threadSort)[owner];
            data_.tracks_.push_back(std::move(t));
            threadSort->push_back(sort);
        }
    }

    void loadDerivedCounters() {
        for (const DerivedCounterTrack& d : derived_) {
            auto it = trackIndex_.find(d.trackId);
            if (it == trackIndex_.end() || d.points.empty()) continue;
            TimelineTrack& track = data_.tracks_[it->second];
            track.counterBegin = static_cast<std::uint32_t>(data_.counterTs_.size());
            track.counterMin = std::numeric_limits<double>::max();
            track.counterMax = std::numeric_limits<double>::lowest();
            for (const auto& [ts, value] : d.points) {
                data_.counterTs_.push_back(ts);
                data_.counterValues_.push_back(value);
                track.counterMin = std::min(track.counterMin, value);
                track.counterMax = std::max(track.counterMax, value);
            }
            track.counterEnd = static_cast<std::uint32_t>(data_.counterTs_.size());
        }
    }

    void loadCounters() {
        std::int64_t rows = db_.scalarInt("SELECT count(*) FROM counter", 0);
        data_.counterTs_.reserve(static_cast<std::size_t>(rows));
        data_.counterValues_.reserve(static_cast<std::size_t>(rows));
        Statement st = db_.prepare("SELECT track_id, ts, value FROM counter ORDER BY track_id, ts");
        TimelineTrack* current = nullptr;
        std::int64_t currentId = std::numeric_limits<std::int64_t>::min();
        while (st.step()) {
            std::int64_t trackId = st.int64(0);
            if (trackId != currentId) {
                if (current) current->counterEnd = static_cast<std::uint32_t>(data_.counterTs_.size());
                currentId = trackId;
                auto it = trackIndex_.find(trackId);
                current = it == trackIndex_.end() ? nullptr : &data_.tracks_[it->second];
                if (current) {
                    current->counterBegin = static_cast<std::uint32_t>(data_.counterTs_.size());
                    current->counterMin = std::numeric_limits<double>::max();
                    current->counterMax = std::numeric_limits<double>::lowest();
                }
            }
            if (!current) continue;
            double value = st.real(2);
            data_.counterTs_.push_back(st.int64(1));
            data_.counterValues_.push_back(value);
            current->counterMin = std::min(current->counterMin, value);
            current->counterMax = std::max(current->counterMax, value);
        }
        if (current) current->counterEnd = static_cast<std::uint32_t>(data_.counterTs_.size());
    }

    // The flow table alone, read in order, with slice ids turned into positions in memory: joining
    // it to the slice table in SQL cost two B-tree searches per flow, 330 ms for 171K flows.
    void loadFlows() {
        // No flows, no position table (40 MB for 10M slices).
        if (!db_.tableExists("flow") || db_.scalarInt("SELECT EXISTS(SELECT 1 FROM flow)", 0) == 0) return;
        const SlicePositions positions(data_.slices_, data_.tracks_);
        Statement st = db_.prepare("SELECT slice_out, slice_in FROM flow ORDER BY id");
        while (st.step()) {
            TimelineFlow flow;
            if (!positions.find(st.int64(0), &flow.outSlice, &flow.outTrack) ||
                !positions.find(st.int64(1), &flow.inSlice, &flow.inTrack))
                continue;
            data_.flows_.push_back(flow);
        }
        data_.flows_.shrink_to_fit(); // growth by doubling left up to half of it unused
    }

    // Slice id -> position in slices() and track index, for the duration of the load: a direct table
    // when ids are dense (as the importer writes them), sorted pairs otherwise.
    class SlicePositions {
    public:
        SlicePositions(const std::vector<TimelineSlice>& slices, const std::vector<TimelineTrack>& tracks) {
            for (std::uint32_t ti = 0; ti < tracks.size(); ++ti)
                for (const DepthRun& run : tracks[ti].depths)
                    if (run.begin < run.end) runs_.push_back({run.begin, ti});
            std::sort(runs_.begin(), runs_.end());
            if (slices.empty()) return;
            std::int64_t lo = slices[0].id, hi = slices[0].id;
            for (const TimelineSlice& s : slices) {
                lo = std::min(lo, s.id);
                hi = std::max(hi, s.id);
            }
            minId_ = lo;
            if (hi - lo < 2 * static_cast<std::int64_t>(slices.size()) + 1024) {
                dense_.assign(static_cast<std::size_t>(hi - lo + 1), kNone);
                for (std::uint32_t i = 0; i < slices.size(); ++i) dense_[static_cast<std::size_t>(slices[i].id - lo)] = i;
            } else {
                for (std::uint32_t i = 0; i < slices.size(); ++i) sparse_.push_back({slices[i].id, i});
                std::sort(sparse_.begin(), sparse_.end());
            }
        }
        bool find(std::int64_t id, std::uint32_t* position, std::uint32_t* track) const {
            std::uint32_t pos = kNone;
            if (!dense_.empty()) {
                if (id >= minId_ && id - minId_ < static_cast<std::int64_t>(dense_.size()))
                    pos = dense_[static_cast<std::size_t>(id - minId_)];
            } else {
                auto it = std::lower_bound(sparse_.begin(), sparse_.end(), std::make_pair(id, std::uint32_t{0}));
                if (it != sparse_.end() && it->first == id) pos = it->second;
            }
            if (pos == kNone) return false;
            auto run = std::upper_bound(runs_.begin(), runs_.end(), std::make_pair(pos, kNone));
            if (run == runs_.begin()) return false;
            *position = pos;
            *track = std::prev(run)->second;
            return true;
        }

    private:
        static constexpr std::uint32_t kNone = 0xffffffffu;
        std::int64_t minId_ = 0;
        std::vector<std::uint32_t> dense_;
        std::vector<std::pair<std::int64_t, std::uint32_t>> sparse_;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> runs_; // (first position, track index)
    };

    void buildIdIndex() {
        std::vector<std::pair<std::int64_t, std::uint32_t>> ids;
        for (const auto& [id, index] : trackIndex_) ids.emplace_back(id, index);
        std::sort(ids.begin(), ids.end());
        for (const auto& [id, index] : ids) {
            data_.trackIds_.push_back(id);
            data_.trackIdIndex_.push_back(index);
        }
        data_.trackSliceIdRange_.assign(data_.tracks_.size(), {0, -1});
        for (std::size_t ti = 0; ti < data_.tracks_.size(); ++ti) {
            auto [begin, end] = sliceRanges_[ti];
            if (begin == end) continue;
            std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = std::numeric_limits<std::int64_t>::min();
            for (const DepthRun& run : data_.tracks_[ti].depths) {
                if (run.begin == run.end) continue;
                lo = std::min(lo, data_.slices_[run.begin].id);
                hi = std::max(hi, data_.slices_[run.end - 1].id);
            }
            data_.trackSliceIdRange_[ti] = {lo, hi};
        }
    }

    // Stores written without the meta span still get one, from the data itself.
    void fixTraceRange() {
        if (!data_.traceRange_.empty()) return;
        std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = std::numeric_limits<std::int64_t>::min();
        for (const TimelineSlice& s : data_.slices_) {
            lo = std::min(lo, s.tsNs);
            hi = std::max(hi, s.endNs());
        }
        for (std::int64_t t : data_.counterTs_) {
            lo = std::min(lo, t);
            hi = std::max(hi, t);
        }
        if (lo > hi) lo = hi = 0;
        if (hi == lo) hi = lo + 1;
        data_.traceRange_ = {lo, hi};
    }

    Database& db_;
    TimelineData& data_;
    const std::vector<DerivedCounterTrack>& derived_;
    std::unordered_map<std::int64_t, std::uint32_t> trackIndex_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> sliceRanges_; // per track: [begin, end) of slices_
    std::vector<std::int64_t> storeTrackIds_;
};

std::shared_ptr<const TimelineData> TimelineData::load(const std::string& storePath, Error* error) {
    try {
        Database db(storePath, Database::Mode::ReadOnly);
        tuneReadOnlyConnection(db);
        return load(db, error);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, storePath, -1, -1, -1, {}, e.what()};
        return nullptr;
    }
}

std::shared_ptr<const TimelineData> TimelineData::load(Database& db, Error* error) {
    return load(db, TimelineLoadOptions{}, error);
}

std::shared_ptr<const TimelineData> TimelineData::load(Database& db, const TimelineLoadOptions& options, Error* error) {
    auto data = std::make_shared<TimelineData>();
    try {
        TimelineLoader loader(db, *data, options.derivedCounters);
        loader.run(options.useStoredLayout);
        if (!options.empty()) loader.applyShifts(options);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return nullptr;
    }
    return data;
}

} // namespace opscope
