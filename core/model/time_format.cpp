#include "core/model/time_format.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace opscope {

namespace {
unsigned long long magnitudeOf(TimeNs ns) {
    return ns < 0 ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
}
} // namespace

std::string microsText(TimeNs ns) {
    char buf[48];
    const unsigned long long v = magnitudeOf(ns);
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu", ns < 0 ? "-" : "", v / 1000, v % 1000);
    return buf;
}

std::string microsText(double ns) {
    if (std::isnan(ns)) return {};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", ns / 1000.0);
    return buf;
}

TimeNs durationUnitFor(TimeNs magnitudeNs) {
    if (magnitudeNs >= 1'000'000'000) return 1'000'000'000;
    if (magnitudeNs >= 1'000'000) return 1'000'000;
    if (magnitudeNs >= 1'000) return 1'000;
    return 1;
}

std::string fixedDecimalText(TimeNs valueNs, TimeNs unitNs, int decimals) {
    const unsigned long long absNs = magnitudeOf(valueNs);
    const unsigned long long unit = static_cast<unsigned long long>(unitNs > 0 ? unitNs : 1);
    unsigned long long whole = absNs / unit;
    const unsigned long long frac = absNs % unit;
    std::string fraction;
    if (decimals > 0) {
        // unitNs is 10^k: scale the remainder to `decimals` digits, rounding half up.
        unsigned long long scale = 1;
        for (int i = 0; i < decimals; ++i) scale *= 10;
        unsigned long long scaled = (frac * scale * 2 + unit) / (unit * 2);
        if (scaled >= scale) {
            ++whole;
            scaled -= scale;
        }
        std::string digits = std::to_string(scaled);
        fraction = "." + std::string(static_cast<std::size_t>(decimals) - digits.size(), '0') + digits;
    } // without decimals the whole part is kept as is (the GUI's "123 µs" for 123.9 µs)
    return (valueNs < 0 ? "-" : "") + std::to_string(whole) + fraction;
}

std::string durationText(TimeNs ns) {
    const TimeNs unit = durationUnitFor(static_cast<TimeNs>(std::min<unsigned long long>(magnitudeOf(ns), INT64_MAX)));
    if (unit == 1) return std::to_string(ns) + " ns";
    const char* symbol = unit == 1'000'000'000 ? " s" : unit == 1'000'000 ? " ms" : " us";
    return fixedDecimalText(ns, unit, 3) + symbol;
}

DurationParts compactDuration(TimeNs ns) {
    const unsigned long long magnitude = magnitudeOf(ns);
    const TimeNs unit = durationUnitFor(static_cast<TimeNs>(std::min<unsigned long long>(magnitude, INT64_MAX)));
    if (unit == 1) return {std::to_string(ns), 1};
    const unsigned long long whole = magnitude / static_cast<unsigned long long>(unit);
    const int decimals = unit == 1'000'000'000 ? 3 : (whole >= 100 ? 0 : whole >= 10 ? 1 : 2);
    return {fixedDecimalText(ns, unit, decimals), unit};
}

std::string compactDurationText(TimeNs ns) {
    const DurationParts parts = compactDuration(ns);
    const char* symbol = parts.unitNs == 1'000'000'000 ? " s"
                         : parts.unitNs == 1'000'000   ? " ms"
                         : parts.unitNs == 1'000       ? " us"
                                                       : " ns";
    return parts.number + symbol;
}

namespace {
constexpr TimeNs kHumanUnits[] = {60'000'000'000, 1'000'000'000, 1'000'000, 1'000, 1};
} // namespace

HumanDuration humanDuration(TimeNs ns, TimeNs resolutionNs) {
    HumanDuration out;
    out.negative = ns < 0;
    unsigned long long rest = magnitudeOf(ns);
    const unsigned long long resolution = resolutionNs > 1 ? static_cast<unsigned long long>(resolutionNs) : 1ull;
    if (resolution > 1) {
        const unsigned long long remainder = rest % resolution;
        rest -= remainder;
        // Half up; the magnitude of INT64_MIN plus one resolution still fits an unsigned 64-bit value.
        if (remainder * 2 >= resolution) rest += resolution;
    }
    if (rest == 0) out.negative = false;
    for (TimeNs unit : kHumanUnits) {
        const unsigned long long u = static_cast<unsigned long long>(unit);
        if (u < resolution) break;
        if (rest >= u) {
            out.pieces.push_back({rest / u, unit});
            rest %= u;
        }
    }
    return out;
}

std::string humanDurationText(TimeNs ns, TimeNs resolutionNs) {
    const HumanDuration d = humanDuration(ns, resolutionNs);
    if (d.pieces.empty()) return "0s";
    std::string text = d.negative ? "-" : "";
    for (const DurationPiece& p : d.pieces) {
        if (&p != &d.pieces.front()) text += ' ';
        text += std::to_string(p.count);
        text += p.unitNs == 60'000'000'000 ? "m" : p.unitNs == 1'000'000'000 ? "s" : p.unitNs == 1'000'000 ? "ms"
              : p.unitNs == 1'000                                            ? "us"
                                                                             : "ns";
    }
    return text;
}

TimeNs humanResolutionFor(TimeNs stepNs) {
    if (stepNs <= 1) return 1;
    for (TimeNs unit : kHumanUnits)
        if (unit <= stepNs && stepNs % unit == 0) return unit; // the largest unit that divides the step exactly
    return 1;
}

} // namespace opscope
