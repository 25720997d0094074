#include "core/store/launch_reader.h"

#include "core/model/gallop.h"
#include "core/store/launch_streams.h"
#include "core/store/stored_count_reserve.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

// The compute tracks first, then their slices through slice_track_ts (CROSS JOIN keeps that order): the
// planner's own choice walked every slice of the trace to find the compute tracks' (1.7 s of a 10M-slice
// store's first frame, host slices or not).
const char* kEventsWithLinks = R"SQL(
SELECT s.id, s.ts, s.dur, s.name_id, t.thread_id, l.call_slice_id, c.ts, c.dur, c.name_id, c.track_id,
       l.correlation_id
FROM track t CROSS JOIN slice s ON s.track_id = t.id
LEFT JOIN launch_link l ON l.device_slice_id = s.id
LEFT JOIN slice c ON c.id = l.call_slice_id
WHERE t.is_compute = 1 AND t.thread_id IS NOT NULL AND (s.flags & 8) = 0
  AND (s.cat_id IS NULL OR s.cat_id NOT IN (SELECT id FROM string WHERE value = 'gpu_user_annotation')))SQL";

const char* kEventsWithoutLinks = R"SQL(
SELECT s.id, s.ts, s.dur, s.name_id, t.thread_id, NULL, NULL, NULL, NULL, NULL, NULL
FROM track t CROSS JOIN slice s ON s.track_id = t.id
WHERE t.is_compute = 1 AND t.thread_id IS NOT NULL AND (s.flags & 8) = 0
  AND (s.cat_id IS NULL OR s.cat_id NOT IN (SELECT id FROM string WHERE value = 'gpu_user_annotation')))SQL";

} // namespace

std::vector<LaunchStream> readLaunchStreams(Database& db) {
    // Every compute track with its thread and device; a (thread, device ordinal) is one row, with its first
    // track. Grouped here rather than by GROUP BY: SQLite's temporary b-tree for it was half the cost of
    // this read on a metadata-heavy trace's 24,000 streams, and the rows are sorted below anyway.
    Statement st = db.prepare(R"SQL(
SELECT th.id, th.tid, d.ordinal, coalesce(p.name, p.pid), t.id FROM track t
  JOIN thread th ON th.id = t.thread_id JOIN process p ON p.id = th.process_id
  LEFT JOIN device d ON d.id = t.device_id
  WHERE t.is_compute = 1)SQL");
    struct Row {
        LaunchStream stream;
        bool hasOrdinal;
        std::int64_t ordinal;
        bool streamIsNumber; // the stream's number, read once: a metadata-heavy trace sorts 24,000 streams
        std::int64_t streamNumber;
    };
    auto numeric = [](const std::string& s, std::int64_t* v) {
        if (s.empty() || s.size() > 18 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
        *v = std::stoll(s);
        return true;
    };
    std::vector<Row> rows;
    // (thread, device ordinal or none) -> its row: the group a track joins.
    std::map<std::tuple<std::int64_t, bool, std::int64_t>, std::size_t> rowOf;
    while (st.step()) {
        const bool hasOrdinal = !st.isNull(2);
        const std::int64_t ordinal = hasOrdinal ? st.int64(2) : 0, trackId = st.int64(4);
        const auto [group, added] = rowOf.try_emplace({st.int64(0), hasOrdinal, ordinal}, rows.size());
        if (!added) {
            std::int64_t& first = rows[group->second].stream.trackId;
            first = std::min(first, trackId);
            continue;
        }
        const std::string device = hasOrdinal ? std::to_string(ordinal) : st.text(3);
        Row row{{st.int64(0), device, st.text(1), trackId}, hasOrdinal, ordinal, false, 0};
        row.streamIsNumber = numeric(row.stream.stream, &row.streamNumber);
        rows.push_back(std::move(row));
    }
    // Devices by ordinal, streams by number where they are numbers: the order users read them in. Indices
    // are sorted, not the rows, whose strings would move at every swap.
    std::vector<std::uint32_t> order(rows.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
    std::sort(order.begin(), order.end(), [&](std::uint32_t ia, std::uint32_t ib) {
        const Row &a = rows[ia], &b = rows[ib];
        if (a.hasOrdinal != b.hasOrdinal) return a.hasOrdinal;
        if (a.ordinal != b.ordinal) return a.ordinal < b.ordinal;
        if (a.stream.device != b.stream.device) return a.stream.device < b.stream.device;
        if (a.streamIsNumber && b.streamIsNumber && a.streamNumber != b.streamNumber) return a.streamNumber < b.streamNumber;
        if (a.stream.stream != b.stream.stream) return a.stream.stream < b.stream.stream;
        return a.stream.threadId < b.stream.threadId;
    });
    std::vector<LaunchStream> streams;
    std::unordered_set<std::int64_t> seen; // a thread on several devices' tracks is one stream, the first
    for (std::uint32_t i : order)
        if (seen.insert(rows[i].stream.threadId).second) streams.push_back(std::move(rows[i].stream));
    return streams;
}

bool readLaunchData(Database& db, LaunchData* out, Error* error) {
    *out = LaunchData{};
    try {
        out->hasLinkTable = db.tableExists("launch_link");
        std::unordered_map<std::int64_t, std::uint32_t> streamIndex;
        out->streams = readLaunchStreams(db);
        for (std::size_t i = 0; i < out->streams.size(); ++i)
            streamIndex.emplace(out->streams[i].threadId, static_cast<std::uint32_t>(i));
        reserveForStoredCount(db, "SELECT total(slice_count) FROM track WHERE is_compute = 1 AND thread_id IS NOT NULL",
                              &out->events);
        Statement st = db.prepare(out->hasLinkTable ? kEventsWithLinks : kEventsWithoutLinks);
        std::uint32_t maxName = 0;
        while (st.step()) {
            auto stream = streamIndex.find(st.int64(4));
            if (stream == streamIndex.end()) continue;
            DeviceLaunchEvent e;
            e.sliceId = st.int64(0);
            e.tsNs = st.int64(1);
            e.durNs = st.int64(2);
            e.nameId = static_cast<std::uint32_t>(st.int64(3));
            e.stream = stream->second;
            if (!st.isNull(5)) {
                e.callSliceId = st.int64(5);
                e.callTsNs = st.int64(6);
                e.callDurNs = st.int64(7);
                e.callNameId = static_cast<std::uint32_t>(st.int64(8));
                e.callTrackId = st.int64(9);
                e.hasCorrelation = !st.isNull(10);
                e.correlationId = e.hasCorrelation ? st.int64(10) : 0;
            }
            maxName = std::max({maxName, e.nameId, e.callNameId});
            out->events.push_back(e);
        }
        std::sort(out->events.begin(), out->events.end(), [](const DeviceLaunchEvent& a, const DeviceLaunchEvent& b) {
            if (a.stream != b.stream) return a.stream < b.stream;
            if (a.tsNs != b.tsNs) return a.tsNs < b.tsNs;
            return a.sliceId < b.sliceId;
        });
        out->streamBegin.assign(out->streams.size() + 1, 0);
        for (const DeviceLaunchEvent& e : out->events) ++out->streamBegin[e.stream + 1];
        for (std::size_t i = 1; i < out->streamBegin.size(); ++i) out->streamBegin[i] += out->streamBegin[i - 1];
        // Only the names the events use: a store interns every string of the trace. Ids run from 1 to
        // the row count; a larger one is a damaged store, not a size to allocate.
        const std::int64_t stringCount = db.scalarInt("SELECT count(*) FROM string");
        if (static_cast<std::int64_t>(maxName) > stringCount) {
            if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "string ids from 1 to the row count",
                                     "name id " + std::to_string(maxName)};
            return false;
        }
        std::vector<char> used(static_cast<std::size_t>(maxName) + 1, 0);
        for (const DeviceLaunchEvent& e : out->events) used[e.nameId] = used[e.callNameId] = 1;
        out->names.assign(used.size(), {});
        Statement names = db.prepare("SELECT id, value FROM string WHERE id <= ?");
        names.bind(1, static_cast<std::int64_t>(maxName));
        while (names.step()) {
            const std::int64_t id = names.int64(0);
            if (id >= 0 && static_cast<std::size_t>(id) < used.size() && used[id]) out->names[id] = names.text(1);
        }
        out->traceRange.startNs = std::stoll(db.scalarText("SELECT value FROM meta WHERE key = 'trace_start_ns'", "0"));
        out->traceRange.endNs = std::stoll(db.scalarText("SELECT value FROM meta WHERE key = 'trace_end_ns'", "0"));
    } catch (const std::exception& e) { // SQLite, or a meta value that is not a number
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

bool readLaunchCallTimes(Database& db, std::vector<LaunchCallTime>* out, Error* error) {
    out->clear();
    try {
        if (!db.tableExists("launch_link")) return true;
        Statement st = db.prepare("SELECT l.device_slice_id, c.ts FROM launch_link l JOIN slice c ON c.id = l.call_slice_id "
                                  "ORDER BY l.device_slice_id");
        while (st.step()) out->push_back({st.int64(0), st.int64(1)});
    } catch (const std::exception& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

const LaunchCallTime* findLaunchCall(const std::vector<LaunchCallTime>& calls, std::int64_t deviceSliceId,
                                     std::size_t* hint) {
    const std::size_t n = calls.size();
    // Every entry before `from` is below the id: true of the hint only when the entry just before it is.
    const std::size_t from = *hint <= n && (*hint == 0 || calls[*hint - 1].deviceSliceId < deviceSliceId) ? *hint : 0;
    *hint = gallopPartitionPoint(from, n, [&](std::size_t k) { return calls[k].deviceSliceId < deviceSliceId; });
    return *hint < n && calls[*hint].deviceSliceId == deviceSliceId ? &calls[*hint] : nullptr;
}

} // namespace opscope
