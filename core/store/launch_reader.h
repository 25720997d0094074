// Reads what the launch analyses work on: every device event of the compute tracks (per stream, in
// time order) with its launching call from launch_link, when it has one. Works on stores without
// the table (older schema): every event is then unlinked.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// A device stream: the events of one thread (Kineto: a CUDA stream; Ascend: a hardware stream) of a device.
struct LaunchStream {
    std::int64_t threadId = 0; // thread.id
    std::string device;        // device ordinal as text ("0"), or the process name without a device
    std::string stream;        // thread.tid as the trace wrote it ("7")
    std::int64_t trackId = 0;  // the stream's first compute track (its overflow lanes come later)
};

// 80 bytes, the eight 8-byte fields first: a 10 GB store reads 4.7 M of these at once.
struct DeviceLaunchEvent {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0, durNs = 0;
    std::int64_t callSliceId = 0;  // 0: no launch link
    TimeNs callTsNs = 0, callDurNs = 0;
    std::int64_t callTrackId = 0;
    std::int64_t correlationId = 0;
    std::uint32_t nameId = 0;
    std::uint32_t stream = 0;      // index into LaunchData::streams
    std::uint32_t callNameId = 0;
    bool hasCorrelation = false;
    bool linked() const { return callSliceId != 0; }
    TimeNs endNs() const { return tsNs + durNs; }
    TimeNs callEndNs() const { return callTsNs + callDurNs; }
    // HTA's launch delay: max(0, event start - call end).
    TimeNs launchDelayNs() const { return tsNs > callEndNs() ? tsNs - callEndNs() : 0; }
};

struct LaunchData {
    std::vector<LaunchStream> streams;      // by (device, stream)
    std::vector<DeviceLaunchEvent> events;  // grouped by stream (in the order of streams), by (ts, id) within
    std::vector<std::uint32_t> streamBegin; // events of stream i: [streamBegin[i], streamBegin[i + 1])
    std::vector<std::string> names;         // index = string id
    TimeRange traceRange;
    bool hasLinkTable = false;
    std::string_view name(std::uint32_t id) const { return id < names.size() ? std::string_view(names[id]) : std::string_view(); }
};

bool readLaunchData(Database& db, LaunchData* out, Error* error);

// (device slice id, launching call's start) for every launch link, by device slice id; empty when the
// store has no launch_link table.
struct LaunchCallTime {
    std::int64_t deviceSliceId = 0;
    TimeNs callTsNs = 0;
};
bool readLaunchCallTimes(Database& db, std::vector<LaunchCallTime>* out, Error* error);

// The launching call's start of a device slice in such a list (sorted by device slice id, one entry per
// id), or null. It searches on from *hint (0 at first) and leaves *hint there: lookups in rising id
// order cost a step each; any order is still answered right.
const LaunchCallTime* findLaunchCall(const std::vector<LaunchCallTime>& calls, std::int64_t deviceSliceId,
                                     std::size_t* hint);

} // namespace opscope
