// Human-readable times for the UI, in core's one format for people ("1s 231ms 461µs", as Perfetto writes
// it) with translated unit symbols; ruler and cursor labels keep the pieces their step or zoom resolves.
#pragma once
#include "core/model/time.h"

#include <QString>

namespace opscope {

// Every piece, nothing cut: "0s", "740ns", "1µs 250ns", "13ms 200µs", "2m 5s". With resolutionNs (1, 1e3,
// 1e6, 1e9, 6e10) rounded to that unit: formatDuration(1'231'461'500, 1000) is "1s 231ms 462µs".
QString formatDuration(TimeNs durNs, TimeNs resolutionNs = 1);
// Exact nanoseconds with the locale's separators and the human form: "1,234,567 ns (1ms 234µs 567ns)".
QString formatDurationExact(TimeNs durNs);
// A time offset (from trace start) for labels spaced stepNs apart: the pieces down to the largest unit
// dividing the step, so neighbouring ruler labels always differ and a fine zoom reaches nanoseconds.
QString formatTimeOffset(TimeNs offsetNs, TimeNs stepNs);
// A pointer position when one pixel spans nsPerPx: down to the largest of ns, µs, ms, s not above a pixel,
// so the status bar follows the zoom to nanoseconds and never shows digits the mouse cannot resolve.
QString formatTimeAtZoom(TimeNs offsetNs, TimeNs nsPerPx);

} // namespace opscope
