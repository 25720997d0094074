// What the device-class pass needs to know of a track, for the writer that classes device slices as it
// writes them: read once before the slices are nested (tracks are few), and for each lane it makes.
#pragma once
#include "core/model/ids.h"
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
        return track >= 0 && at < index_.size() && index_[at] ? &facts_[index_[at] - 1] : nullptr;
    }

private:
    void load(Statement& st);
    std::vector<std::uint32_t> index_; // by track id: facts_ index + 1, 0: none
    std::vector<DeviceTrackFacts> facts_;
};

} // namespace opscope
