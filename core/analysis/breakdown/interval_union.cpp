#include "core/analysis/breakdown/interval_union.h"

#include <algorithm>
#include <iterator>

namespace opscope {

void mergeIntervals(std::vector<Interval>& intervals) {
    // Slices of a track arrive sorted by start: checking is linear, sorting is not.
    auto byStart = [](const Interval& a, const Interval& b) { return a.startNs < b.startNs; };
    if (!std::is_sorted(intervals.begin(), intervals.end(), byStart))
        std::sort(intervals.begin(), intervals.end(), byStart);
    std::size_t out = 0;
    for (const Interval& iv : intervals) {
        if (iv.endNs <= iv.startNs) continue;
        if (out > 0 && iv.startNs <= intervals[out - 1].endNs) {
            intervals[out - 1].endNs = std::max(intervals[out - 1].endNs, iv.endNs);
        } else {
            intervals[out++] = iv;
        }
    }
    intervals.resize(out);
}

void SortedRuns::add(std::vector<Interval> run) {
    if (!run.empty()) runs_.push_back(std::move(run));
}

std::vector<Interval> SortedRuns::take() {
    auto byStart = [](const Interval& a, const Interval& b) { return a.startNs < b.startNs; };
    while (runs_.size() > 1) {
        std::vector<std::vector<Interval>> merged;
        merged.reserve((runs_.size() + 1) / 2);
        for (std::size_t i = 0; i + 1 < runs_.size(); i += 2) {
            std::vector<Interval> both;
            both.reserve(runs_[i].size() + runs_[i + 1].size());
            std::merge(runs_[i].begin(), runs_[i].end(), runs_[i + 1].begin(), runs_[i + 1].end(), std::back_inserter(both),
                       byStart);
            merged.push_back(std::move(both));
        }
        if (runs_.size() % 2 == 1) merged.push_back(std::move(runs_.back()));
        runs_ = std::move(merged);
    }
    std::vector<Interval> all = runs_.empty() ? std::vector<Interval>{} : std::move(runs_.front());
    runs_.clear();
    return all;
}

TimeNs totalLengthNs(const std::vector<Interval>& disjoint) {
    TimeNs total = 0;
    for (const Interval& iv : disjoint) total += iv.durationNs();
    return total;
}

std::vector<Interval> clipIntervals(const std::vector<Interval>& disjoint, TimeRange range) {
    std::vector<Interval> out;
    for (const Interval& iv : disjoint) {
        TimeNs s = std::max(iv.startNs, range.startNs);
        TimeNs e = std::min(iv.endNs, range.endNs);
        if (e > s) out.push_back({s, e});
    }
    return out;
}

std::vector<Interval> gapsBetween(const std::vector<Interval>& disjoint, TimeNs minGapNs) {
    std::vector<Interval> gaps;
    for (std::size_t i = 1; i < disjoint.size(); ++i) {
        TimeNs s = disjoint[i - 1].endNs;
        TimeNs e = disjoint[i].startNs;
        if (e > s && e - s >= minGapNs) gaps.push_back({s, e});
    }
    return gaps;
}

TimeNs overlapNs(TimeNs startNs, TimeNs endNs, TimeNs otherStartNs, TimeNs otherEndNs) {
    TimeNs s = std::max(startNs, otherStartNs);
    TimeNs e = std::min(endNs, otherEndNs);
    return e > s ? e - s : 0;
}

CoverageIndex::CoverageIndex(std::vector<Interval> intervals) : intervals_(std::move(intervals)) {
    mergeIntervals(intervals_);
    prefixNs_.resize(intervals_.size() + 1, 0);
    for (std::size_t i = 0; i < intervals_.size(); ++i)
        prefixNs_[i + 1] = prefixNs_[i] + intervals_[i].durationNs();
}

TimeNs CoverageIndex::coveredNs(TimeNs startNs, TimeNs endNs) const {
    if (endNs <= startNs || intervals_.empty()) return 0;
    // First interval ending after startNs, first interval starting at or after endNs.
    auto first = std::upper_bound(intervals_.begin(), intervals_.end(), startNs,
                                  [](TimeNs t, const Interval& iv) { return t < iv.endNs; });
    auto last = std::lower_bound(first, intervals_.end(), endNs,
                                 [](const Interval& iv, TimeNs t) { return iv.startNs < t; });
    if (first >= last) return 0;
    std::size_t a = static_cast<std::size_t>(first - intervals_.begin());
    std::size_t b = static_cast<std::size_t>(last - intervals_.begin());
    TimeNs total = prefixNs_[b] - prefixNs_[a];
    // Trim the partial ends of the first and last intervals.
    if (intervals_[a].startNs < startNs) total -= startNs - intervals_[a].startNs;
    if (intervals_[b - 1].endNs > endNs) total -= intervals_[b - 1].endNs - endNs;
    return total;
}

TimeNs CoverageIndex::coveredNs(TimeNs startNs, TimeNs endNs, std::size_t* hint) const {
    std::size_t a = *hint;
    while (a < intervals_.size() && intervals_[a].endNs <= startNs) ++a;
    *hint = a;
    if (endNs <= startNs) return 0;
    TimeNs total = 0;
    for (std::size_t i = a; i < intervals_.size() && intervals_[i].startNs < endNs; ++i)
        total += overlapNs(startNs, endNs, intervals_[i].startNs, intervals_[i].endNs);
    return total;
}

} // namespace opscope
