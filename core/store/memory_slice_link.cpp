#include "core/store/memory_slice_link.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

namespace {

struct SliceSpan {
    std::int64_t ts, end, id;
};

} // namespace

std::int64_t linkAllocationsToSlices(Database& db) {
    // The query below reads every slice's name: not worth it when no allocation waits for a slice.
    if (db.scalarInt("SELECT EXISTS(SELECT 1 FROM memory_allocation WHERE slice_id IS NULL AND alloc_ts IS NOT NULL)", 0) == 0)
        return 0;
    // The slices of the operator names allocations mention, per name, by start.
    std::unordered_map<std::string, std::vector<SliceSpan>> byName;
    {
        Statement st = db.prepare(
            "SELECT n.value, s.ts, s.ts + s.dur, s.id FROM slice s JOIN string n ON n.id = s.name_id "
            "WHERE n.value IN (SELECT DISTINCT operator FROM memory_allocation WHERE slice_id IS NULL) "
            "ORDER BY n.value, s.ts, s.id");
        while (st.step()) byName[st.text(0)].push_back({st.int64(1), st.int64(2), st.int64(3)});
    }
    if (byName.empty()) return 0;
    Statement pending = db.prepare("SELECT id, operator, alloc_ts FROM memory_allocation "
                                   "WHERE slice_id IS NULL AND alloc_ts IS NOT NULL");
    Statement update = db.prepare("UPDATE memory_allocation SET slice_id = ? WHERE id = ?");
    std::vector<std::pair<std::int64_t, std::int64_t>> links; // (allocation, slice)
    while (pending.step()) {
        auto it = byName.find(pending.text(1));
        if (it == byName.end()) continue;
        const std::vector<SliceSpan>& spans = it->second;
        std::int64_t t = pending.int64(2);
        // The last slice starting at or before t; walk back to one that still holds t. Same-name
        // slices rarely nest, so the walk is short.
        auto after = std::upper_bound(spans.begin(), spans.end(), t, [](std::int64_t v, const SliceSpan& s) { return v < s.ts; });
        for (int steps = 0; after != spans.begin() && steps < 64; ++steps) {
            --after;
            if (after->end >= t) {
                links.emplace_back(pending.int64(0), after->id);
                break;
            }
        }
    }
    for (const auto& [allocation, slice] : links) {
        update.bind(1, slice).bind(2, allocation);
        update.run();
    }
    return static_cast<std::int64_t>(links.size());
}

} // namespace opscope
