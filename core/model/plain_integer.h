// Integers spelt the one way JSON spells them: digits, perhaps a leading '-', no leading zero, no
// '+', fraction or exponent. Such a spelling and its value stand for each other, so a lookup keyed by
// the spelling can be keyed by the value instead.
#pragma once
#include <charconv>
#include <cstdint>
#include <string_view>

namespace opscope {

inline bool parsePlainInteger(std::string_view text, std::int64_t* out) {
    const std::size_t sign = !text.empty() && text[0] == '-' ? 1 : 0;
    if (text.size() == sign) return false;
    if (text[sign] == '0' && (text.size() > sign + 1 || sign == 1)) return false; // "01", "-0"
    const char* end = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data(), end, *out);
    return ec == std::errc() && p == end;
}

} // namespace opscope
