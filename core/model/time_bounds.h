// The range of times the store accepts: wide enough for epoch nanoseconds for the next century,
// narrow enough that any end (ts + dur) and any span (end - start) between stored times fits in int64.
#pragma once
#include "core/model/time.h"

#include <limits>

namespace opscope {

// +-4e18 ns (about 126 years either side of the epoch): a difference of two such times is at most
// 8e18 < INT64_MAX (9.22e18).
inline constexpr TimeNs kMaxStoreTimeNs = 4'000'000'000'000'000'000;
inline constexpr TimeNs kMinStoreTimeNs = -kMaxStoreTimeNs;

inline bool timeInStoreRange(TimeNs t) { return t >= kMinStoreTimeNs && t <= kMaxStoreTimeNs; }
inline TimeNs clampToStoreRange(TimeNs t) {
    return t < kMinStoreTimeNs ? kMinStoreTimeNs : t > kMaxStoreTimeNs ? kMaxStoreTimeNs : t;
}

// a + b, or nullopt-like false when it overflows int64 (no undefined behaviour on hostile input).
inline bool checkedAdd(TimeNs a, TimeNs b, TimeNs* sum) { return !__builtin_add_overflow(a, b, sum); }
inline bool checkedSub(TimeNs a, TimeNs b, TimeNs* difference) { return !__builtin_sub_overflow(a, b, difference); }

} // namespace opscope

namespace opscope {

// a + b pinned to the int64 limit on the side it overflows: an end (start + duration) read from a file
// that lies beyond int64 becomes "as late as can be" instead of undefined behaviour.
inline TimeNs saturatingAdd(TimeNs a, TimeNs b) {
    TimeNs sum = 0;
    if (checkedAdd(a, b, &sum)) return sum;
    return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
}

// end - start for a duration read from a file: 0 when negative or when the difference overflows
// (extreme msprof rows), never undefined behaviour.
inline TimeNs durationBetween(TimeNs startNs, TimeNs endNs) {
    TimeNs dur = 0;
    return checkedSub(endNs, startNs, &dur) && dur > 0 ? dur : 0;
}

} // namespace opscope

namespace opscope {

// A slice's start and duration as the store keeps them: a start outside the store's range is clamped
// (and its duration dropped), a negative duration is 0, and the end is pinned inside the range. The
// writer and the records of what importers emitted apply the same rule, so both see the same times.
enum class SliceTimeFix { None, StartOutOfRange, DurationOutOfRange };
inline SliceTimeFix boundSliceTimes(TimeNs* tsNs, TimeNs* durNs) {
    SliceTimeFix fix = SliceTimeFix::None;
    if (!timeInStoreRange(*tsNs)) {
        fix = SliceTimeFix::StartOutOfRange;
        *tsNs = clampToStoreRange(*tsNs);
        *durNs = 0;
    }
    if (*durNs < 0) *durNs = 0;
    if (*durNs > kMaxStoreTimeNs - *tsNs) {
        fix = SliceTimeFix::DurationOutOfRange;
        *durNs = kMaxStoreTimeNs - *tsNs;
    }
    return fix;
}

} // namespace opscope
