// Everything the details panel shows about one slice, read from the store when the slice is selected:
// its fields, its args as key/value rows, its flows with the other end, and its metrics by group.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

class Database;

// One row of the args tree: nested objects and arrays become a row without value and child rows one level deeper.
struct SliceArgRow {
    std::string key;
    std::string value; // JSON scalars as text (strings without quotes); empty for objects and arrays
    int level = 0;
    bool isContainer = false;
};

struct SliceFlowRef {
    bool outgoing = false;        // true: this slice is the flow's source
    std::int64_t otherSliceId = 0;
    std::string otherName;
    std::int64_t otherTrackId = 0;
    std::string otherTrackName;
    TimeNs otherTsNs = 0;
    std::string category, name;   // of the flow itself
};

struct SliceMetricRow {
    std::string name, unit;
    std::optional<double> num;
    std::string text;
};

struct SliceMetricGroup {
    std::string name; // group_name; empty: ungrouped
    std::vector<SliceMetricRow> rows;
};

struct SliceDetails {
    std::int64_t id = 0;
    std::string name, category, type;
    std::int64_t trackId = 0;
    std::string trackName, processName, threadName;
    TimeNs tsNs = 0, durNs = 0, selfNs = 0;
    std::optional<TimeNs> threadTsNs, threadDurNs; // thread (CPU) clock at start and CPU time, when traced
    int depth = 0;
    int flags = 0;
    std::optional<std::int64_t> parentId;
    std::string argsJson; // as stored
    std::vector<SliceArgRow> args;
    std::vector<SliceFlowRef> flows; // incoming first, then outgoing, each by the other end's time
    std::vector<SliceMetricGroup> metricGroups; // in order of first key id
    // Device time (docs/device-time.md): the stored class ("compute", ..., "wait"; "" when not a device
    // slice) and, for a wait, what it waits for ("event", "notify", "stream" or "collective", with the
    // collective's name), as the bubble analysis names a gap's wait. Filled by TraceSession::sliceDetails.
    std::string deviceClass;
    std::string waitFor, waitCollective;
    // Ascend compute slices: the AI Core Freq samples in effect while it ran, lowest of them and the
    // device's highest (core/analysis/frequency/aicore_frequency.h); none without an AI Core Freq track.
    // Filled by TraceSession::sliceDetails.
    std::optional<double> aicoreLowestMhz, aicoreHighestMhz;
};

// Flattens a JSON object (as text) into rows; text that is not JSON becomes one row "args" = text.
std::vector<SliceArgRow> parseArgRows(const std::string& json);

// Fills details for slice.id == sliceId. Returns false with ErrorCode::BadDatabase when the store fails,
// or with ErrorCode::None and false when there is no such slice.
bool loadSliceDetails(Database& db, std::int64_t sliceId, SliceDetails* details, Error* error);

} // namespace opscope
