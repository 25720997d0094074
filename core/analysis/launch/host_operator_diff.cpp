#include "core/analysis/launch/host_operator_diff.h"

#include "core/analysis/launch/checked_sum.h"
#include "core/store/host_call_reader.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace opscope {

const char* countChangeName(CountChange change) {
    switch (change) {
    case CountChange::Added: return "added";
    case CountChange::Deleted: return "deleted";
    case CountChange::Increased: return "increased";
    case CountChange::Decreased: return "decreased";
    case CountChange::Unchanged: break;
    }
    return "unchanged";
}

std::vector<HostOperatorCount> countHostOperators(const HostCallData& host, const std::optional<TimeRange>& window) {
    std::uint32_t cpuOp = 0;
    for (std::size_t id = 0; id < host.strings.size(); ++id)
        if (host.strings[id] == "cpu_op") cpuOp = static_cast<std::uint32_t>(id);
    std::vector<HostOperatorCount> out;
    if (!cpuOp) return out;
    std::unordered_map<std::uint32_t, std::size_t> indexOf;
    for (const HostSliceRecord& s : host.slices) {
        if (s.catId != cpuOp || (window && !window->contains(s.tsNs))) continue;
        auto [it, added] = indexOf.try_emplace(s.nameId, out.size());
        if (added) out.push_back({std::string(host.text(s.nameId))});
        HostOperatorCount& c = out[it->second];
        ++c.count;
        addChecked(c.totalNs, s.durNs); // saturates: a total that large is still the largest
    }
    std::sort(out.begin(), out.end(), [](const HostOperatorCount& a, const HostOperatorCount& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    return out;
}

std::vector<HostOperatorDiff> diffHostOperators(const std::vector<HostOperatorCount>& base,
                                                const std::vector<HostOperatorCount>& current) {
    std::map<std::string, HostOperatorDiff> byName;
    for (const HostOperatorCount& b : base) {
        HostOperatorDiff& d = byName[b.name];
        d.name = b.name;
        d.baseCount = b.count;
        d.baseTotalNs = b.totalNs;
    }
    for (const HostOperatorCount& c : current) {
        HostOperatorDiff& d = byName[c.name];
        d.name = c.name;
        d.newCount = c.count;
        d.newTotalNs = c.totalNs;
    }
    std::vector<HostOperatorDiff> out;
    for (auto& [name, d] : byName) {
        if (d.baseCount == 0) d.change = CountChange::Added;
        else if (d.newCount == 0) d.change = CountChange::Deleted;
        else if (d.newCount > d.baseCount) d.change = CountChange::Increased;
        else if (d.newCount < d.baseCount) d.change = CountChange::Decreased;
        out.push_back(std::move(d));
    }
    std::stable_sort(out.begin(), out.end(), [](const HostOperatorDiff& a, const HostOperatorDiff& b) {
        if (a.change != b.change) return a.change < b.change;
        const TimeNs da = a.diffDurationNs() < 0 ? -a.diffDurationNs() : a.diffDurationNs();
        const TimeNs db = b.diffDurationNs() < 0 ? -b.diffDurationNs() : b.diffDurationNs();
        return da > db;
    });
    return out;
}

} // namespace opscope
