// Exact conversion of memory sizes written as decimal text in KB or MB (binary units, as torch_npu and
// msprof write them) to int64 bytes: digit by digit, never through a double.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace opscope {

inline constexpr int kKiBShift = 10; // "Size(KB)": 1 KB = 1024 bytes
inline constexpr int kMiBShift = 20; // "Total Allocated(MB)": 1 MB = 1048576 bytes

// text × 2^shiftBits, rounded half away from zero to a whole byte. Accepts a sign, a fraction and an
// exponent ("954.3701171875", "-0.5", "3.0517578125e-05"), spaces and a trailing tab around it.
// Digits past the 30th significant one are dropped (far below a byte for any real value).
// Returns nullopt for text that is not a number or a result beyond int64.
std::optional<std::int64_t> parseBinaryScaledBytes(std::string_view text, int shiftBits);

} // namespace opscope
