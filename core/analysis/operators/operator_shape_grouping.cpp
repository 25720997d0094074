#include "core/analysis/operators/operator_shape_grouping.h"

#include "core/analysis/snapshot/metric_access.h"
#include "core/store/text_metric_reader.h"
#include "core/model/spillable_array.h"

#include <map>
#include <unordered_map>

namespace opscope {

namespace {

// kernel_details writes """32,3,224,224""": the cell's value carries the quotes.
std::string withoutQuotes(const std::string& shapes) {
    std::string out;
    for (char c : shapes)
        if (c != '"') out.push_back(c);
    return out;
}

} // namespace

bool splitByInputShapes(Database& db, const StoreSnapshot& snapshot, OperatorGrouping* grouping, Error* error) {
    std::unordered_map<std::int64_t, std::string> shapesOf;
    if (!readTextMetric(db, kInputShapesMetric, &shapesOf, error)) return false;
    if (shapesOf.empty()) return true;
    std::vector<std::string> labels;
    std::map<std::pair<std::uint32_t, std::string>, std::uint32_t> newGroup;
    const auto& slices = snapshot.slices.slices;
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        std::uint32_t& g = grouping->groupOfSlice[i];
        if (g == kNoGroup) continue;
        auto it = shapesOf.find(walk[i].id);
        const std::string shapes = it == shapesOf.end() ? std::string() : withoutQuotes(it->second);
        auto [entry, inserted] = newGroup.try_emplace({g, shapes}, static_cast<std::uint32_t>(labels.size()));
        if (inserted) labels.push_back(shapes.empty() ? grouping->labels[g] : grouping->labels[g] + " [" + shapes + "]");
        g = entry->second;
    }
    grouping->labels = std::move(labels);
    return true;
}

} // namespace opscope
