// The host-operator section of a trace diff, after HTA's trace_diff: per operator name, the occurrence
// count and total duration on each side; added / deleted / increased / decreased refer to the counts.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct HostCallData;
struct StoreSnapshot;

struct HostOperatorCount {
    std::string name;
    std::int64_t count = 0;
    TimeNs totalNs = 0;
};

enum class CountChange { Added, Deleted, Increased, Decreased, Unchanged };
const char* countChangeName(CountChange change); // "added", "deleted", "increased", "decreased", "unchanged"

struct HostOperatorDiff {
    std::string name;
    CountChange change = CountChange::Unchanged;
    std::int64_t baseCount = 0, newCount = 0;
    TimeNs baseTotalNs = 0, newTotalNs = 0;
    TimeNs diffDurationNs() const { return newTotalNs - baseTotalNs; }
};

// cpu_op slices that start inside window (none: all), by name, by total duration descending.
std::vector<HostOperatorCount> countHostOperators(const HostCallData& host, const std::optional<TimeRange>& window);
// The same from the snapshot of every slice track (TrackScope::All), which holds the host calls' slices
// too, so that a caller holding it need not read the host calls again.
std::vector<HostOperatorCount> countHostOperators(const StoreSnapshot& all, const std::optional<TimeRange>& window);

// Changed operators first (added, deleted, increased, decreased), each group by |diff duration|.
std::vector<HostOperatorDiff> diffHostOperators(const std::vector<HostOperatorCount>& base,
                                                const std::vector<HostOperatorCount>& current);

} // namespace opscope
