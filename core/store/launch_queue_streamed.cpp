// storeLaunchQueueTracks (launch_queue_store.h): the tracks of launchQueueTracks(readLaunchData) without
// holding the launches. readLaunchData keeps about 100 bytes per device event and the queue its change points
// twice more, all streams at once (some 500 MB at 50 M events); here one stream's changes at a time, 16 bytes
// each, wait in a SortedSpill (memory up to the budget, sorted runs on disk past it) and become points as
// they come back in order.
#include "core/store/launch_queue_store.h"

#include "core/store/launch_streams.h"
#include "core/store/sorted_spill.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace opscope {

namespace {

// The events readLaunchData reads for one compute track (outside gpu_user_annotation, instants aside) that
// have a launch link; the call's start is 0 when the call slice is gone, as there. By track, through
// slice_track_ts: a query by thread would scan the track table once per stream (24,000 streams of a
// metadata-heavy trace: 49 s). ?2 is gpu_user_annotation's string id (NULL when the trace has none), found
// once rather than by a subquery each of the 24,000 runs.
const char* kLinkedEventsOfTrack = R"SQL(
SELECT s.ts, coalesce(c.ts, 0)
FROM slice s CROSS JOIN launch_link l ON l.device_slice_id = s.id
LEFT JOIN slice c ON c.id = l.call_slice_id
WHERE s.track_id = ?1 AND (s.flags & 8) = 0 AND l.call_slice_id IS NOT NULL AND l.call_slice_id <> 0
  AND (s.cat_id IS NULL OR s.cat_id IS NOT ?2))SQL";

// Each thread's compute tracks (a stream is a thread: every compute track of it, whatever its device).
std::unordered_map<std::int64_t, std::vector<std::int64_t>> computeTracksByThread(Database& db) {
    std::unordered_map<std::int64_t, std::vector<std::int64_t>> tracks;
    Statement st = db.prepare("SELECT thread_id, id FROM track WHERE is_compute = 1 AND thread_id IS NOT NULL");
    while (st.step()) tracks[st.int64(0)].push_back(st.int64(1));
    return tracks;
}

struct QueueChange {
    TimeNs tsNs;
    std::int64_t delta; // +1: a call starts; -1: its event leaves the queue
};

// computeQueueLength's order: by time, a launch before a kernel start at one time. Changes equal in both
// are interchangeable, so this is a total order on what matters.
struct ChangeBefore {
    bool operator()(const QueueChange& a, const QueueChange& b) const {
        return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.delta > b.delta;
    }
};

} // namespace

void storeLaunchQueueTracks(Database& db, const std::string& scratchPath, std::size_t budgetBytes,
                            std::size_t chunkPoints) {
    LaunchQueueTrackWriter writer(db, chunkPoints);
    if (db.tableExists("launch_link")) {
        Statement events = db.prepare(kLinkedEventsOfTrack);
        const std::int64_t annotation = db.scalarInt("SELECT id FROM string WHERE value = 'gpu_user_annotation'", -1);
        SortedSpill<QueueChange, ChangeBefore> changes(scratchPath, budgetBytes);
        const auto tracksByThread = computeTracksByThread(db);
        for (const LaunchStream& stream : readLaunchStreams(db)) {
            // The order the changes are read in does not matter: they come back sorted.
            const auto found = tracksByThread.find(stream.threadId);
            const std::vector<std::int64_t> none;
            for (std::int64_t track : found == tracksByThread.end() ? none : found->second) {
                events.bind(1, track); // reset() clears the bindings: both bound each run
                if (annotation >= 0) events.bind(2, annotation);
                else events.bindNull(2);
                while (events.step()) {
                    const TimeNs eventTs = events.int64(0), callTs = events.int64(1);
                    changes.push({callTs, +1});
                    changes.push({std::max(eventTs, callTs), -1}); // queueLeaveNs: never before its call starts
                }
                events.reset();
            }
            // One point per time, the length once every change at that time is counted (queueCounterTracks).
            writer.beginTrack(stream.threadId, "Launch queue");
            std::int64_t length = 0;
            bool pending = false;
            TimeNs pendingTs = 0;
            changes.drainInOrder([&](const QueueChange& c) {
                if (pending && c.tsNs != pendingTs) writer.point(pendingTs, static_cast<double>(length));
                length += c.delta;
                pendingTs = c.tsNs;
                pending = true;
            });
            if (pending) writer.point(pendingTs, static_cast<double>(length));
            writer.endTrack();
        }
    }
    writer.finish();
}

} // namespace opscope
