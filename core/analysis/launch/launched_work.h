// Device busy time keyed by when it was launched: each device interval with the start of its
// launching call, so that a host-side window (a phase, a step) can claim the device work it asked
// for, however far the device queue lags. Unlinked device intervals stay keyed by their own time.
#pragma once
#include "core/analysis/breakdown/interval_union.h"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace opscope {

struct LaunchedInterval {
    TimeNs callTsNs = 0;
    TimeNs startNs = 0, endNs = 0;
    std::int64_t deviceKey = 0;
};

struct LaunchedWork {
    std::vector<LaunchedInterval> byCall;                 // sorted by callTsNs
    std::map<std::int64_t, std::vector<Interval>> unlinked; // per device key, merged and sorted
    bool empty() const { return byCall.empty(); }

    // Per device key: the union of the device intervals launched inside the windows (merged, sorted)
    // together with the unlinked device intervals that overlap them (clipped).
    std::map<std::int64_t, std::vector<Interval>> claimedBy(const std::vector<Interval>& hostWindows) const;
};

// Builder: call add() for every device interval, then finish().
class LaunchedWorkBuilder {
public:
    void add(std::int64_t deviceKey, TimeNs startNs, TimeNs endNs, bool linked, TimeNs callTsNs);
    LaunchedWork finish();

private:
    LaunchedWork work_;
};

} // namespace opscope
