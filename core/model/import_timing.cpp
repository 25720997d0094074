#include "core/model/import_timing.h"

#include <cstdio>
#include <cstdlib>
#include <sqlite3.h>
#include <sys/resource.h>

namespace opscope {

bool importTimingEnabled() { return std::getenv("OPSCOPE_IMPORT_TIMING") != nullptr; }

std::string importMemoryReport() {
    struct rusage usage {};
    ::getrusage(RUSAGE_SELF, &usage);
    char text[96];
    std::snprintf(text, sizeof text, "peak RSS %6ld MB   SQLite %5lld MB", usage.ru_maxrss / 1024,
                  static_cast<long long>(sqlite3_memory_used() >> 20));
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
