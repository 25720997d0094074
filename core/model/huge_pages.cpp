#include "core/model/huge_pages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace opscope {

bool adviseHugePages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    if (data == nullptr || bytes > UINTPTR_MAX - begin) return false;
    const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
    const std::uintptr_t last = (begin + bytes) & ~(kHugePage - 1);
    if (first >= last) return false; // no whole huge page inside
    // Advice only: a kernel without THP or a range it will not take answers an error, which changes nothing.
    return ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE) == 0;
#else
    (void)data;
    (void)bytes;
    return false;
#endif
}

} // namespace opscope
