#include "core/analysis/memory/operator_memory_columns.h"

#include <cmath>
#include <unordered_map>

namespace opscope {

void appendOperatorMemoryColumns(const std::vector<OperatorMemory>& memory, OperatorStats* stats) {
    if (stats->groupBy != GroupBy::Name || memory.empty()) return;
    std::unordered_map<std::string, const OperatorMemory*> byName;
    for (const OperatorMemory& m : memory) byName.emplace(m.operatorName, &m);
    bool any = false;
    for (const OperatorStatsRow& row : stats->rows) any = any || byName.count(row.key) != 0;
    if (!any) return;
    stats->metrics.push_back({kMemoryPeakColumnKey, "memory peak held", "B", "Memory"});
    stats->metrics.push_back({kMemoryAllocatedColumnKey, "memory allocated", "B", "Memory"});
    for (OperatorStatsRow& row : stats->rows) {
        auto it = byName.find(row.key);
        row.metricMeans.push_back(it == byName.end() ? NAN : static_cast<double>(it->second->peakBytes));
        row.metricMeans.push_back(it == byName.end() ? NAN : static_cast<double>(it->second->totalAllocatedBytes));
    }
}

} // namespace opscope
