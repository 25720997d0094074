// The numeric key stored beside a process's pid and a thread's tid (process.pid_num, thread.tid_num):
// the id itself when the trace wrote a number, else a stable number derived from the text, so that
// every process and thread can be joined and sorted by an integer whatever the trace wrote.
#pragma once
#include <cstdint>
#include <string_view>

namespace opscope {

// Added to the hash of a textual id: keys of names start at 2^62 and never meet a real numeric id.
inline constexpr std::int64_t kTextIdKeyBase = std::int64_t{1} << 62;

// "25738" -> 25738; "-3" -> -3; "2/25738" (a second input's prefix) -> 25738; "foo" -> 2^62 + a 62-bit
// FNV-1a hash of "foo" (the same for the same text in every store).
std::int64_t numericIdKey(std::string_view idKey);

} // namespace opscope
