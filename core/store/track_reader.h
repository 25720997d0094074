// Reads the track table with each track's process, thread and device names: the rows the analyses' track
// catalog (core/analysis/snapshot/track_selection.h) folds lanes and groups devices over.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

class Database;

struct TrackRecord {
    std::int64_t id = 0;
    std::int64_t processId = 0;
    std::int64_t threadId = 0; // 0: no thread
    std::string kind;          // 'thread' | 'async' | 'counter' | 'instant' | 'step'
    std::string name;
    std::string unit;
    std::string processName;
    std::string threadName;
    std::string deviceName;    // empty: not on a device
    std::int64_t deviceId = 0; // 0: none
    int lane = 0;
    bool isCompute = false;    // lanes inherit it from their logical track
    std::int64_t logicalId = 0; // the lane-0 track this one belongs to (its own id for lane 0)
    std::int64_t sliceCount = 0;
    std::int64_t counterCount = 0;
    // Devices group tracks for the union view; tracks without a device group by process.
    std::int64_t deviceKey() const { return deviceId > 0 ? deviceId : -processId; }
};

// Every track in id order; lanes keep logicalId 0 here (the catalog fills it in).
bool readTracks(Database& db, std::vector<TrackRecord>* out, Error* error);

} // namespace opscope
