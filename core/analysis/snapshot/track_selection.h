// Which tracks an analysis looks at: the store's track table with overflow lanes folded into the
// track they spilled from, device grouping, and the compute / all / explicit selections.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/track_reader.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opscope {

class Database;

class TrackCatalog {
public:
    static bool load(Database& db, TrackCatalog* out, Error* error);

    const std::vector<TrackRecord>& tracks() const { return tracks_; } // sorted by id
    const TrackRecord* find(std::int64_t trackId) const;
    // Logical tracks (lane 0) that hold slices, sorted by id.
    std::vector<std::int64_t> sliceTracks() const;
    std::vector<std::int64_t> computeTracks() const;
    // Every store track (the logical one and its overflow lanes) that makes up a logical track.
    std::vector<std::int64_t> lanesOf(std::int64_t logicalId) const;
    // "Process / thread-or-track" for tables and evidence.
    std::string label(std::int64_t trackId) const;
    std::string deviceLabel(std::int64_t deviceKey) const;

    // For tests and synthetic inputs.
    void setTracks(std::vector<TrackRecord> tracks);

private:
    void resolveLanes();
    std::vector<TrackRecord> tracks_;
    std::map<std::int64_t, std::vector<std::int64_t>> lanes_; // logical id -> its store tracks
};

enum class TrackScope { Compute, All, Explicit };

struct TrackSelection {
    TrackScope scope = TrackScope::Compute;
    std::vector<std::int64_t> explicitTracks; // used with TrackScope::Explicit (store ids; lanes map to their track)
    // Compute scope on a trace that marks no compute track: use every slice track instead.
    bool fallBackToAll = true;
};

struct SelectedTracks {
    std::vector<std::int64_t> logicalIds; // sorted
    bool fellBackToAll = false;
};

SelectedTracks selectTracks(const TrackCatalog& catalog, const TrackSelection& selection);

} // namespace opscope
