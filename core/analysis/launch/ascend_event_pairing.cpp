#include "core/analysis/launch/ascend_event_pairing.h"

#include <algorithm>

namespace opscope {

bool isAscendEventWait(std::string_view taskName) { return taskName.substr(0, 10) == "EVENT_WAIT"; }
bool isAscendEventRecord(std::string_view taskName) { return taskName.substr(0, 12) == "EVENT_RECORD"; }

std::vector<std::uint32_t> pairAscendEventWaits(const LaunchData& launches) {
    const std::size_t n = launches.events.size();
    std::vector<std::uint32_t> awaited(n, kNoAwaitedRecord);
    std::vector<std::uint32_t> records, waits;
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::string_view name = launches.name(launches.events[i].nameId);
        if (isAscendEventRecord(name)) records.push_back(i);
        else if (isAscendEventWait(name)) waits.push_back(i);
    }
    if (records.empty() || waits.empty()) return awaited;
    auto endOf = [&](std::uint32_t i) { return launches.events[i].endNs(); };
    std::sort(records.begin(), records.end(), [&](std::uint32_t a, std::uint32_t b) { return endOf(a) != endOf(b) ? endOf(a) < endOf(b) : a < b; });
    for (std::uint32_t w : waits) {
        const DeviceLaunchEvent& wait = launches.events[w];
        const std::string& device = launches.streams[wait.stream].device;
        // Walk back from the last record that ended by the wait's end; only records ending inside the wait are looked at.
        auto it = std::upper_bound(records.begin(), records.end(), wait.endNs(), [&](TimeNs t, std::uint32_t r) { return t < endOf(r); });
        while (it != records.begin()) {
            const std::uint32_t r = *--it;
            if (endOf(r) < wait.tsNs) break;
            const DeviceLaunchEvent& record = launches.events[r];
            if (record.stream != wait.stream && launches.streams[record.stream].device == device) {
                awaited[w] = r;
                break;
            }
        }
    }
    return awaited;
}

} // namespace opscope
