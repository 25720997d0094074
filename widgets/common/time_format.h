// Human-readable times for the UI: durations with a unit chosen by size (ns, µs, ms, s) and ruler
// timestamps whose decimals follow the tick step, so neighbouring labels always differ.
#pragma once
#include "core/model/time.h"

#include <QString>

namespace opscope {

// "0 ns", "740 ns", "1.25 µs", "13.2 ms", "2.500 s": three significant digits from µs upwards.
QString formatDuration(TimeNs durNs);
// Exact nanoseconds with thousands separators and the short form: "1 234 567 ns (1.23 ms)".
QString formatDurationExact(TimeNs durNs);
// A time offset (from trace start, or absolute) labelled with just enough decimals for stepNs.
QString formatTimeOffset(TimeNs offsetNs, TimeNs stepNs);

} // namespace opscope
