// The one formatter of times and durations: the CLI, the report, the diagnosis texts and the GUI (which only
// translates the unit symbol) all print int64 nanoseconds through these, with integer arithmetic only.
#pragma once
#include "core/model/time.h"

#include <string>
#include <vector>

namespace opscope {

// Exact microseconds with three decimals: 1234567 -> "1234.567", -1500 -> "-1.500".
std::string microsText(TimeNs ns);
// A duration in ns held as a double (a mean) as microseconds with three decimals; "" for NaN.
std::string microsText(double ns);

// The largest unit not above |ns| with three decimals: "1.234 s", "12.500 ms", "3.000 us", "999 ns".
std::string durationText(TimeNs ns);

// valueNs / unitNs with `decimals` digits, rounded half up, without a double ("12.35" for 12345 ns in µs);
// with 0 decimals the whole part, truncated.
std::string fixedDecimalText(TimeNs valueNs, TimeNs unitNs, int decimals);

// About three significant digits in the largest fitting unit: 1234 ns -> {"1.23", 1000}, 250000000 ->
// {"250", 1000000}, 2 s -> {"2.000", 1000000000}; below 1 µs the exact ns. The caller adds the unit symbol.
struct DurationParts {
    std::string number;
    TimeNs unitNs = 1; // 1, 1000, 1000000 or 1000000000
};
DurationParts compactDuration(TimeNs ns);
// compactDuration with ASCII symbols: "1.23 us", "250 ms".
std::string compactDurationText(TimeNs ns);

// The unit a magnitude is shown in: 1, 1e3, 1e6 or 1e9 ns.
TimeNs durationUnitFor(TimeNs magnitudeNs);

// The time format for people, as Perfetto UI writes it: whole minutes, seconds, milliseconds, microseconds
// and nanoseconds, zero pieces left out ("1s 231ms 461us", "2m 5s", "740ns", "0s"). resolutionNs (1, 1e3,
// 1e6, 1e9 or 6e10) drops the pieces below it after rounding half up to it, so a label can follow a zoom
// level; with 1 nothing is lost. The GUI takes the pieces and writes its translated unit symbols.
struct DurationPiece {
    unsigned long long count = 0;
    TimeNs unitNs = 1; // 60e9, 1e9, 1e6, 1e3 or 1
};
struct HumanDuration {
    bool negative = false;
    std::vector<DurationPiece> pieces; // largest unit first; empty for zero
};
HumanDuration humanDuration(TimeNs ns, TimeNs resolutionNs = 1);
// humanDuration with ASCII symbols "m", "s", "ms", "us", "ns" and a space between pieces.
std::string humanDurationText(TimeNs ns, TimeNs resolutionNs = 1);
// The finest unit of humanDuration at or below stepNs (1 ns..1 min): the resolution for labels spaced
// stepNs apart, so neighbours always differ (a 2.5 ms step keeps microseconds).
TimeNs humanResolutionFor(TimeNs stepNs);

} // namespace opscope
