#include "core/analysis/operators/operator_core_type.h"

#include "core/analysis/snapshot/metric_access.h"
#include "core/store/text_metric_reader.h"
#include "core/model/spillable_array.h"

#include <map>
#include <unordered_map>

namespace opscope {

bool splitByCoreType(Database& db, const StoreSnapshot& snapshot, const std::string& onlyCoreType,
                     OperatorGrouping* grouping, std::vector<std::string>* coreTypes, Error* error) {
    std::unordered_map<std::int64_t, std::string> coreOf;
    if (!readTextMetric(db, kCoreTypeMetric, &coreOf, error)) return false;
    coreTypes->assign(grouping->labels.size(), std::string());
    if (coreOf.empty() && onlyCoreType.empty()) return true; // not an Ascend store: groups stay as they are
    std::vector<std::string> labels;
    std::map<std::pair<std::uint32_t, std::string>, std::uint32_t> newGroup;
    std::vector<std::string> cores;
    const auto& slices = snapshot.slices.slices;
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        std::uint32_t& g = grouping->groupOfSlice[i];
        if (g == kNoGroup) continue;
        auto it = coreOf.find(walk[i].id);
        const std::string core = it == coreOf.end() ? std::string() : it->second;
        if (!onlyCoreType.empty() && core != onlyCoreType) {
            g = kNoGroup;
            continue;
        }
        auto [entry, inserted] = newGroup.try_emplace({g, core}, static_cast<std::uint32_t>(labels.size()));
        if (inserted) {
            labels.push_back(grouping->labels[g]);
            cores.push_back(core);
        }
        g = entry->second;
    }
    grouping->labels = std::move(labels);
    *coreTypes = std::move(cores);
    return true;
}

} // namespace opscope
