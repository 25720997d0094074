// finish(): the second half of an import. Slices arrive in file order; here they are sorted per
// track, nested by a stack (Perfetto's closed-open rule), spilled to overflow lanes when they overlap
// a sibling, and flow endpoints are bound to the slice that encloses them (or the next one).
#include "core/store/schema.h"
#include "core/store/store_writer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>

namespace opscope {

namespace fs = std::filesystem;

namespace {

struct StackEntry {
    std::uint32_t position; // index into the run being processed
    TimeNs endNs;
};

struct Lane {
    TrackId track;
    std::vector<StackEntry> stack;
};

TimeNs endOf(const StoreWriter::PendingSlice& s) { return s.tsNs + s.durNs; }

} // namespace

std::string StoreWriter::flowLabel(const FlowEndpoint& e) const {
    std::string label(stringAt(e.cat));
    label.append(" ").append(stringAt(e.name)).append(" @ ").append(std::to_string(e.tsNs)).append(" ns");
    return label;
}

void StoreWriter::nestAndWriteSlices(const std::function<bool()>& cancelled) {
    std::vector<PendingSliceIndex> order(slices_.size());
    for (PendingSliceIndex i = 0; i < order.size(); ++i) order[i] = i;
    // Perfetto's order: by ts; at equal ts the longer slice first so it becomes the parent; then file order.
    std::sort(order.begin(), order.end(), [this](PendingSliceIndex a, PendingSliceIndex b) {
        const PendingSlice& x = slices_[a];
        const PendingSlice& y = slices_[b];
        if (x.track != y.track) return x.track < y.track;
        if (x.tsNs != y.tsNs) return x.tsNs < y.tsNs;
        if (x.durNs != y.durNs) return x.durNs > y.durNs;
        return a < b;
    });
    std::vector<std::size_t> endpointOrder(flowEndpoints_.size());
    for (std::size_t i = 0; i < endpointOrder.size(); ++i) endpointOrder[i] = i;
    std::sort(endpointOrder.begin(), endpointOrder.end(), [this](std::size_t a, std::size_t b) {
        const FlowEndpoint& x = flowEndpoints_[a];
        const FlowEndpoint& y = flowEndpoints_[b];
        if (x.track != y.track) return x.track < y.track;
        if (x.tsNs != y.tsNs) return x.tsNs < y.tsNs;
        return x.order < y.order;
    });

    finalIds_.assign(slices_.size(), 0);
    BatchInsert insertSlice(db_, "slice",
                            "id, track_id, ts, dur, depth, parent_id, self_dur, name_id, cat_id, type_id, arg_id, flags", 12);
    std::vector<BoundFlowEndpoint> bound;
    bound.reserve(flowEndpoints_.size());
    std::int64_t nextId = 1;
    std::size_t ep = 0;

    // Per run (one source track) scratch arrays, reused.
    std::vector<std::int32_t> depth, laneOf;
    std::vector<std::int64_t> parentPos, childDur;
    std::size_t runStart = 0;
    while (runStart < order.size() || ep < endpointOrder.size()) {
        TrackId track;
        if (runStart < order.size()) {
            track = slices_[order[runStart]].track;
            if (ep < endpointOrder.size() && flowEndpoints_[endpointOrder[ep]].track < track)
                track = flowEndpoints_[endpointOrder[ep]].track;
        } else {
            track = flowEndpoints_[endpointOrder[ep]].track;
        }
        std::size_t runEnd = runStart;
        while (runEnd < order.size() && slices_[order[runEnd]].track == track) ++runEnd;
        std::size_t n = runEnd - runStart;
        depth.assign(n, 0);
        laneOf.assign(n, 0);
        parentPos.assign(n, -1);
        childDur.assign(n, 0);
        std::vector<Lane> lanes{{track, {}}};
        std::vector<std::int64_t> idOfPos(n, 0);
        std::vector<const FlowEndpoint*> waitingForNext;

        auto bindEndpointsUpTo = [&](TimeNs limitNs, bool inclusive) {
            while (ep < endpointOrder.size()) {
                const FlowEndpoint& e = flowEndpoints_[endpointOrder[ep]];
                if (e.track != track) break;
                if (inclusive ? e.tsNs > limitNs : e.tsNs >= limitNs) break;
                ++ep;
                if (e.binding == FlowEndpoint::Binding::NextSlice) {
                    waitingForNext.push_back(&e);
                    continue;
                }
                std::int64_t sliceId = 0;
                for (Lane& lane : lanes) {
                    while (!lane.stack.empty() && lane.stack.back().endNs < e.tsNs) lane.stack.pop_back();
                    if (!lane.stack.empty()) {
                        sliceId = idOfPos[lane.stack.back().position];
                        break;
                    }
                }
                if (sliceId) bound.push_back({&e, sliceId});
                else addWarning("flow_no_enclosing_slice", {}, -1, -1, flowLabel(e));
            }
        };

        for (std::size_t pos = 0; pos < n; ++pos) {
            const PendingSlice& s = slices_[order[runStart + pos]];
            bindEndpointsUpTo(s.tsNs, false);
            std::size_t laneIndex = 0;
            for (;; ++laneIndex) {
                if (laneIndex == lanes.size()) {
                    const TrackInfo& info = *trackInfo_.at(track);
                    std::string laneName = info.name + " (overlap " + std::to_string(laneIndex) + ")";
                    TrackId laneTrack = newTrack(info.process, info.thread, info.kind, laneName, {},
                                                 static_cast<int>(laneIndex));
                    lanes.push_back({laneTrack, {}});
                }
                Lane& lane = lanes[laneIndex];
                while (!lane.stack.empty() && lane.stack.back().endNs <= s.tsNs) lane.stack.pop_back();
                if (lane.stack.empty() || endOf(s) <= lane.stack.back().endNs) break;
            }
            Lane& lane = lanes[laneIndex];
            // Async slices overlap by nature; on a thread an overlap breaks the nesting rule.
            if (laneIndex > 0 && trackInfo_.at(track)->kind != TrackKind::Async) {
                slices_[order[runStart + pos]].flags |= kSliceOverlap;
                addWarning("slice_overlap", {}, -1, -1, std::string(stringAt(s.name)));
            }
            laneOf[pos] = static_cast<std::int32_t>(laneIndex);
            depth[pos] = static_cast<std::int32_t>(lane.stack.size());
            if (!lane.stack.empty()) {
                parentPos[pos] = lane.stack.back().position;
                childDur[lane.stack.back().position] += s.durNs;
            }
            lane.stack.push_back({static_cast<std::uint32_t>(pos), endOf(s)});
            idOfPos[pos] = nextId++;
            finalIds_[order[runStart + pos]] = idOfPos[pos];
            for (const FlowEndpoint* e : waitingForNext) bound.push_back({e, idOfPos[pos]});
            waitingForNext.clear();
        }
        // Endpoints after the last slice start on this track.
        bindEndpointsUpTo(std::numeric_limits<TimeNs>::max(), true);
        for (const FlowEndpoint* e : waitingForNext) addWarning("flow_no_next_slice", {}, -1, -1, flowLabel(*e));

        for (std::size_t pos = 0; pos < n; ++pos) {
            const PendingSlice& s = slices_[order[runStart + pos]];
            TrackStats& stats = trackStats_[lanes[laneOf[pos]].track];
            ++stats.slices;
            stats.maxDepth = std::max<std::int64_t>(stats.maxDepth, depth[pos]);
            stats.minTs = std::min(stats.minTs, s.tsNs);
            stats.maxEnd = std::max(stats.maxEnd, s.tsNs + s.durNs);
            insertSlice.value(idOfPos[pos]).value(lanes[laneOf[pos]].track).value(s.tsNs).value(s.durNs);
            insertSlice.value(static_cast<std::int64_t>(depth[pos]));
            if (parentPos[pos] >= 0) insertSlice.value(idOfPos[parentPos[pos]]); else insertSlice.null();
            insertSlice.value(std::max<TimeNs>(0, s.durNs - childDur[pos]));
            insertSlice.value(static_cast<std::int64_t>(s.name));
            if (s.category) insertSlice.value(static_cast<std::int64_t>(s.category)); else insertSlice.null();
            if (s.type) insertSlice.value(static_cast<std::int64_t>(s.type)); else insertSlice.null();
            if (s.args) insertSlice.value(s.args); else insertSlice.null();
            insertSlice.value(static_cast<std::int64_t>(s.flags));
            insertSlice.endRow();
        }
        runStart = runEnd;
        if (cancelled && cancelled()) return;
    }
    insertSlice.flush();
    writeFlowChains(bound);
}

// One start: link it through the steps to every end, whatever their timestamps. Real traces put a
// device task's start before the host launch that caused it (clocks differ), so time order would break it.
void StoreWriter::linkSingleStart(const std::vector<BoundFlowEndpoint>& bound, std::size_t from, std::size_t to,
                                  const std::function<void(std::int64_t, std::int64_t, const FlowEndpoint&)>& link) {
    std::int64_t previous = 0;
    for (std::size_t k = from; k < to; ++k)
        if (bound[k].endpoint->phase == FlowEndpoint::Phase::Start) previous = bound[k].sliceId;
    int ends = 0;
    for (std::size_t k = from; k < to; ++k) {
        const FlowEndpoint& e = *bound[k].endpoint;
        if (e.phase == FlowEndpoint::Phase::Step) {
            if (previous != bound[k].sliceId) link(previous, bound[k].sliceId, e);
            previous = bound[k].sliceId;
        }
    }
    for (std::size_t k = from; k < to; ++k) {
        if (bound[k].endpoint->phase != FlowEndpoint::Phase::End) continue;
        link(previous, bound[k].sliceId, *bound[k].endpoint);
        ++ends;
    }
    if (ends == 0) addWarning("flow_without_end", {}, -1, -1, flowLabel(*bound[from].endpoint));
}

// Several starts under one identity (ids reused): chain in time order, Start opening each chain.
void StoreWriter::linkInTimeOrder(const std::vector<BoundFlowEndpoint>& bound, std::size_t from, std::size_t to,
                                  const std::function<void(std::int64_t, std::int64_t, const FlowEndpoint&)>& link) {
    std::int64_t open = 0;
    for (std::size_t k = from; k < to; ++k) {
        const FlowEndpoint& e = *bound[k].endpoint;
        switch (e.phase) {
        case FlowEndpoint::Phase::Start:
            if (open) addWarning("flow_duplicate_start", {}, -1, -1, flowLabel(e));
            open = bound[k].sliceId;
            break;
        case FlowEndpoint::Phase::Step:
            if (!open) addWarning("flow_step_without_start", {}, -1, -1, flowLabel(e));
            else if (open != bound[k].sliceId) link(open, bound[k].sliceId, e);
            if (open) open = bound[k].sliceId;
            break;
        case FlowEndpoint::Phase::End:
            if (!open) addWarning("flow_end_without_start", {}, -1, -1, flowLabel(e));
            else link(open, bound[k].sliceId, e);
            open = 0;
            break;
        }
    }
    if (open) addWarning("flow_without_end", {}, -1, -1, flowLabel(*bound[from].endpoint));
}

// v1 flows, grouped by identity (cat, name, id): a lone start links to its steps and ends; ids that
// were reused are chained in time order.
void StoreWriter::writeFlowChains(std::vector<BoundFlowEndpoint>& bound) {
    std::sort(bound.begin(), bound.end(), [](const BoundFlowEndpoint& a, const BoundFlowEndpoint& b) {
        if (a.endpoint->keyHash != b.endpoint->keyHash) return a.endpoint->keyHash < b.endpoint->keyHash;
        if (a.endpoint->tsNs != b.endpoint->tsNs) return a.endpoint->tsNs < b.endpoint->tsNs;
        return a.endpoint->order < b.endpoint->order;
    });
    BatchInsert insert(db_, "flow", "slice_out, slice_in, cat, name", 4);
    auto link = [&](std::int64_t out, std::int64_t in, const FlowEndpoint& e) {
        insert.value(out).value(in).value(stringAt(e.cat)).value(stringAt(e.name)).endRow();
        ++flowRows_;
    };
    std::size_t i = 0;
    while (i < bound.size()) {
        std::size_t j = i;
        int starts = 0;
        while (j < bound.size() && bound[j].endpoint->keyHash == bound[i].endpoint->keyHash) {
            if (bound[j].endpoint->phase == FlowEndpoint::Phase::Start) ++starts;
            ++j;
        }
        if (starts == 1) linkSingleStart(bound, i, j, link);
        else linkInTimeOrder(bound, i, j, link);
        i = j;
    }
    for (const DirectFlow& f : directFlows_) {
        if (f.out >= finalIds_.size() || f.in >= finalIds_.size()) continue;
        insert.value(finalIds_[f.out]).value(finalIds_[f.in]).value(f.cat).value(f.name).endRow();
        ++flowRows_;
    }
    insert.flush();
}

void StoreWriter::writeMetrics() {
    BatchInsert insert(db_, "slice_metric", "slice_id, key_id, num, txt", 4);
    for (const PendingMetric& m : metrics_) {
        if (m.slice >= finalIds_.size()) continue;
        insert.value(finalIds_[m.slice]).value(static_cast<std::int64_t>(m.key));
        if (m.hasNum) insert.value(m.num); else insert.null();
        if (m.text == 0) insert.null(); else insert.value(stringAt(m.text));
        insert.endRow();
    }
    insert.flush();
}

void StoreWriter::writeStrings() {
    BatchInsert insert(db_, "string", "id, value", 2);
    for (std::size_t i = 0; i < strings_.size(); ++i) insert.value(static_cast<std::int64_t>(i + 1)).value(strings_[i]).endRow();
    insert.flush();
}

void StoreWriter::writeWarningsAndStats() {
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
    db_.exec(R"SQL(
UPDATE track SET device_id = (SELECT device_id FROM process WHERE process.id = track.process_id)
  WHERE device_id IS NULL;
UPDATE track SET is_compute = 1 WHERE lane > 0 AND EXISTS
  (SELECT 1 FROM track base WHERE base.thread_id = track.thread_id AND base.kind = track.kind
   AND base.lane = 0 AND base.is_compute = 1);
)SQL");
}

namespace {
// OPSCOPE_IMPORT_TIMING=1 prints how long each stage of finish() took, for benchmarking.
class StageTimer {
public:
    StageTimer() : enabled_(std::getenv("OPSCOPE_IMPORT_TIMING") != nullptr), last_(Clock::now()) {}
    void mark(const char* stage) {
        if (!enabled_) return;
        auto now = Clock::now();
        std::fprintf(stderr, "finish: %-18s %8.3f s\n", stage, std::chrono::duration<double>(now - last_).count());
        last_ = now;
    }

private:
    using Clock = std::chrono::steady_clock;
    bool enabled_;
    Clock::time_point last_;
};
} // namespace

bool StoreWriter::finish(ImportSummary* summary, Error* error, const std::function<bool()>& cancelled) {
    StageTimer timer;
    try {
        flushRows();
        nestAndWriteSlices(cancelled);
        timer.mark("nest+slices+flows");
        if (cancelled && cancelled()) {
            if (error) *error = Error{ErrorCode::Cancelled, finalPath_, -1, -1, -1, {}, {}};
            return false;
        }
        writeMetrics();
        writeStrings();
        writeWarningsAndStats();
        timer.mark("metrics+strings");
        insertArgs_ = BatchInsert();
        insertCounter_ = BatchInsert();
        db_.exec(schemaIndicesSql());
        timer.mark("indices");
        updateTrackStats();
        timer.mark("track stats");
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
        std::int64_t warningTotal = 0;
        for (const WarningEntry& e : warnings_) warningTotal += e.count;
        if (summary) {
            summary->processes = db_.scalarInt("SELECT count(*) FROM process");
            summary->threads = db_.scalarInt("SELECT count(*) FROM thread");
            summary->tracks = db_.scalarInt("SELECT count(*) FROM track");
            summary->slices = static_cast<std::int64_t>(slices_.size());
            summary->counters = counterRows_;
            summary->flows = flowRows_;
            summary->warnings = warningTotal;
            summary->startNs = start;
            summary->endNs = end;
        }
        db_.exec("COMMIT");
        timer.mark("commit");
        db_.exec("PRAGMA analysis_limit=2000; ANALYZE;");
        db_.close();
        timer.mark("analyze+close");
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::StoreFailed, tempPath_, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    std::error_code ec;
    fs::rename(tempPath_, finalPath_, ec);
    if (ec) {
        if (error) *error = Error{ErrorCode::StoreFailed, finalPath_, -1, -1, -1, "a renamable store", ec.message()};
        return false;
    }
    finished_ = true;
    return true;
}

} // namespace opscope
