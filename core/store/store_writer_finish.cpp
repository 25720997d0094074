// finish(): the second half of an import. Slices arrive in file order; here they are read back in
// (track, ts) order, from memory or from the spill tables, nested (core/store/slice_nesting.h), and
// flow end points bound to slices and linked into flow rows (core/model/flow_linking.h).
#include "core/model/warning_severity.h"
#include "core/store/finish_stages.h"
#include "core/store/insert_pipe.h"
#include "core/store/device_class_pass.h"
#include "core/store/device_class_rows.h"
#include "core/store/device_track_facts.h"
#include "core/model/flow_linking.h"
#include "core/model/heap_release.h"
#include "core/model/import_timing.h"
#include "core/store/pending_cursors.h"
#include "core/store/memory_copy_tracks.h"
#include "core/store/memory_from_instants.h"
#include "core/store/memory_schema.h"
#include "core/store/memory_slice_link.h"
#include "core/store/schema.h"
#include "core/store/scratch_store.h"
#include "core/store/slice_nesting.h"
#include "core/store/store_writer.h"
#include "core/store/launch_queue_store.h"
#include "core/store/timeline_pack.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace opscope {

// Nests slices and binds flows: the part of finish() that needs the writer's pending rows.
class FinishPass {
public:
    explicit FinishPass(StoreWriter& writer)
        : w_(writer), spilled_(writer.spilled()),
          needIds_(!writer.metrics_.empty() || writer.metricSpill_ || !writer.directFlows_.empty() || writer.launchKeys_ ||
                   !writer.launchLinks_.empty()),
          insertSlice_(writer.db_, "slice",
                       "id, track_id, ts, dur, depth, parent_id, self_dur, name_id, cat_id, type_id, arg_id, flags, "
                       "thread_ts, thread_dur", 14, 64, writer.pipe_.get()) {}

    // false when cancelled
    bool nestSlices(const std::function<bool()>& cancelled);
    void writeFlows();

    struct BoundRecord {
        std::uint64_t keyHash;
        TimeNs tsNs;
        std::int64_t sliceId;
        std::uint32_t index;
        StringId cat;
        FlowNamePool::Ref name;
        FlowEndpoint::Phase phase;
        bool onDevice;     // the bound slice is on a device's track
        TimeNs sliceTsNs;  // the bound slice's start
    };

private:
    // Binary search: thread times are few and kept in pending-index order.
    const StoreWriter::PendingThreadTime* threadTimeOf(PendingSliceIndex index) const {
        const auto& times = w_.threadTimes_;
        if (times.empty()) return nullptr;
        auto it = std::lower_bound(times.begin(), times.end(), index,
                                   [](const StoreWriter::PendingThreadTime& t, PendingSliceIndex i) { return t.slice < i; });
        return it != times.end() && it->slice == index ? &*it : nullptr;
    }
    // A type set after the slice spilled wins over the one it spilled with (the last one set).
    StringId typeOf(PendingSliceIndex index, StringId spilledType) const {
        const auto& overrides = w_.typeOverrides_;
        if (overrides.empty()) return spilledType;
        auto it = std::upper_bound(overrides.begin(), overrides.end(), index,
                                   [](PendingSliceIndex i, const StoreWriter::TypeOverride& o) { return i < o.slice; });
        return it != overrides.begin() && (it - 1)->slice == index ? (it - 1)->type : spilledType;
    }
    SliceNester::Callbacks nesterCallbacks();
    void emit(const NestedSlice& row);
    void bind(const NestEndpointItem& item, const NestedSlice& slice);
    void loadDeviceTracks();
    void classDeviceSlice(const NestedSlice& row, const DeviceTrackFacts& facts);
    bool onDevice(TrackId track) const {
        return track >= 0 && static_cast<std::size_t>(track) < deviceTrack_.size() && deviceTrack_[static_cast<std::size_t>(track)];
    }
    struct SliceSide {
        std::int64_t sliceId;
        TimeNs tsNs;
        bool onDevice;
    };
    void noteLaunchCandidate(const SliceSide& out, const SliceSide& in);
    std::string label(StringId cat, std::string_view name, TimeNs tsNs) const;
    void linkGroup(const std::vector<FlowGroupEntry>& group, StringId cat, std::string_view name);
    void linkMemoryGroups();
    void writeBoundRun();
    void linkSpilledGroups();

    StoreWriter& w_;
    bool spilled_;
    bool needIds_;
    BatchInsert insertSlice_;
    BatchInsert insertFlow_;
    std::vector<BoundRecord> bound_;
    // A spilled import bounds this buffer too: full, it is sorted and written as a run.
    FlowNamePool boundNames_;
    std::unique_ptr<SpillFile> boundSpill_;
    // By track id: the track is (or will be, once finish() copies process devices to tracks) a device's.
    std::vector<bool> deviceTrack_;
    std::vector<SliceSide> groupSides_; // the current flow group's slices, for launch candidates
    DeviceTrackFactsTable deviceFacts_;  // when the writer classes device slices
    DeviceSliceFactsRow deviceSlice_;    // reused for each device slice
    StringId annotationCategory_ = 0;    // "gpu_user_annotation" when the trace has it
    static constexpr std::size_t kBoundRunRows = std::size_t{1} << 20;
};

std::string FinishPass::label(StringId cat, std::string_view name, TimeNs tsNs) const {
    std::string text(w_.stringAt(cat));
    text.append(" ").append(name).append(" @ ").append(std::to_string(tsNs)).append(" ns");
    return text;
}

void FinishPass::emit(const NestedSlice& row) {
    const StoreWriter::PendingSlice& s = row.slice;
    StoreWriter::TrackStats& stats = w_.trackStats_[row.track];
    ++stats.slices;
    if (s.category == 0 || s.category != annotationCategory_) ++stats.eventSlices;
    stats.maxDepth = std::max<std::int64_t>(stats.maxDepth, row.depth);
    stats.minTs = std::min(stats.minTs, s.tsNs);
    stats.maxEnd = std::max(stats.maxEnd, s.tsNs + s.durNs);
    BatchInsert& in = insertSlice_;
    in.value(row.id).value(row.track).value(s.tsNs).value(s.durNs).value(static_cast<std::int64_t>(row.depth));
    if (row.parentId) in.value(row.parentId); else in.null();
    in.value(row.selfDurNs).value(static_cast<std::int64_t>(s.name));
    if (s.category) in.value(static_cast<std::int64_t>(s.category)); else in.null();
    const StringId type = typeOf(row.index, s.type);
    if (type) in.value(static_cast<std::int64_t>(type)); else in.null();
    if (s.args) in.value(static_cast<std::int64_t>(s.args)); else in.null();
    in.value(static_cast<std::int64_t>(s.flags & ~static_cast<std::uint32_t>(kSliceSortByArrival)));
    const StoreWriter::PendingThreadTime* thread = threadTimeOf(row.index);
    if (thread && thread->tsNs != kNoThreadTime) in.value(thread->tsNs); else in.null();
    if (thread && thread->durNs != kNoThreadTime) in.value(thread->durNs); else in.null();
    in.endRow();
    if (needIds_) w_.finalIds_[row.index] = static_cast<std::uint32_t>(row.id);
    if (w_.deviceClasses_ && (s.flags & kSliceInstant) == 0)
        if (const DeviceTrackFacts* facts = deviceFacts_.find(row.track)) classDeviceSlice(row, *facts);
}

// The facts forEachDeviceSlice would read back for this slice, from what is at hand.
void FinishPass::classDeviceSlice(const NestedSlice& row, const DeviceTrackFacts& facts) {
    DeviceSliceFactsRow& d = deviceSlice_;
    d.sliceId = row.id;
    d.tsNs = row.slice.tsNs;
    d.durNs = row.slice.durNs;
    d.deviceId = facts.deviceId;
    d.trackId = row.track;
    if (d.processId != facts.processId) d.processName = facts.processName; // one name per process
    d.processId = facts.processId;
    d.nameId = row.slice.name;
    d.catId = row.slice.category;
    d.name = w_.stringAt(row.slice.name);
    d.category = w_.stringAt(row.slice.category);
    d.ascend = facts.ascend;
    d.taskType = facts.ascend && row.slice.args ? w_.taskTypes_.taskType(row.slice.args, w_.db_) : std::string_view();
    d.communicationLane = facts.communicationLane;
    w_.deviceClasses_->add(d);
}

void FinishPass::bind(const NestEndpointItem& item, const NestedSlice& slice) {
    const FlowNamePool::Ref name = spilled_ ? boundNames_.add(item.name) : item.nameRef;
    bound_.push_back({item.keyHash, item.tsNs, slice.id, item.index, item.cat, name, item.phase, onDevice(slice.track),
                      slice.slice.tsNs});
    if (spilled_ && bound_.size() >= kBoundRunRows) writeBoundRun();
}

SliceNester::Callbacks FinishPass::nesterCallbacks() {
    SliceNester::Callbacks cb;
    cb.newLane = [this](TrackId base, int laneIndex) {
        const StoreWriter::TrackInfo& info = w_.trackInfo_.at(base);
        std::string laneName = info.name + " (overlap " + std::to_string(laneIndex) + ")";
        const TrackId lane = w_.newTrack(info.process, info.thread, info.kind, laneName, {}, laneIndex);
        // A lane takes its process's device, as its base track does.
        const auto at = static_cast<std::size_t>(lane); // a new track: a positive id
        if (at >= deviceTrack_.size()) deviceTrack_.resize(at + 1, false);
        deviceTrack_[at] = onDevice(base);
        if (w_.deviceClasses_) deviceFacts_.loadTrack(w_.db_, lane);
        return lane;
    };
    cb.emit = [this](const NestedSlice& row) { emit(row); };
    cb.bound = [this](const NestEndpointItem& item, const NestedSlice& slice) { bind(item, slice); };
    cb.endpointWarning = [this](std::string_view code, const NestEndpointItem& item) {
        w_.addWarning(code, {}, -1, -1, label(item.cat, item.name, item.tsNs));
    };
    cb.tooDeep = [this](const NestedSlice& row) {
        w_.addWarning("nesting_too_deep", {}, -1, -1, std::string(w_.stringAt(row.slice.name)));
    };
    cb.overlap = [this](const NestedSlice& row) {
        w_.addWarning("slice_overlap", {}, -1, -1, std::string(w_.stringAt(row.slice.name)));
    };
    return cb;
}

// The tracks whose device_id is set, or will be: finish() gives a track without one its process's.
void FinishPass::loadDeviceTracks() {
    Statement st = w_.db_.prepare("SELECT t.id FROM track t LEFT JOIN process p ON p.id = t.process_id "
                                  "WHERE coalesce(t.device_id, p.device_id) IS NOT NULL");
    while (st.step()) {
        const auto track = static_cast<std::size_t>(st.int64(0));
        if (track >= deviceTrack_.size()) deviceTrack_.resize(track + 1, false);
        deviceTrack_[track] = true;
    }
}

bool FinishPass::nestSlices(const std::function<bool()>& cancelled) {
    loadDeviceTracks();
    if (auto it = w_.stringIds_.find(std::string_view("gpu_user_annotation")); it != w_.stringIds_.end())
        annotationCategory_ = it->second;
    if (w_.deviceClasses_) deviceFacts_.loadAll(w_.db_);
    if (spilled_) w_.spillPending(); // the rest becomes the last run: one sorted source
    else bound_.reserve(w_.endpoints_.size());
    std::stable_sort(w_.typeOverrides_.begin(), w_.typeOverrides_.end(),
                     [](const StoreWriter::TypeOverride& a, const StoreWriter::TypeOverride& b) { return a.slice < b.slice; });
    if (needIds_) w_.finalIds_.assign(w_.pendingSliceCount(), 0);
    std::unique_ptr<SliceCursor> slices = spilled_ ? spilledSliceCursor(*w_.sliceSpill_) : memorySliceCursor(w_.slices_);
    std::unique_ptr<EndpointCursor> endpoints =
        spilled_ ? spilledEndpointCursor(*w_.endpointSpill_) : memoryEndpointCursor(w_.endpoints_, w_.flowNames_);
    SliceNester nester(nesterCallbacks());
    NestSliceItem s;
    NestEndpointItem e;
    bool hasSlice = slices->next(&s), hasEndpoint = endpoints->next(&e);
    constexpr TrackId kNone = std::numeric_limits<TrackId>::max();
    while (hasSlice || hasEndpoint) {
        const TrackId track = std::min<TrackId>(hasSlice ? TrackId{s.slice.track} : kNone, hasEndpoint ? e.track : kNone);
        nester.beginTrack(track, w_.trackInfo_.at(track).kind == TrackKind::Async);
        for (;;) {
            const bool sliceHere = hasSlice && TrackId{s.slice.track} == track;
            const bool endpointHere = hasEndpoint && e.track == track;
            if (!sliceHere && !endpointHere) break;
            if (endpointHere && (!sliceHere || e.tsNs < s.slice.tsNs)) {
                nester.endpoint(e);
                hasEndpoint = endpoints->next(&e);
            } else {
                nester.slice(s);
                hasSlice = slices->next(&s);
            }
        }
        nester.endTrack();
        if (cancelled && cancelled()) return false;
    }
    insertSlice_.flush();
    return true;
}

// A flow from a host slice into a device slice is a launch candidate (launch_linking.h): kept with
// the host slice's start, which decides between several candidates of one device slice.
void FinishPass::noteLaunchCandidate(const SliceSide& out, const SliceSide& in) {
    if (in.onDevice && !out.onDevice) w_.flowLaunches_->push({in.sliceId, out.tsNs, out.sliceId});
}

void FinishPass::linkGroup(const std::vector<FlowGroupEntry>& group, StringId cat, std::string_view name) {
    FlowLinkSink sink;
    std::string_view catText = w_.stringAt(cat);
    // groupSides_ holds the group's slices (filled by the caller); a large group is searched sorted.
    const bool sorted = groupSides_.size() > 16;
    if (sorted)
        std::sort(groupSides_.begin(), groupSides_.end(),
                  [](const SliceSide& a, const SliceSide& b) { return a.sliceId < b.sliceId; });
    auto side = [&](std::int64_t sliceId) -> const SliceSide& {
        if (sorted)
            return *std::lower_bound(groupSides_.begin(), groupSides_.end(), sliceId,
                                     [](const SliceSide& a, std::int64_t id) { return a.sliceId < id; });
        return *std::find_if(groupSides_.begin(), groupSides_.end(), [&](const SliceSide& a) { return a.sliceId == sliceId; });
    };
    sink.link = [&](std::int64_t out, std::int64_t in) {
        insertFlow_.value(out).value(in).value(catText).value(name).endRow();
        ++w_.flowRows_;
        noteLaunchCandidate(side(out), side(in));
    };
    sink.warn = [&](std::string_view code, TimeNs tsNs) { w_.addWarning(code, {}, -1, -1, label(cat, name, tsNs)); };
    linkFlowGroup(group, sink);
}

void FinishPass::linkMemoryGroups() {
    std::sort(bound_.begin(), bound_.end(), linkOrderBefore<BoundRecord>);
    std::vector<FlowGroupEntry> group;
    for (std::size_t i = 0; i < bound_.size();) {
        group.clear();
        groupSides_.clear();
        std::size_t j = i;
        for (; j < bound_.size() && bound_[j].keyHash == bound_[i].keyHash; ++j) {
            group.push_back({bound_[j].phase, bound_[j].sliceId, bound_[j].tsNs});
            groupSides_.push_back({bound_[j].sliceId, bound_[j].sliceTsNs, bound_[j].onDevice});
        }
        linkGroup(group, bound_[i].cat, w_.flowNames_.at(bound_[i].name));
        i = j;
    }
}

void FinishPass::writeBoundRun() {
    std::sort(bound_.begin(), bound_.end(), linkOrderBefore<BoundRecord>);
    if (!boundSpill_) boundSpill_ = std::make_unique<SpillFile>(w_.tempPath_ + ".bound");
    boundSpill_->beginRun();
    BoundEndpoint record;
    for (const BoundRecord& b : bound_) {
        record.keyHash = b.keyHash;
        record.tsNs = b.tsNs;
        record.sliceId = b.sliceId;
        record.index = b.index;
        record.cat = b.cat;
        record.phase = b.phase;
        record.onDevice = b.onDevice;
        record.sliceTsNs = b.sliceTsNs;
        record.name = boundNames_.at(b.name);
        appendBoundRecord(*boundSpill_, record);
    }
    boundSpill_->endRun();
    bound_.clear();
    boundNames_.clear();
}

void FinishPass::linkSpilledGroups() {
    if (!bound_.empty()) writeBoundRun();
    if (!boundSpill_) return; // no end point was bound
    std::unique_ptr<BoundCursor> cursor = spilledBoundCursor(*boundSpill_);
    std::vector<FlowGroupEntry> group;
    BoundEndpoint item, first;
    while (cursor->next(&item)) {
        if (!group.empty() && item.keyHash != first.keyHash) {
            linkGroup(group, first.cat, first.name);
            group.clear();
            groupSides_.clear();
        }
        if (group.empty()) first = item;
        group.push_back({item.phase, item.sliceId, item.tsNs});
        groupSides_.push_back({item.sliceId, item.sliceTsNs, item.onDevice});
    }
    if (!group.empty()) linkGroup(group, first.cat, first.name);
}

void FinishPass::writeFlows() {
    insertFlow_ = BatchInsert(w_.db_, "flow", "slice_out, slice_in, cat, name", 4, 64, w_.pipe_.get());
    w_.flowLaunches_ = std::make_unique<FlowLaunchSpill>(w_.tempPath_ + ".launch-flows", w_.sideBudgetBytes());
    if (spilled_) linkSpilledGroups();
    else linkMemoryGroups();
    if (w_.directFlows_.empty()) {
        insertFlow_.flush();
        return;
    }
    // Slices are written: the ends of a direct flow are read back by id (a rowid seek each).
    insertSlice_.flush();
    Statement sliceAt = w_.db_.prepare("SELECT ts, track_id FROM slice WHERE id = ?");
    auto sideOf = [&](std::int64_t id) {
        SliceSide side{id, 0, false};
        sliceAt.bind(1, id);
        if (sliceAt.step()) {
            side.tsNs = sliceAt.int64(0);
            side.onDevice = onDevice(static_cast<TrackId>(sliceAt.int64(1)));
        }
        sliceAt.reset();
        return side;
    };
    for (const StoreWriter::DirectFlow& f : w_.directFlows_) {
        if (f.out >= w_.finalIds_.size() || f.in >= w_.finalIds_.size()) continue;
        const auto out = static_cast<std::int64_t>(w_.finalIds_[f.out]), in = static_cast<std::int64_t>(w_.finalIds_[f.in]);
        insertFlow_.value(out).value(in).value(f.cat).value(f.name).endRow();
        ++w_.flowRows_;
        noteLaunchCandidate(sideOf(out), sideOf(in));
    }
    insertFlow_.flush();
}

void StoreWriter::writeMetrics() {
    BatchInsert insert(db_, "slice_metric", "slice_id, key_id, num, txt", 4, 64, pipe_.get());
    auto write = [&](const PendingMetric& m, std::string_view text) {
        if (m.slice >= finalIds_.size()) return;
        insert.value(static_cast<std::int64_t>(finalIds_[m.slice])).value(static_cast<std::int64_t>(m.key));
        if (m.hasNum) insert.value(m.num); else insert.null();
        if (!m.hasText) insert.null(); else insert.value(text);
        insert.endRow();
    };
    // The spilled metrics first: they came first, and the rows keep the order of the calls.
    std::string text;
    for (std::size_t run = 0; metricSpill_ && run < metricSpill_->runCount(); ++run) {
        SpillFile::Reader reader(*metricSpill_, run);
        while (!reader.atEnd()) {
            const auto m = reader.readValue<PendingMetric>();
            text.resize(m.textLength);
            if (m.textLength) reader.read(text.data(), m.textLength);
            write(m, text);
        }
    }
    for (const PendingMetric& m : metrics_) write(m, std::string_view(metricText_).substr(m.textOffset, m.textLength));
    insert.flush();
}

void StoreWriter::writeStrings() {
    BatchInsert insert(db_, "string", "id, value", 2, 64, pipe_.get());
    for (std::size_t i = 0; i < strings_.size(); ++i) insert.value(static_cast<std::int64_t>(i + 1)).value(strings_[i]).endRow();
    insert.flush();
}

void StoreWriter::writeWarningsAndStats() {
    if (invalidUtf8Strings_ > 0) {
        WarningEntry entry;
        entry.code = "invalid_utf8_replaced";
        entry.count = invalidUtf8Strings_;
        entry.sample = invalidUtf8Sample_;
        warnings_.push_back(std::move(entry));
        stats_["text.invalid_utf8_replacements"] += invalidUtf8Replacements_;
    }
    Statement w = db_.prepare("INSERT INTO warning(code, count, file, byte_offset, line, sample) VALUES(?,?,?,?,?,?)");
    for (const WarningEntry& e : warnings_) {
        w.bind(1, e.code).bind(2, e.count);
        if (e.file.empty()) w.bindNull(3); else w.bind(3, e.file);
        if (e.byteOffset >= 0) w.bind(4, e.byteOffset); else w.bindNull(4);
        if (e.line >= 0) w.bind(5, e.line); else w.bindNull(5);
        w.bind(6, e.sample);
        w.run();
    }
    Statement st = db_.prepare("INSERT OR REPLACE INTO stat(name, value) VALUES(?, ?)");
    for (const auto& [name, value] : stats_) {
        st.bind(1, name).bind(2, value);
        st.run();
    }
}

// Per-track numbers were gathered while writing rows; a handful of UPDATEs store them.
void StoreWriter::updateTrackStats() {
    Statement update = db_.prepare("UPDATE track SET slice_count = ?, counter_count = ?, max_depth = ?, "
                                   "min_ts = ?, max_end = ? WHERE id = ?");
    for (const auto& [track, stats] : trackStats_) {
        update.bind(1, stats.slices).bind(2, stats.counters).bind(3, stats.maxDepth);
        if (stats.slices + stats.counters > 0) update.bind(4, stats.minTs).bind(5, stats.maxEnd);
        else update.bindNull(4).bindNull(5);
        update.bind(6, track);
        update.run();
    }
    // Only the rows that change: setting a NULL device to its process's NULL rewrote every host track's row
    // (24,000 of a metadata-heavy trace's). An overflow lane computes when its base lane does: the base
    // lanes are listed once (a correlated EXISTS scanned every track for each lane).
    db_.exec(R"SQL(
UPDATE track SET device_id = (SELECT device_id FROM process WHERE process.id = track.process_id)
  WHERE device_id IS NULL AND process_id IN (SELECT id FROM process WHERE device_id IS NOT NULL);
UPDATE track SET is_compute = 1 WHERE lane > 0 AND is_compute = 0 AND (thread_id, kind) IN
  (SELECT thread_id, kind FROM track WHERE lane = 0 AND is_compute = 1);
)SQL");
}

// Slices of compute tracks outside gpu_user_annotation, counted as they were written (no slice scan).
std::int64_t StoreWriter::deviceEventCount() {
    std::int64_t events = 0;
    Statement compute = db_.prepare("SELECT id FROM track WHERE is_compute = 1");
    while (compute.step())
        if (auto it = trackStats_.find(compute.int64(0)); it != trackStats_.end()) events += it->second.eventSlices;
    return events;
}

bool StoreWriter::finish(ImportSummary* summary, Error* error, const std::function<bool()>& cancelled) {
    StageTimer timer;
    const auto enter = &FinishStageListener::enter;
    try {
        enter(FinishStage::NestingSlices);
        writeHeldRows();
        flushRows();
        timer.mark("flush after parse");
        const auto totalSlices = static_cast<std::int64_t>(pendingSliceCount());
        bool nested = false;
        {
            FinishPass pass(*this);
            nested = pass.nestSlices(cancelled);
            timer.mark("nest+slices");
            if (nested) pass.writeFlows();
        }
        // The pending rows are written: their memory goes back before the index builds need it.
        slices_.clear();
        endpoints_.clear();
        flowNames_.clear();
        releaseFreedHeap(); // what nesting freed, before the index builds
        timer.mark("flows");
        if (!nested || (cancelled && cancelled())) {
            if (error) *error = Error{ErrorCode::Cancelled, finalPath_, -1, -1, -1, {}, {}};
            return false;
        }
        enter(FinishStage::WritingRows);
        writeMetrics();
        if (!threadTimes_.empty()) addStat("slices.with_thread_time", static_cast<std::int64_t>(threadTimes_.size()));
        writeStrings();
        for (const auto& pass : finishPasses_) pass(*this);
        writeWarningsAndStats();
        timer.mark("metrics+strings");
        insertArgs_ = BatchInsert();
        insertCounter_ = BatchInsert();
        releaseStatements();
        taskTypes_ = TaskTypeIndex(); // read only while nesting classed device slices (8 bytes an args row)
        memoryRows_.reset();
        enter(FinishStage::BuildingIndices);
        db_.exec(schemaIndicesSql());
        timer.mark("indices");
        enter(FinishStage::DerivingMemory);
        // Kineto [memory] instants become memory rows once they are nested under their operators.
        deriveMemoryFromInstants(db_, [this](int ordinal) {
            return device("GPU " + std::to_string(ordinal), "gpu", ordinal);
        });
        linkAllocationsToSlices(db_);
        addCopyBandwidthTracks(db_);
        db_.exec(memorySchemaIndicesSql());
        timer.mark("memory");
        enter(FinishStage::LinkingLaunches);
        updateTrackStats();
        timer.mark("track stats");
        if (!launchKeys_) launchKeys_ = std::make_unique<LaunchKeySpill>(tempPath_ + ".keys", sideBudgetBytes());
        if (!flowLaunches_) flowLaunches_ = std::make_unique<FlowLaunchSpill>(tempPath_ + ".launch-flows", sideBudgetBytes());
        writeLaunchLinks(db_, *launchKeys_, launchLinks_, *flowLaunches_, finalIds_, deviceEventCount(),
                         [this](std::uint32_t id) { return stringAt(id); }, LaunchScratch{tempPath_, sideBudgetBytes()});
        launchKeys_.reset();
        flowLaunches_.reset();
        freeVector(finalIds_); // 4 bytes a slice, read last by the links: the queue and the pack need the room
        freeVector(launchLinks_);
        releaseFreedHeap();
        timer.mark("launch links");
        // The timeline's launch queue tracks, from the links just written: a reopened store draws them
        // without the launch join and the queue (launch_queue_store.h).
        storeLaunchQueueTracks(db_, tempPath_ + ".queue", sideBudgetBytes());
        timer.mark("launch queue tracks");
        TimeNs start = std::numeric_limits<TimeNs>::max(), end = std::numeric_limits<TimeNs>::min();
        for (const auto& [track, stats] : trackStats_) {
            if (stats.slices + stats.counters == 0) continue;
            start = std::min(start, stats.minTs);
            end = std::max(end, stats.maxEnd);
        }
        if (start > end) start = end = 0;
        setMeta("trace_start_ns", std::to_string(start));
        setMeta("trace_end_ns", std::to_string(end));
        setMeta("schema_version", std::to_string(kSchemaVersion));
        setMeta("importer_version", kImporterVersion);
        std::int64_t warningTotal = 0, noteTotal = 0;
        for (const WarningEntry& e : warnings_) (isInformationalWarning(e.code) ? noteTotal : warningTotal) += e.count;
        if (summary) {
            summary->processes = db_.scalarInt("SELECT count(*) FROM process");
            summary->threads = db_.scalarInt("SELECT count(*) FROM thread");
            summary->tracks = db_.scalarInt("SELECT count(*) FROM track");
            summary->slices = totalSlices;
            summary->counters = counterRows_;
            summary->flows = flowRows_;
            summary->warnings = warningTotal;
            summary->notes = noteTotal;
            summary->startNs = start;
            summary->endNs = end;
        }
        enter(FinishStage::Committing);
        db_.exec("COMMIT");
        timer.mark("commit");
        // From the committed rows, so that the slice scan may read them on two connections.
        enter(FinishStage::PackingTimeline);
        writeTimelinePack(db_);
        timer.mark("timeline pack");
        db_.exec("PRAGMA analysis_limit=2000; ANALYZE;");
        db_.close();
        timer.mark("analyze+close");
    } catch (const std::runtime_error& e) { // SQLite or a scratch file
        if (error) *error = Error{ErrorCode::StoreFailed, tempPath_, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    if (!publishScratchStore(tempPath_, finalPath_, error)) return false;
    finished_ = true;
    return true;
}

} // namespace opscope
