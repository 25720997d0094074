// Aggregates of the slices in a time range over a set of tracks, one row per slice name
// (count, total, self, average, min, max): the "selection statistics" of a rectangle selection.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

class Database;

struct SelectionTrack {
    std::int64_t trackId = 0;
    // Longest slice on the track, if the caller knows it (TimelineData does): lets the query start at
    // range.start - maxDurNs instead of the track's first slice. Negative: unknown.
    TimeNs maxDurNs = -1;
    // The track's offset on the job clock (JobClock): the range is in aligned time, the store's
    // slices are not, so the range moves by −offset for this track.
    TimeNs clockOffsetNs = 0;
};

enum class SelectionMode {
    Overlapping, // a slice counts when any part of it lies in the range (as Perfetto's area selection)
    Contained,   // only slices entirely inside the range
};

struct SliceNameStats {
    std::string name;
    std::int64_t count = 0;
    TimeNs totalNs = 0, selfNs = 0, minNs = 0, maxNs = 0;
    double avgNs() const { return count ? static_cast<double>(totalNs) / static_cast<double>(count) : 0.0; }
};

struct SelectionStats {
    TimeRange range;
    std::int64_t sliceCount = 0;
    std::vector<SliceNameStats> rows; // by total duration, longest first, then name
};

// Durations are the slices' own (not clipped to the range). Returns false on a store error, or with
// ErrorCode::Cancelled when cancel was raised.
bool computeSelectionStats(Database& db, const TimeRange& range, const std::vector<SelectionTrack>& tracks,
                           SelectionMode mode, SelectionStats* stats, Error* error,
                           const std::atomic<bool>* cancel = nullptr);

} // namespace opscope
