// The launch queue counter tracks of the timeline (core/analysis/launch/queue_track.h) kept in the store
// (tables launch_queue_track and launch_queue_points, docs/schema.md), so that opening a store draws them
// without the launch join and the queue computation. A cache: a store without them, or with ones that do
// not read back whole and in order, gets them computed as before.
#pragma once
#include "core/store/timeline_data.h"

#include <cstddef>
#include <string>
#include <vector>

namespace opscope {

class Database;

// Points per blob (16 bytes each: 4 MiB): far below SQLite's largest blob, whatever one stream holds.
inline constexpr std::size_t kLaunchQueueChunkPoints = std::size_t{1} << 18;

// The meta key that says the tracks are stored; its value is how many (0: the store has no queue).
inline constexpr const char* kLaunchQueueMetaKey = "launch_queue_tracks";

// Replaces the stored tracks with these (in this order) and sets the meta key. Runs no transaction of its
// own: call it inside the writer's. Throws SqliteError.
void writeLaunchQueueTracks(Database& db, const std::vector<DerivedCounterTrack>& tracks,
                            std::size_t chunkPoints = kLaunchQueueChunkPoints);

// Computes the tracks from the store's launch links (readLaunchData, launchQueueTracks: what the session
// computes for a store without them) and writes them. For the import, once the links are written.
// Throws SqliteError.
void storeLaunchQueueTracks(Database& db);

// Reads the stored tracks into *out (track ids -1, -2, ... in stored order, as computed ones have) when
// the store holds them whole; false otherwise, *out empty and the reason in *whyNot (for tests and logs:
// a store without them is not an error). Throws SqliteError.
bool readLaunchQueueTracks(Database& db, std::vector<DerivedCounterTrack>* out, std::string* whyNot);

} // namespace opscope
