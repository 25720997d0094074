// What a store holds, in numbers: the summary `opscope-cli import` and `info` print and the GUI shows.
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

struct StoreWarning {
    std::string code, file, sample;
    std::int64_t count = 0, byteOffset = -1, line = -1;
};

struct StoreSourceFile {
    std::string path, role, status, reason;
    std::int64_t events = 0;
};

struct StoreSummary {
    std::string sourcePath;
    std::vector<std::pair<std::string, std::int64_t>> eventsByPhase; // from the stat table
    std::int64_t processes = 0, threads = 0, tracks = 0, slices = 0, counters = 0, flows = 0;
    std::int64_t devices = 0, computeTracks = 0, metrics = 0;
    TimeNs startNs = 0, endNs = 0;
    // Launch links (table launch_link): device events on compute tracks, how many have a launching
    // call, and the links by source ("correlation", "flow", ...), from the launch.* stats.
    std::int64_t launchDeviceEvents = 0, launchDeviceEventsLinked = 0;
    std::vector<std::pair<std::string, std::int64_t>> launchLinksBySource;
    std::vector<StoreWarning> warnings;
    std::vector<StoreSourceFile> sources;
    std::int64_t warningTotal() const;       // real problems only
    std::int64_t informationalTotal() const; // oddities normal for the format (core/model/warning_severity.h)
};

StoreSummary readStoreSummary(Database& db);

} // namespace opscope
