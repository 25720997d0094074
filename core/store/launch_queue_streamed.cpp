// storeLaunchQueueTracks (launch_queue_store.h): the tracks of launchQueueTracks(readLaunchData) without
// holding the launches. readLaunchData keeps about 100 bytes per device event and the queue its change points
// twice more, all streams at once (some 500 MB at 50 M events); here the changes, 24 bytes each, wait in a
// SortedSpill (memory up to the budget, sorted runs on disk past it) and come back stream by stream in time
// order, becoming each stream's points as they come.
#include "core/store/launch_queue_store.h"

#include "core/store/launch_streams.h"
#include "core/store/sorted_spill.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace opscope {

namespace {

// The events readLaunchData reads on compute tracks (outside gpu_user_annotation, instants aside) that
// have a launch link, with their track; the call's start is 0 when the call slice is gone, as there. One
// query for every track: a query per track cost 10 us each on a metadata-heavy trace's 24,000 streams.
// ?1 is gpu_user_annotation's string id (NULL when the trace has none), found once.
const char* kLinkedEvents = R"SQL(
SELECT s.track_id, s.ts, coalesce(c.ts, 0)
FROM launch_link l CROSS JOIN slice s ON s.id = l.device_slice_id
LEFT JOIN slice c ON c.id = l.call_slice_id
WHERE (s.flags & 8) = 0 AND l.call_slice_id IS NOT NULL AND l.call_slice_id <> 0
  AND (s.cat_id IS NULL OR s.cat_id IS NOT ?1))SQL";

// The stream (index into streams) of each compute track, by track id: a stream is a thread, and every
// compute track of it is its, whatever its device. Tracks of no stream are left out.
std::unordered_map<std::int64_t, std::uint32_t> streamOfTrack(Database& db, const std::vector<LaunchStream>& streams) {
    std::unordered_map<std::int64_t, std::uint32_t> streamOfThread;
    for (std::size_t i = 0; i < streams.size(); ++i) streamOfThread.emplace(streams[i].threadId, static_cast<std::uint32_t>(i));
    std::unordered_map<std::int64_t, std::uint32_t> byTrack;
    Statement st = db.prepare("SELECT thread_id, id FROM track WHERE is_compute = 1 AND thread_id IS NOT NULL");
    while (st.step()) {
        auto stream = streamOfThread.find(st.int64(0));
        if (stream != streamOfThread.end()) byTrack.emplace(st.int64(1), stream->second);
    }
    return byTrack;
}

struct QueueChange {
    std::uint32_t stream; // index into the streams, in their order
    TimeNs tsNs;
    std::int64_t delta; // +1: a call starts; -1: its event leaves the queue
};

// Stream by stream, computeQueueLength's order: by time, a launch before a kernel start at one time.
// Changes equal in all three are interchangeable, so this is a total order on what matters.
struct ChangeBefore {
    bool operator()(const QueueChange& a, const QueueChange& b) const {
        if (a.stream != b.stream) return a.stream < b.stream;
        return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.delta > b.delta;
    }
};

} // namespace

void storeLaunchQueueTracks(Database& db, const std::string& scratchPath, std::size_t budgetBytes,
                            std::size_t chunkPoints) {
    LaunchQueueTrackWriter writer(db, chunkPoints);
    if (db.tableExists("launch_link")) {
        const std::vector<LaunchStream> streams = readLaunchStreams(db);
        const auto trackStream = streamOfTrack(db, streams);
        SortedSpill<QueueChange, ChangeBefore> changes(scratchPath, budgetBytes);
        {
            Statement events = db.prepare(kLinkedEvents);
            const std::int64_t annotation = db.scalarInt("SELECT id FROM string WHERE value = 'gpu_user_annotation'", -1);
            if (annotation >= 0) events.bind(1, annotation);
            else events.bindNull(1);
            // The order the changes are read in does not matter: they come back sorted.
            while (events.step()) {
                const auto stream = trackStream.find(events.int64(0));
                if (stream == trackStream.end()) continue;
                const TimeNs eventTs = events.int64(1), callTs = events.int64(2);
                changes.push({stream->second, callTs, +1});
                changes.push({stream->second, std::max(eventTs, callTs), -1}); // queueLeaveNs: never before its call starts
            }
        }
        // A track per stream with changes, in the streams' order, with one point per time: the length once
        // every change at that time is counted (queueCounterTracks). A stream without changes is skipped:
        // the writer stores no track without points anyway.
        std::int64_t current = -1; // the stream whose track is open
        std::int64_t length = 0;
        TimeNs pendingTs = 0;
        auto endStream = [&] {
            writer.point(pendingTs, static_cast<double>(length)); // an open track has had a change
            writer.endTrack();
        };
        changes.drainInOrder([&](const QueueChange& c) {
            if (c.stream != current) {
                if (current >= 0) endStream();
                writer.beginTrack(streams[c.stream].threadId, "Launch queue");
                current = c.stream;
                length = 0;
            } else if (c.tsNs != pendingTs) {
                writer.point(pendingTs, static_cast<double>(length));
            }
            length += c.delta;
            pendingTs = c.tsNs;
        });
        if (current >= 0) endStream();
    }
    writer.finish();
}

} // namespace opscope
