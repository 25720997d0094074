#include "core/importers/chrome_json/decimal_time.h"

#include <cstdint>
#include <limits>

namespace opscope {

namespace {
// 128-bit intermediate so 30 significant digits scale without overflow (a GCC/Clang extension).
__extension__ typedef __int128 Int128;
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
} // namespace

// The common spelling ("1736408883704643.212", "53.7410625", "12"): at most 18 digits before the point,
// no exponent. Computed in 64-bit integers; anything else goes the general way.
static std::optional<TimeNs> parsePlainDecimal(std::string_view text, int scaleDigits, bool* handled) {
    static constexpr std::int64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
                                              1000000000, 10000000000};
    *handled = false;
    std::size_t i = 0;
    bool negative = text[0] == '-';
    if (negative || text[0] == '+') ++i;
    std::uint64_t whole = 0;
    std::size_t wholeDigits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        whole = whole * 10 + static_cast<std::uint64_t>(text[i] - '0');
        ++i;
        if (++wholeDigits > 18) return std::nullopt;
    }
    std::uint64_t fraction = 0;
    int fractionDigits = 0;
    int roundDigit = 0;
    bool anyFraction = false;
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            anyFraction = true;
            if (fractionDigits < scaleDigits) {
                fraction = fraction * 10 + static_cast<std::uint64_t>(text[i] - '0');
                ++fractionDigits;
            } else if (fractionDigits == scaleDigits) {
                roundDigit = text[i] - '0';
                ++fractionDigits; // further digits do not change a half-up rounding
            }
            ++i;
        }
        if (!anyFraction) return std::nullopt;
    }
    if (i != text.size() || (wholeDigits == 0 && !anyFraction) || scaleDigits > 10) return std::nullopt;
    int kept = fractionDigits > scaleDigits ? scaleDigits : fractionDigits;
    std::uint64_t scaledWhole = whole * static_cast<std::uint64_t>(kPow10[scaleDigits]);
    if (whole != 0 && scaledWhole / static_cast<std::uint64_t>(kPow10[scaleDigits]) != whole) return std::nullopt;
    std::uint64_t value = scaledWhole + fraction * static_cast<std::uint64_t>(kPow10[scaleDigits - kept]);
    if (roundDigit >= 5) ++value;
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    *handled = true;
    return negative ? -static_cast<TimeNs>(value) : static_cast<TimeNs>(value);
}

std::optional<TimeNs> parseDecimalScaled(std::string_view text, int scaleDigits) {
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    if (text.empty()) return std::nullopt;
    bool handled = false;
    std::optional<TimeNs> fast = parsePlainDecimal(text, scaleDigits, &handled);
    if (handled) return fast;
    std::size_t i = 0;
    bool negative = false;
    if (text[i] == '-' || text[i] == '+') {
        negative = text[i] == '-';
        ++i;
    }
    // Collect significant digits and the position of the decimal point.
    Int128 mantissa = 0;
    int fractionDigits = 0;
    int droppedDigits = 0; // digits beyond what we keep (after the point, beyond 30 digits)
    int firstDropped = -1;
    bool anyDigit = false, seenPoint = false;
    int kept = 0;
    for (; i < text.size(); ++i) {
        char c = text[i];
        if (c >= '0' && c <= '9') {
            anyDigit = true;
            if (kept < 30) {
                mantissa = mantissa * 10 + (c - '0');
                if (mantissa != 0) ++kept;
                if (seenPoint) ++fractionDigits;
            } else {
                if (firstDropped < 0) firstDropped = c - '0';
                if (!seenPoint) ++droppedDigits;
            }
        } else if (c == '.' && !seenPoint) {
            seenPoint = true;
        } else {
            break;
        }
    }
    if (!anyDigit) return std::nullopt;
    int exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
            expNegative = text[i] == '-';
            ++i;
        }
        bool expDigit = false;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            expDigit = true;
            if (exponent < 1000) exponent = exponent * 10 + (text[i] - '0');
        }
        if (!expDigit) return std::nullopt;
        if (expNegative) exponent = -exponent;
    }
    if (i != text.size()) return std::nullopt;
    // value = mantissa * 10^(droppedDigits + exponent - fractionDigits + scaleDigits)
    int shift = droppedDigits + exponent - fractionDigits + scaleDigits;
    const Int128 limit = static_cast<Int128>(std::numeric_limits<std::int64_t>::max());
    if (shift >= 0) {
        for (int k = 0; k < shift; ++k) {
            mantissa *= 10;
            if (mantissa > limit) return std::nullopt;
        }
    } else {
        int roundDigit = firstDropped >= 0 && droppedDigits == 0 ? firstDropped : 0;
        for (int k = 0; k < -shift; ++k) {
            roundDigit = static_cast<int>(mantissa % 10);
            mantissa /= 10;
        }
        if (roundDigit >= 5) mantissa += 1;
    }
    if (mantissa > limit) return std::nullopt;
    std::int64_t value = static_cast<std::int64_t>(mantissa);
    return negative ? -value : value;
}

// Nearly every trace time is spelled "1736408883704643.212" or "9.204": at most 15 digits before the
// point and 3 after it, so the nanoseconds are exact and fit int64 without a check. Those are read
// here in one tight loop; false sends anything else (spaces, exponents, more digits) the general way.
static bool parseShortMicros(std::string_view text, TimeNs* ns) {
    const char* p = text.data();
    const char* end = p + text.size();
    const bool negative = p < end && *p == '-';
    if (negative) ++p;
    const char* digits = p;
    std::int64_t value = 0;
    while (p < end && static_cast<unsigned>(*p - '0') < 10) value = value * 10 + (*p++ - '0');
    if (p == digits || p - digits > 15) return false;
    int fractionDigits = 0;
    if (p < end && *p == '.') {
        ++p;
        for (; p < end && static_cast<unsigned>(*p - '0') < 10; ++p) {
            if (++fractionDigits > 3) return false;
            value = value * 10 + (*p - '0');
        }
        if (fractionDigits == 0) return false;
    }
    if (p != end) return false;
    for (int i = fractionDigits; i < 3; ++i) value *= 10;
    *ns = negative ? -value : value;
    return true;
}

std::optional<TimeNs> parseMicrosToNs(std::string_view text) {
    TimeNs ns = 0;
    if (parseShortMicros(text, &ns)) return ns;
    return parseDecimalScaled(text, 3);
}

} // namespace opscope
