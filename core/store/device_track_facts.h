// What the device-class pass needs to know of a track, for the writer that classes device slices as it
// writes them: read once before the slices are nested (tracks are few), and for each lane it makes.
#pragma once
#include "core/model/ids.h"
#include "core/model/int_pair_map.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

struct DeviceTrackFacts {
    std::int64_t deviceId = 0, processId = 0;
    std::string processName;
    bool ascend = false;            // on an NPU device
    bool communicationLane = false; // its thread's name ends with "Communication" (SQL LIKE, any case)
};

class DeviceTrackFactsTable {
public:
    void loadAll(Database& db);
    void loadTrack(Database& db, TrackId track);
    // null: not a thread or async track of a device, so its slices are not classed
    const DeviceTrackFacts* find(TrackId track) const {
        const auto at = static_cast<std::size_t>(track);
        if (track >= 0 && at < index_.size() && index_[at]) return &facts_[index_[at] - 1];
        if (sparse_.size() == 0) return nullptr;
        const std::uint32_t* entry = sparse_.find(track, 0);
        return entry ? &facts_[*entry - 1] : nullptr;
    }

    // A track id below this many slots per track read (plus a floor) goes in the dense index; one above
    // it, a value of the store that need not be dense, goes in the sparse table and sizes nothing.
    static constexpr std::size_t kDenseSlotsPerTrack = 16;
    static constexpr std::size_t kDenseFloor = 4096;
    std::size_t denseIndexSize() const { return index_.size(); } // what the bound holds the index to

private:
    void load(Statement& st);
    std::vector<std::uint32_t> index_;  // by track id: facts_ index + 1, 0: none
    IntPairMap<std::uint32_t> sparse_;  // keyed (track id, 0): the ids past the dense index's bound
    std::vector<DeviceTrackFacts> facts_;
};

} // namespace opscope
