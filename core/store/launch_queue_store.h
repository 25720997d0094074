// The launch queue counter tracks of the timeline (core/analysis/launch/queue_track.h) kept in the store
// (tables launch_queue_track and launch_queue_points, docs/schema.md), so that opening a store draws them
// without the launch join and the queue computation. A cache: a store without them, or with ones that do
// not read back whole and in order, gets them computed as before.
#pragma once
#include "core/store/batch_insert.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

// Points per blob (16 bytes each: 4 MiB): far below SQLite's largest blob, whatever one stream holds.
inline constexpr std::size_t kLaunchQueueChunkPoints = std::size_t{1} << 18;

// The meta key that says the tracks are stored; its value is how many (0: the store has no queue).
inline constexpr const char* kLaunchQueueMetaKey = "launch_queue_tracks";

// What the import may hold in memory of one stream's queue changes before they wait on disk in sorted runs.
inline constexpr std::size_t kLaunchQueueSpillBudgetBytes = std::size_t{24} << 20;

// Replaces the stored tracks, point by point, so that a track need not be held whole: a blob is written
// each time chunkPoints points are waiting. Tracks keep the order they were begun in; one that ends without
// a point is not stored. Runs no transaction of its own: use it inside the writer's. Throws SqliteError.
class LaunchQueueTrackWriter {
public:
    explicit LaunchQueueTrackWriter(Database& db, std::size_t chunkPoints = kLaunchQueueChunkPoints);
    void beginTrack(std::int64_t threadId, std::string name);
    void point(TimeNs tsNs, double value); // times increasing within a track
    void endTrack();
    void finish(); // writes what waits and sets the meta key to the number of tracks stored

private:
    void writeChunk();
    Database& db_;
    std::size_t chunkPoints_;
    BatchInsert tracks_, points_;
    std::vector<std::uint8_t> chunk_;
    std::int64_t threadId_ = 0;
    std::string name_;
    std::int64_t trackPoints_ = 0;
    std::int64_t tracksStored_ = 0;
};

// Replaces the stored tracks with these (in this order) and sets the meta key. Runs no transaction of its
// own: call it inside the writer's. Throws SqliteError.
void writeLaunchQueueTracks(Database& db, const std::vector<DerivedCounterTrack>& tracks,
                            std::size_t chunkPoints = kLaunchQueueChunkPoints);

// Computes the tracks from the store's launch links and writes them: the tracks launchQueueTracks gives
// for readLaunchData's launches (what the session computes for a store without them), made one stream at
// a time from only each linked event's two queue changes, sorted within budgetBytes and runs in a scratch
// file at scratchPath (core/store/launch_queue_streamed.cpp), so a trace's size does not decide the memory.
// For the import, once the links are written. Throws SqliteError, or std::runtime_error for the scratch file.
void storeLaunchQueueTracks(Database& db, const std::string& scratchPath,
                            std::size_t budgetBytes = kLaunchQueueSpillBudgetBytes,
                            std::size_t chunkPoints = kLaunchQueueChunkPoints);

// Reads the stored tracks into *out (track ids -1, -2, ... in stored order, as computed ones have) when
// the store holds them whole; false otherwise, *out empty and the reason in *whyNot (for tests and logs:
// a store without them is not an error). Throws SqliteError.
bool readLaunchQueueTracks(Database& db, std::vector<DerivedCounterTrack>* out, std::string* whyNot);

} // namespace opscope
