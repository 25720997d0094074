#include "core/analysis/launch/host_operator_diff.h"

#include "core/analysis/launch/checked_sum.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/store/host_call_reader.h"
#include "core/model/spillable_array.h"

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

namespace {

// Counts cpu_op slices by name id, keeping the first-seen order until the final sort.
class HostOperatorCounter {
public:
    HostOperatorCounter(std::uint32_t cpuOp, const std::optional<TimeRange>& window) : cpuOp_(cpuOp), window_(window) {}
    template <class NameOf> void add(std::uint32_t catId, std::uint32_t nameId, TimeNs tsNs, TimeNs durNs, NameOf&& nameOf) {
        if (!cpuOp_ || catId != cpuOp_ || (window_ && !window_->contains(tsNs))) return;
        auto [it, added] = indexOf_.try_emplace(nameId, out_.size());
        if (added) out_.push_back({std::string(nameOf(nameId))});
        HostOperatorCount& c = out_[it->second];
        ++c.count;
        addChecked(c.totalNs, durNs); // saturates: a total that large is still the largest
    }
    std::vector<HostOperatorCount> finish() {
        std::sort(out_.begin(), out_.end(), [](const HostOperatorCount& a, const HostOperatorCount& b) {
            return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
        });
        return std::move(out_);
    }

private:
    std::uint32_t cpuOp_;
    std::optional<TimeRange> window_;
    std::unordered_map<std::uint32_t, std::size_t> indexOf_;
    std::vector<HostOperatorCount> out_;
};

} // namespace

std::vector<HostOperatorCount> countHostOperators(const HostCallData& host, const std::optional<TimeRange>& window) {
    std::uint32_t cpuOp = 0;
    for (std::size_t id = 0; id < host.strings.size(); ++id)
        if (host.strings[id] == "cpu_op") cpuOp = static_cast<std::uint32_t>(id);
    HostOperatorCounter counter(cpuOp, window);
    for (const HostSliceRecord& s : host.slices)
        counter.add(s.catId, s.nameId, s.tsNs, s.durNs, [&](std::uint32_t id) { return host.text(id); });
    return counter.finish();
}

std::vector<HostOperatorCount> countHostOperators(const StoreSnapshot& all, const std::optional<TimeRange>& window) {
    std::uint32_t cpuOp = 0;
    for (std::uint32_t id = 1; id < all.strings.size(); ++id)
        if (all.strings.at(id) == "cpu_op") cpuOp = id;
    HostOperatorCounter counter(cpuOp, window);
    const SliceSet& set = all.slices;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t t = 0; t < set.trackCount(); ++t) {
        const TrackRecord* track = all.catalog.find(set.trackIds[t]);
        // The host calls' tracks (core/store/host_call_reader): thread tracks of a thread, on no device.
        if (!track || track->deviceId != 0 || track->kind != "thread" || track->threadId == 0) continue;
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
            const SliceRecord& s = walk[i];
            counter.add(s.catId, s.nameId, s.tsNs, s.durNs, [&](std::uint32_t id) { return all.strings.at(id); });
        }
    }
    return counter.finish();
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
