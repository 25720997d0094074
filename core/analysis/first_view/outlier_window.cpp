#include "core/analysis/first_view/outlier_window.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace opscope {

namespace {
// a - b and a + b clamped to the int64 range: bounds far outside the data are as good as infinite.
TimeNs minusSaturated(TimeNs a, TimeNs b) {
    TimeNs r = 0;
    if (!__builtin_sub_overflow(a, b, &r)) return r;
    return b > 0 ? std::numeric_limits<TimeNs>::min() : std::numeric_limits<TimeNs>::max();
}
TimeNs plusSaturated(TimeNs a, TimeNs b) {
    TimeNs r = 0;
    if (!__builtin_add_overflow(a, b, &r)) return r;
    return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
}
} // namespace

OutlierWindow findOutlierWindow(std::span<const TimelineSlice> slices, TimeRange trace) {
    OutlierWindow out;
    out.window = trace;
    const std::size_t n = slices.size();
    if (n < kMinSlices) return out;
    std::vector<TimeNs> starts;
    starts.reserve(n);
    for (const TimelineSlice& s : slices) starts.push_back(s.tsNs);
    const std::size_t k = std::max<std::size_t>(1, n / 100); // 1 % on each side, so a few outliers never set it
    std::nth_element(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(k), starts.end());
    const TimeNs low = starts[k];
    std::nth_element(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(n - 1 - k), starts.end());
    const TimeNs high = starts[n - 1 - k];
    // The span as unsigned: two int64 far apart may not subtract within int64.
    const auto spanU = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    const TimeNs span = std::max<TimeNs>(1000, spanU > static_cast<std::uint64_t>(std::numeric_limits<TimeNs>::max() / kOutlierSpans)
                                                     ? std::numeric_limits<TimeNs>::max() / kOutlierSpans
                                                     : static_cast<TimeNs>(spanU));
    const TimeNs lowBound = minusSaturated(low, span * kOutlierSpans);
    const TimeNs highBound = plusSaturated(high, span * kOutlierSpans);
    TimeNs windowStart = std::numeric_limits<TimeNs>::max(), windowEnd = std::numeric_limits<TimeNs>::min();
    for (const TimelineSlice& s : slices) {
        if (s.tsNs < lowBound || s.tsNs > highBound) {
            ++out.outliers;
            continue;
        }
        windowStart = std::min(windowStart, s.tsNs);
        windowEnd = std::max(windowEnd, plusSaturated(s.tsNs, std::max<TimeNs>(0, s.durNs)));
    }
    if (out.outliers == 0 || windowStart >= windowEnd) return OutlierWindow{trace, 0, 0};
    out.window = {windowStart, windowEnd};
    out.farthestNs = 0;
    for (const TimelineSlice& s : slices) {
        if (s.tsNs < windowStart) out.farthestNs = std::max(out.farthestNs, minusSaturated(windowStart, s.tsNs));
        else if (s.tsNs > windowEnd) out.farthestNs = std::max(out.farthestNs, minusSaturated(s.tsNs, windowEnd));
    }
    return out;
}

} // namespace opscope
