// Large arrays backed by transparent huge pages where the kernel offers them on request ("madvise"
// mode, Debian's default): opening a 10M-event store touches about 90,000 fresh 4 KiB pages, and in a
// virtual machine each first touch can cost 10 us of system time (0.9 s), where a 2 MiB page costs
// one fault for 512 of them.
#pragma once
#include <cstddef>
#include <vector>

namespace opscope {

// Below this an array is left to ordinary pages: a huge page only helps ranges that cover one.
inline constexpr std::size_t kHugePageAdviceMinBytes = std::size_t{4} << 20;

// Asks for huge pages on the 2 MiB-aligned part of [data, data + bytes) (madvise MADV_HUGEPAGE). Only
// advice: nothing changes in what the memory holds, and it is a no-op where the system has no such call
// or refuses it. Best called before the memory is first written. True when the kernel took the advice.
bool adviseHugePages(void* data, std::size_t bytes);

// v.reserve(count), the buffer advised: for arrays filled by push_back.
template <typename T, typename A>
void reserveOnHugePages(std::vector<T, A>& v, std::size_t count) {
    if (count * sizeof(T) >= kHugePageAdviceMinBytes && count > v.capacity()) {
        v.reserve(count);
        adviseHugePages(v.data(), v.capacity() * sizeof(T));
        return;
    }
    v.reserve(count);
}

// v.resize(count), with the new buffer advised before resize() writes it when it is large enough.
template <typename T, typename A>
void resizeOnHugePages(std::vector<T, A>& v, std::size_t count) {
    reserveOnHugePages(v, count);
    v.resize(count);
}

} // namespace opscope
