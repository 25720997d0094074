#include "core/analysis/diagnosis/finding_value_text.h"

#include "core/model/time_format.h"

#include <cmath>
#include <cstdio>

namespace opscope {

namespace {

std::string fixed(double value, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

bool isDuration(const std::string& unit) { return unit == "us" || unit == "ns" || unit == "ms"; }

} // namespace

std::optional<TimeNs> findingDurationNs(double value, const std::string& unit) {
    if (!isDuration(unit) || std::isnan(value)) return std::nullopt;
    const double ns = value * (unit == "ms" ? 1e6 : unit == "us" ? 1e3 : 1.0);
    // Beyond int64 nanoseconds (292 years) no finding measures; say so rather than wrap.
    if (!(std::fabs(ns) < 9.2e18)) return std::nullopt;
    return static_cast<TimeNs>(std::llround(ns));
}

std::string findingNumberText(double value, const std::string& unit) {
    if (std::isnan(value)) return "-";
    if (unit == "share" || unit == "hit rate") return fixed(value * 100.0, 1);
    if (unit == "points") return fixed(value, 1);
    if (unit == "ops/byte") return fixed(value, 2);
    if (isDuration(unit)) {
        const std::optional<TimeNs> ns = findingDurationNs(value, unit);
        return ns ? humanDurationText(*ns) : "-";
    }
    if (unit == "ratio" || unit.empty()) return fixed(value, 3);
    constexpr double kWholeDigitsUpTo = 9007199254740992.0; // 2^53
    if (value == std::floor(value) && std::fabs(value) <= kWholeDigitsUpTo) return fixed(value, 0);
    return fixed(value, std::fabs(value) >= 100 ? 1 : 3);
}

FindingSuffix findingSuffix(double value, const std::string& unit) {
    if (std::isnan(value) || isDuration(unit) || unit == "ratio" || unit.empty()) return FindingSuffix::None;
    if (unit == "share" || unit == "hit rate") return FindingSuffix::Percent;
    if (unit == "points") return FindingSuffix::Points;
    if (unit == "ops/byte") return FindingSuffix::FlopPerByte;
    return FindingSuffix::Unit;
}

std::string findingValueText(double value, const std::string& unit) {
    const std::string number = findingNumberText(value, unit);
    switch (findingSuffix(value, unit)) {
    case FindingSuffix::None: return number;
    case FindingSuffix::Percent: return number + "%";
    case FindingSuffix::Points: return number + " points";
    case FindingSuffix::FlopPerByte: return number + " FLOP/byte";
    case FindingSuffix::Unit: return number + " " + unit;
    }
    return number;
}

} // namespace opscope
