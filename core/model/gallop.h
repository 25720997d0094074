// A partition point searched from a known start: the answer is usually a few places on (the next pixel
// column's slices, samples or flows; the next id of an ordered scan), so the search probes 1, 2, 4...
// places on until it passes it and then halves that stretch alone. It touches a few cache lines where a
// binary search of the whole rest of the range would touch a line per halving.
#pragma once
#include <algorithm>
#include <cstddef>

namespace opscope {

// The first index in [from, n) at which pred is false, or n; pred(i) must be true for every index before
// that one in [from, n) and false for every one from it on. from >= n answers n.
template <typename Pred>
std::size_t gallopPartitionPoint(std::size_t from, std::size_t n, Pred&& pred) {
    if (from >= n) return n;
    std::size_t lo = from, hi = from, step = 1;
    while (hi < n && pred(hi)) { // every index up to hi holds
        lo = hi + 1;
        hi = from + step;
        step *= 2;
    }
    hi = std::min(hi, n);
    while (lo < hi) { // the answer is in [lo, hi]
        const std::size_t mid = lo + (hi - lo) / 2;
        if (pred(mid)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

} // namespace opscope
