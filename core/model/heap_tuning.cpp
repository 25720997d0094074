#include "core/model/heap_tuning.h"

#include "core/model/huge_pages.h"

#include <cstdlib>
#include <cstring>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace opscope {

bool heapTuningAllowed(const char* setting) {
    if (setting == nullptr) return true;
    return std::strcmp(setting, "0") != 0 && std::strcmp(setting, "off") != 0;
}

namespace {

HeapTuning applyHeapTuning() {
    HeapTuning result;
#if defined(__linux__) && defined(__GLIBC__)
    if (!heapTuningAllowed(std::getenv("OPSCOPE_HEAP_TUNING"))) return result;
    // One arena for every thread: the store writer's thread (and Qt's workers) then allocate from the
    // advised heap too, instead of 64 MiB arenas of ordinary pages. On two cores the shared arena lock
    // cost less than the faults it saved (the meta import: 1.9-2.0 s against 2.1-2.3 s with per-thread
    // arenas, both advised).
    mallopt(M_ARENA_MAX, 1);
    // Blocks up to 32 MiB (glibc's upper bound for the setting) come from the heap, where a freed
    // block is reused, instead of a mapping of their own faulted in anew each time (hash tables'
    // bucket arrays as they double); larger ones get a mapping when the heap's free top cannot hold them.
    // This also stops glibc from moving the threshold and trimming by its own measure.
    constexpr int kOwnMappingFromBytes = 32 << 20;
    mallopt(M_MMAP_THRESHOLD, kOwnMappingFromBytes);
    // Every growth of the heap takes the reserve beyond what it needs, and trimming keeps the reserve:
    // so the growth forced below is one stretch, advised once, and later blocks are carved from it,
    // large ones too while they fit (glibc maps a block of its own only when the top cannot serve it).
    mallopt(M_TOP_PAD, static_cast<int>(kHeapReserveBytes));
    result.applied = true;

    // A block larger than the top of a fresh heap makes glibc grow it now, by the reserve.
    constexpr std::size_t kGrowthProbeBytes = std::size_t{1} << 20;
    char* const before = static_cast<char*>(::sbrk(0));
    // volatile: a malloc whose block is only freed is otherwise removed by the compiler.
    void* volatile probe = std::malloc(kGrowthProbeBytes);
    std::free(probe);
    // Read after the free: glibc trims what lies beyond the reserve, and advice past the heap's end fails.
    char* const after = static_cast<char*>(::sbrk(0));
    if (before == reinterpret_cast<char*>(-1) || after == reinterpret_cast<char*>(-1) || after <= before) {
        return result; // the heap did not grow (a heap already large, or sbrk refused): nothing advised
    }
    const auto grown = static_cast<std::size_t>(after - before);
    if (adviseHugePages(before, grown)) result.advisedBytes = grown;
#endif
    return result;
}

} // namespace

HeapTuning tuneHeapForLargeTraces() {
    static const HeapTuning once = applyHeapTuning();
    return once;
}

} // namespace opscope
