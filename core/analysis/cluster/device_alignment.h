// Putting the devices or ranks of one store on a common time base for display. When the importer
// aligned them (device.clock_offset_ns set), nothing is left to do; otherwise each rank (input file or
// device) is shifted so that its first step marker (else the end of its first collective or barrier)
// coincides with the reference rank's. The offsets feed TimelineLoadOptions; the store is not changed.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

class Database;

enum class AlignmentSource {
    None,         // a single rank, or no common marker: nothing to align
    ClockOffsets, // the importer already applied device.clock_offset_ns
    StepMarkers,  // first ProfilerStep#/step slice of each rank
    SyncMarkers,  // end of each rank's first collective or barrier (collectives finish together)
};
const char* alignmentSourceName(AlignmentSource source); // "none", "clock_offsets", "step", "sync"

struct AlignmentGroup {
    std::string key;   // input prefix ("1/", "ascend:<folder>") or "device:<id>"
    std::string label; // device names, or the key
    std::vector<std::int64_t> processIds;
    bool hasAnchor = false;
    TimeNs anchorNs = 0;
    std::string anchorName; // the marker's slice name
    TimeNs offsetNs = 0;    // added to the group's times
};

struct AlignmentOptions {
    // Case-insensitive name prefixes of step markers (slices on 'step' tracks always count).
    std::vector<std::string> stepPrefixes{"ProfilerStep#"};
    // Case-insensitive substrings of collective or barrier slices.
    std::vector<std::string> syncPatterns{"allreduce", "all_reduce", "allgather", "all_gather", "reducescatter",
                                          "reduce_scatter", "broadcast", "barrier", "alltoall"};
};

struct DeviceAlignment {
    AlignmentSource source = AlignmentSource::None;
    std::vector<AlignmentGroup> groups;
    int referenceGroup = -1;
    // True when some group moves.
    bool shifts() const;
    // process id -> offset, for TimelineLoadOptions::processShiftNs (groups that do not move left out).
    std::vector<std::pair<std::int64_t, TimeNs>> processOffsets() const;
};

// Ranks are the inputs of a multi-input store; in a single input, its devices (host processes stay).
bool computeDeviceAlignment(Database& db, const AlignmentOptions& options, DeviceAlignment* out, Error* error);

// The input a process key comes from: "1/2971362" -> "1/", "ascend:<folder>|3096504" -> "ascend:<folder>";
// "" for a single-input key.
std::string inputPrefixOfProcessKey(const std::string& pid);

} // namespace opscope
