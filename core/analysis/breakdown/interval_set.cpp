#include "core/analysis/breakdown/interval_set.h"

#include <algorithm>

namespace opscope {

std::vector<Interval> intersectIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    std::vector<Interval> out;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        TimeNs s = std::max(a[i].startNs, b[j].startNs);
        TimeNs e = std::min(a[i].endNs, b[j].endNs);
        if (e > s) out.push_back({s, e});
        if (a[i].endNs < b[j].endNs) ++i;
        else ++j;
    }
    return out;
}

std::vector<Interval> subtractIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    std::vector<Interval> out;
    std::size_t j = 0;
    for (const Interval& iv : a) {
        TimeNs cursor = iv.startNs;
        while (j < b.size() && b[j].endNs <= cursor) ++j;
        std::size_t k = j;
        for (; k < b.size() && b[k].startNs < iv.endNs; ++k) {
            if (b[k].startNs > cursor) out.push_back({cursor, b[k].startNs});
            cursor = std::max(cursor, b[k].endNs);
            if (cursor >= iv.endNs) break;
        }
        if (cursor < iv.endNs) out.push_back({cursor, iv.endNs});
    }
    return out;
}

std::vector<Interval> uniteIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    std::vector<Interval> out;
    out.reserve(a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out),
               [](const Interval& x, const Interval& y) { return x.startNs < y.startNs; });
    mergeIntervals(out);
    return out;
}

bool addChecked(TimeNs* sum, TimeNs value) {
    TimeNs result = 0;
    if (__builtin_add_overflow(*sum, value, &result)) return false;
    *sum = result;
    return true;
}

bool checkedLengthNs(const std::vector<Interval>& disjoint, TimeNs* total) {
    TimeNs sum = 0;
    for (const Interval& iv : disjoint)
        if (!addChecked(&sum, iv.endNs - iv.startNs)) return false;
    *total = sum;
    return true;
}

} // namespace opscope
