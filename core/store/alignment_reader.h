// What device clock alignment (core/analysis/device_alignment) reads: whether the devices carry clock
// offsets, every process with its device, and per process the earliest step or sync marker. SQLite errors
// are thrown as SqliteError.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

class Database;

bool storeHasClockOffsets(Database& db);

struct ProcessDeviceRow {
    std::int64_t id = 0;
    std::string pid;           // the process key as the importer wrote it
    std::int64_t deviceId = 0; // 0: host
    std::string deviceName;
    int ordinal = 0;
};
std::vector<ProcessDeviceRow> readProcessDevices(Database& db); // in id order

enum class MarkerMatch {
    StepOrPrefix, // slices of step tracks, or named with one of the patterns as a prefix
    Contains,     // slices whose name contains one of the patterns
};
struct MarkerAnchor {
    TimeNs startNs = 0, endNs = 0;
    std::string name;
};
// Per process id: the earliest matching slice (patterns are plain text, LIKE wildcards escaped).
std::unordered_map<std::int64_t, MarkerAnchor> readFirstMarkers(Database& db, const std::vector<std::string>& patterns,
                                                                MarkerMatch match);

} // namespace opscope
