// Interval arithmetic on int64 ns: unions of possibly nested or overlapping slices, the gaps between
// them, and fast overlap queries, so busy time is never double counted.
#pragma once
#include "core/model/time.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace opscope {

struct Interval {
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    TimeNs durationNs() const { return endNs - startNs; }
};

// Sorts and merges in place: afterwards the intervals are disjoint, sorted and non-empty.
// Touching intervals ([a,b) and [b,c)) merge, so no zero-length gap survives.
void mergeIntervals(std::vector<Interval>& intervals);

// Adds iv to a union built from intervals coming sorted by start: the list mergeIntervals would make of
// them all, without holding them all first (a 10 GB trace's device has millions of slices).
inline void appendToUnion(std::vector<Interval>& merged, const Interval& iv) {
    if (iv.endNs <= iv.startNs) return;
    if (!merged.empty() && iv.startNs <= merged.back().endNs) merged.back().endNs = std::max(merged.back().endNs, iv.endNs);
    else merged.push_back(iv);
}

// The length of the union of intervals coming sorted by start, by the rule appendToUnion follows,
// keeping only the current run: a device's or a track's busy time without a list of its slices.
class UnionLength {
public:
    void add(const Interval& iv) {
        if (iv.endNs <= iv.startNs) return;
        if (open_ && iv.startNs <= run_.endNs) {
            run_.endNs = std::max(run_.endNs, iv.endNs);
            return;
        }
        close();
        run_ = iv;
        open_ = true;
    }
    // False when the length does not fit in int64 ns (*total is then left alone).
    bool total(TimeNs* total) {
        close();
        if (!fits_) return false;
        *total = sum_;
        return true;
    }

private:
    void close() {
        if (open_ && __builtin_add_overflow(sum_, run_.durationNs(), &sum_)) fits_ = false;
        open_ = false;
    }
    Interval run_;
    bool open_ = false, fits_ = true;
    TimeNs sum_ = 0;
};

// Runs sorted by start, collected and handed back as one run sorted by start. Merged in pairs, about
// log2(runs) linear passes; merging each run into all that came before is quadratic in the number of
// runs (a trace of 48,000 host tracks: 10 G instructions). Intervals with equal starts from different
// runs may come in either order.
class SortedRuns {
public:
    void add(std::vector<Interval> run); // sorted by start; an empty run is dropped
    std::vector<Interval> take();        // all of them, sorted by start; the collection is left empty

private:
    std::vector<std::vector<Interval>> runs_;
};

// Total length of disjoint intervals.
TimeNs totalLengthNs(const std::vector<Interval>& disjoint);

// Keeps the parts of disjoint intervals that lie inside [range.startNs, range.endNs).
std::vector<Interval> clipIntervals(const std::vector<Interval>& disjoint, TimeRange range);

// The holes between consecutive disjoint intervals whose length is at least minGapNs (and > 0).
std::vector<Interval> gapsBetween(const std::vector<Interval>& disjoint, TimeNs minGapNs);

// Length of the overlap of [startNs, endNs) with [other.startNs, other.endNs); 0 when they do not meet.
TimeNs overlapNs(TimeNs startNs, TimeNs endNs, TimeNs otherStartNs, TimeNs otherEndNs);

// Disjoint intervals with prefix sums: the covered length inside any window in O(log n).
class CoverageIndex {
public:
    CoverageIndex() = default;
    explicit CoverageIndex(std::vector<Interval> intervals); // merged here
    TimeNs coveredNs(TimeNs startNs, TimeNs endNs) const;
    // The same for queries whose starts never decrease: hint (start it at 0) walks forward, so a
    // sorted sequence of windows costs linear time instead of two binary searches each.
    TimeNs coveredNs(TimeNs startNs, TimeNs endNs, std::size_t* hint) const;
    const std::vector<Interval>& intervals() const { return intervals_; }
    bool empty() const { return intervals_.empty(); }

private:
    std::vector<Interval> intervals_;
    std::vector<TimeNs> prefixNs_; // prefixNs_[i] = total length of intervals_[0, i)
};

} // namespace opscope
