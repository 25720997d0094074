#include "core/model/import_timing.h"

#include <cstdio>
#include <cstdlib>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sqlite3.h>
#include <sys/resource.h>

namespace opscope {

bool importTimingEnabled() { return std::getenv("OPSCOPE_IMPORT_TIMING") != nullptr; }

std::string importMemoryReport() {
    struct rusage usage {};
    ::getrusage(RUSAGE_SELF, &usage);
    char text[160];
    int n = std::snprintf(text, sizeof text, "peak RSS %6ld MB   SQLite %5lld MB", usage.ru_maxrss / 1024,
                          static_cast<long long>(sqlite3_memory_used() >> 20));
#if defined(__GLIBC__)
    // What the heap holds against what is allocated now: the difference is freed memory glibc keeps,
    // which peak RSS counts too.
    const struct mallinfo2 heap = ::mallinfo2();
    if (n > 0 && static_cast<std::size_t>(n) < sizeof text)
        std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n), "   heap in use %6zu MB, held %6zu MB",
                      (heap.uordblks + heap.hblkhd) >> 20, (heap.arena + heap.hblkhd) >> 20);
#endif
    return text;
}

StageTimer::StageTimer() : enabled_(importTimingEnabled()), last_(Clock::now()) {}

void StageTimer::mark(const char* stage) {
    if (!enabled_) return;
    const auto now = Clock::now();
    std::fprintf(stderr, "import: %-18s %8.3f s   %s\n", stage, std::chrono::duration<double>(now - last_).count(),
                 importMemoryReport().c_str());
    last_ = now;
}

} // namespace opscope
