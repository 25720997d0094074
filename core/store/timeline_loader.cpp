// Builds TimelineData from a store: tracks in display order, slices grouped by depth with their
// level-of-detail summaries, counters, flows and the indices the view looks slices up with.
#include "core/store/timeline_data.h"

#include "core/store/counter_value_blocks.h"
#include "core/store/host_process_ranks.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_flows.h"
#include "core/store/timeline_pack.h"
#include "core/store/timeline_slice_layout.h"
#include "core/store/timeline_slice_scan.h"
#include "core/model/huge_pages.h"
#include "core/model/slice_flags.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <functional>
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
    // derived: the derived counter tracks to add; their points are moved out as they are copied.
    TimelineLoader(Database& db, TimelineData& data, std::vector<DerivedCounterTrack>& derived)
        : db_(db), data_(data), derived_(derived) {}

    void run(const TimelineLoadOptions& options) {
        loadMeta();
        loadStrings();
        loadProcessesAndTracks();
        TimelineSliceLayout layout;
        SliceMappingPolicy mapping;
        mapping.fromBytes = options.mapSlicesFromBytes;
        mapping.directories = scratchDirectories(options);
        mapping.refusal = &data_.sliceMappingRefusal_;
        mapping.chosen = &data_.scratchDirectory_;
        // A store written at import holds its layout ready (timeline_pack.h); others are scanned.
        data_.sliceLayoutStored_ = options.useStoredLayout &&
                                   readTimelinePack(db_, storeTrackIds_, data_.stringOffsets_.size(), &layout,
                                                    &data_.sliceLayoutRefusal_, mapping);
        if (!data_.sliceLayoutStored_) {
            data_.scratchDirectory_.clear(); // a pack mapped and then refused: the scan's slices are in memory
            layout = scanSliceLayout(db_, storeTrackIds_, data_.stringOffsets_.size());
        }
        installSlices(std::move(layout));
        markDeviceWaits();
        // Derived first: their points are freed as they are copied, before the stored counters'
        // sort buffers exist (a 10 GB trace: 9 M queue points beside 3.6 M stored samples).
        const std::size_t storedSamples = static_cast<std::size_t>(std::max<std::int64_t>(0, db_.scalarInt("SELECT count(*) FROM counter", 0)));
        loadDerivedCounters(storedSamples);
        loadCounters(storedSamples);
        buildCounterValueBlocks(data_.counterValues_, data_.counterBlockMins_, data_.counterBlockMaxs_);
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
            PageReleasingWalk<TimelineSlice> walk(data_.slices_);
            for (const DepthRun& run : track.depths)
                for (std::uint32_t i = run.begin; i < run.end; ++i) {
                    walk.at(i);
                    data_.slices_[i].tsNs += shift;
                }
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
    // The scratch file of mapped slices goes beside the store (a disk its user chose for large files),
    // else to the system's temporary folder.
    std::vector<std::string> scratchDirectories(const TimelineLoadOptions& options) const {
        if (!options.scratchDirectory.empty()) return {options.scratchDirectory};
        return scratchDirectoriesFor(db_.path());
    }

    // Device waits are drawn as gaps, not as work: flagged here from the stored classes (few rows).
    void markDeviceWaits() {
        if (!db_.tableExists("device_slice_class")) return;
        std::vector<std::int64_t> waits;
        Statement st = db_.prepare("SELECT slice_id FROM device_slice_class WHERE class = 'wait' ORDER BY slice_id");
        while (st.step()) waits.push_back(st.int64(0));
        if (waits.empty()) return;
        // A bit per id between the first and the last wait: a binary search per slice cost 45 M
        // instructions on a 587K-slice store. Ids far apart (not as the importer writes them) keep the search.
        const std::uint64_t lo = static_cast<std::uint64_t>(waits.front()), span = static_cast<std::uint64_t>(waits.back()) - lo;
        PageReleasingWalk<TimelineSlice> walk(data_.slices_);
        if (span / 8 > data_.slices_.size() + 8192) { // a bitmap of at most a byte per slice
            for (std::size_t i = 0; i < data_.slices_.size(); ++i) {
                walk.at(i);
                TimelineSlice& s = data_.slices_[i];
                if (std::binary_search(waits.begin(), waits.end(), s.id)) s.flags |= kTimelineSliceDeviceWait;
            }
            return;
        }
        std::vector<std::uint64_t> bits(static_cast<std::size_t>(span / 64 + 1), 0);
        for (std::int64_t id : waits) {
            const std::uint64_t at = static_cast<std::uint64_t>(id) - lo;
            bits[at / 64] |= std::uint64_t{1} << (at % 64);
        }
        for (std::size_t i = 0; i < data_.slices_.size(); ++i) {
            walk.at(i);
            TimelineSlice& s = data_.slices_[i];
            const std::uint64_t at = static_cast<std::uint64_t>(s.id) - lo; // ids below lo wrap past span
            if (at <= span && ((bits[at / 64] >> (at % 64)) & 1u)) s.flags |= kTimelineSliceDeviceWait;
        }
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
        Statement ps = db_.prepare("SELECT p.id, p.pid, p.name, p.labels, p.sort_index, d.name, d.id, d.rank "
                                   "FROM process p LEFT JOIN device d ON d.id = p.device_id");
        std::vector<ProcessRankFacts> rankFacts;
        while (ps.step()) {
            rankFacts.push_back({ps.text(1), !ps.isNull(6), ps.isNull(7) ? -1 : static_cast<int>(ps.int64(7))});
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
        const std::vector<int> hostRanks = hostProcessRanks(rankFacts);
        for (std::size_t i = 0; i < hostRanks.size(); ++i) data_.processes_[i].hostRank = hostRanks[i];
        // A job of several ranks reads rank by rank: each rank's host processes beside its devices.
        std::vector<int> deviceRanks;
        for (const ProcessRankFacts& f : rankFacts)
            if (f.isDevice && f.deviceRank >= 0) deviceRanks.push_back(f.deviceRank);
        std::sort(deviceRanks.begin(), deviceRanks.end());
        if (std::unique(deviceRanks.begin(), deviceRanks.end()) - deviceRanks.begin() >= 2) {
            processRankOrder_.resize(rankFacts.size());
            for (std::size_t i = 0; i < rankFacts.size(); ++i)
                processRankOrder_[i] = rankFacts[i].isDevice ? rankFacts[i].deviceRank : hostRanks[i];
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
            // Processes of no known rank (and the global group) stay first, as they were.
            const int rank = t.processIndex < processRankOrder_.size() ? processRankOrder_[t.processIndex] : -1;
            return std::make_tuple(rank, p.sortIndex, idSortKey(p.pid), p.id, t.sortIndex, kindOrder(t.kind),
                                   threadSort[i], idSortKey(t.tid), std::string_view(t.name), t.lane, t.id);
        };
        // Keys made once, not twice a comparison: parsing ids inside the comparator cost a metadata-shaped
        // trace (48,000 tracks) a twentieth of its time to a first picture.
        using Key = decltype(key(0));
        std::vector<Key> keys;
        keys.reserve(order.size());
        for (std::size_t i = 0; i < order.size(); ++i) keys.push_back(key(i));
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
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
        // Each thread's first track owns its derived tracks. Looked up, not searched: a trace of 24,000
        // streams among 48,000 tracks made the search 1.2 billion comparisons.
        std::unordered_map<std::int64_t, std::size_t> firstOfThread;
        for (std::size_t i = 0; i < loaded; ++i) firstOfThread.emplace(data_.tracks_[i].threadId, i);
        for (const DerivedCounterTrack& d : derived_) {
            const auto found = firstOfThread.find(d.threadId);
            const std::size_t owner = found == firstOfThread.end() ? loaded : found->second;
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

    // storedSamples: room kept for loadCounters() after them.
    void loadDerivedCounters(std::size_t storedSamples) {
        // Sized once: a 10 GB trace's queues hold 9 M points, and growth by doubling held up to twice
        // them, beside the points being copied.
        std::size_t total = data_.counterTs_.size() + storedSamples;
        for (const DerivedCounterTrack& d : derived_)
            if (trackIndex_.count(d.trackId)) total += d.points.size();
        reserveOnHugePages(data_.counterTs_, total);
        reserveOnHugePages(data_.counterValues_, total);
        for (DerivedCounterTrack& d : derived_) {
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
            std::vector<std::pair<TimeNs, double>>().swap(d.points); // copied: freed now, not with the options
        }
    }

    // The counter table in its own order, sorted here: read in (track, ts) order through its index it
    // cost a B-tree search of the table per sample (166 M instructions for 65K samples).
    void loadCounters(std::size_t storedSamples) {
        struct Sample {
            std::int64_t trackId, ts;
            double value;
        };
        std::vector<Sample> samples;
        reserveOnHugePages(samples, storedSamples);
        Statement st = db_.prepare("SELECT track_id, ts, value FROM counter ORDER BY rowid");
        while (st.step()) samples.push_back({st.int64(0), st.int64(1), st.real(2)});
        // Stable: samples of one track at one time keep the table's order, as the index gave them.
        std::stable_sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) {
            return a.trackId != b.trackId ? a.trackId < b.trackId : a.ts < b.ts;
        });
        reserveOnHugePages(data_.counterTs_, data_.counterTs_.size() + samples.size());
        reserveOnHugePages(data_.counterValues_, data_.counterValues_.size() + samples.size());
        TimelineTrack* current = nullptr;
        std::int64_t currentId = std::numeric_limits<std::int64_t>::min();
        for (const Sample& sample : samples) {
            if (sample.trackId != currentId) {
                if (current) current->counterEnd = static_cast<std::uint32_t>(data_.counterTs_.size());
                currentId = sample.trackId;
                auto it = trackIndex_.find(sample.trackId);
                current = it == trackIndex_.end() ? nullptr : &data_.tracks_[it->second];
                if (current) {
                    current->counterBegin = static_cast<std::uint32_t>(data_.counterTs_.size());
                    current->counterMin = std::numeric_limits<double>::max();
                    current->counterMax = std::numeric_limits<double>::lowest();
                }
            }
            if (!current) continue;
            data_.counterTs_.push_back(sample.ts);
            data_.counterValues_.push_back(sample.value);
            current->counterMin = std::min(current->counterMin, sample.value);
            current->counterMax = std::max(current->counterMax, sample.value);
        }
        if (current) current->counterEnd = static_cast<std::uint32_t>(data_.counterTs_.size());
    }

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
        PageReleasingWalk<TimelineSlice> walk(data_.slices_);
        for (std::size_t i = 0; i < data_.slices_.size(); ++i) {
            walk.at(i);
            lo = std::min(lo, data_.slices_[i].tsNs);
            hi = std::max(hi, data_.slices_[i].endNs());
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
    std::vector<DerivedCounterTrack>& derived_;
    std::unordered_map<std::int64_t, std::uint32_t> trackIndex_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> sliceRanges_; // per track: [begin, end) of slices_
    std::vector<std::int64_t> storeTrackIds_;
    std::vector<int> processRankOrder_; // by process index, set when the store holds two ranks or more
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

namespace {
// addFlows: reads the flows into the data after the shifts (empty: they are read later). The options
// are the loader's own: it frees the derived counters' points as it copies them.
std::shared_ptr<const TimelineData> loadTimeline(Database& db, TimelineLoadOptions options, Error* error,
                                                 const std::function<void(Database&, TimelineData&)>& addFlows) {
    auto data = std::make_shared<TimelineData>();
    try {
        TimelineLoader loader(db, *data, options.derivedCounters);
        loader.run(options);
        if (!options.empty()) loader.applyShifts(options);
        if (addFlows) addFlows(db, *data);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return nullptr;
    }
    return data;
}
} // namespace

std::shared_ptr<const TimelineData> TimelineData::load(Database& db, const TimelineLoadOptions& options, Error* error) {
    return loadTimeline(db, options, error, [](Database& d, TimelineData& data) { data.flows_ = readTimelineFlows(d, data); });
}

std::shared_ptr<const TimelineData> loadTimelineDeferringFlows(Database& db, const TimelineLoadOptions& options,
                                                               Error* error) {
    return loadTimeline(db, options, error, {});
}

std::shared_ptr<const TimelineData> loadTimelineDeferringFlows(Database& db, TimelineLoadOptions&& options, Error* error) {
    return loadTimeline(db, std::move(options), error, {});
}

} // namespace opscope
