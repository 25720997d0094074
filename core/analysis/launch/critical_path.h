// Critical path of one step, traced backwards from the step's end: device events wait for the previous
// event on their stream or for their launch; host time is launch calls, synchronisation waits (which
// jump to the device event they waited for) and other host work. What bounds the step is the largest
// share: host, launch, device or sync. A simplified form of HTA's critical_path_analysis (one chain,
// no graph of every op), enough to say what the step waits on.
#pragma once
#include "core/analysis/launch/launch_attribution.h"

#include <array>
#include <string>
#include <vector>

namespace opscope {

enum class PathBound : std::uint8_t { Host, Launch, Device, Sync };
inline constexpr std::size_t kPathBoundCount = 4;
const char* pathBoundName(PathBound bound); // "host", "launch", "device", "sync"

struct PathSegment {
    PathBound kind = PathBound::Host;
    TimeNs startNs = 0, endNs = 0;
    std::int64_t sliceId = 0; // the device event, call or sync slice; 0 for plain host time
};

struct CriticalPath {
    std::int64_t step = -1;
    TimeNs startNs = 0, endNs = 0;           // the step's host start to the end of its last work
    std::vector<PathSegment> segments;       // in time order
    std::array<TimeNs, kPathBoundCount> boundNs{};
    PathBound bound = PathBound::Host;       // the largest share
};

// steps: the step numbers to trace (empty: every step). Needs launch links; a step without linked
// device events is pure host time.
std::vector<CriticalPath> computeCriticalPaths(const LaunchData& launches, const HostCallData& host,
                                               const std::vector<std::int64_t>& steps);

} // namespace opscope
