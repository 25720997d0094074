// Sums of int64 nanoseconds that cannot wrap: on overflow the sum saturates and the caller is told.
#pragma once
#include "core/model/time.h"

#include <limits>

namespace opscope {

// sum += value; false (and sum pinned to the int64 limit) when the true sum does not fit.
inline bool addChecked(TimeNs& sum, TimeNs value) {
    TimeNs result = 0;
    if (__builtin_add_overflow(sum, value, &result)) {
        sum = value > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
        return false;
    }
    sum = result;
    return true;
}

} // namespace opscope
