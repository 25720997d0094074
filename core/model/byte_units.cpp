#include "core/model/byte_units.h"

namespace opscope {

namespace {

__extension__ typedef unsigned __int128 U128; // a GCC/Clang extension, as in decimal_time.cpp
constexpr int kMaxSignificantDigits = 30;
constexpr int kMaxShiftBits = 24; // 10^30 < 2^100: the shifted mantissa stays below 2^128
constexpr U128 kInt64Max = static_cast<U128>(INT64_MAX);

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trimmed(std::string_view t) {
    while (!t.empty() && isSpace(t.front())) t.remove_prefix(1);
    while (!t.empty() && isSpace(t.back())) t.remove_suffix(1);
    return t;
}

// The decimal as mantissa × 10^exponent10, mantissa limited to kMaxSignificantDigits digits.
struct Decimal {
    bool negative = false;
    U128 mantissa = 0;
    int exponent10 = 0;
};

std::optional<Decimal> parseDecimal(std::string_view t) {
    Decimal d;
    std::size_t i = 0;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) d.negative = t[i++] == '-';
    int digits = 0, significant = 0;
    bool dot = false;
    for (; i < t.size(); ++i) {
        char c = t[i];
        if (c == '.' && !dot) {
            dot = true;
            continue;
        }
        if (c < '0' || c > '9') break;
        ++digits;
        if (significant == 0 && c == '0') {
            if (dot) --d.exponent10; // leading zeros of a fraction only shift the exponent
            continue;
        }
        if (significant < kMaxSignificantDigits) {
            d.mantissa = d.mantissa * 10 + static_cast<unsigned>(c - '0');
            ++significant;
            if (dot) --d.exponent10;
        } else if (!dot) {
            ++d.exponent10; // an integer digit beyond the limit still counts as a power of ten
        }
    }
    if (digits == 0) return std::nullopt;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        bool negExp = false;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) negExp = t[i++] == '-';
        int exp = 0, expDigits = 0;
        for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i, ++expDigits)
            if (exp < 10000) exp = exp * 10 + (t[i] - '0');
        if (expDigits == 0) return std::nullopt;
        d.exponent10 += negExp ? -exp : exp;
    }
    if (i != t.size()) return std::nullopt;
    return d;
}

} // namespace

std::optional<std::int64_t> parseBinaryScaledBytes(std::string_view text, int shiftBits) {
    auto d = parseDecimal(trimmed(text));
    if (!d || shiftBits < 0 || shiftBits > kMaxShiftBits) return std::nullopt;
    U128 value = d->mantissa << shiftBits; // < 10^30 × 2^24 < 2^124: no overflow
    if (value == 0) return 0;
    if (d->exponent10 >= 0) {
        for (int e = 0; e < d->exponent10; ++e) {
            value *= 10;
            if (value > kInt64Max) return std::nullopt;
        }
    } else {
        int drop = -d->exponent10;
        if (drop > 38) return 0; // below 10^-8 of a byte for any mantissa we keep
        U128 divisor = 1;
        for (int e = 0; e < drop; ++e) divisor *= 10;
        U128 quotient = value / divisor, remainder = value % divisor;
        if (remainder * 2 >= divisor) ++quotient; // half away from zero
        value = quotient;
    }
    if (value > kInt64Max) return std::nullopt;
    auto bytes = static_cast<std::int64_t>(value);
    return d->negative ? -bytes : bytes;
}

} // namespace opscope
