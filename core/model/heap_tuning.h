// Start-up settings of the C library's allocator, for imports and opens of large traces.
//
// Importing the metadata-shaped Kineto benchmark grows the heap by about 170 MB in small blocks: some
// 49,000 first touches of fresh 4 KiB pages. In a virtual machine a first touch can cost 10 us of
// system time, half a second of a two-second import. glibc takes its heap in small steps from the
// kernel and gives each thread its own arena, so none of it lands on transparent huge pages where the
// kernel grants them only on request ("madvise" mode, Debian's and Ubuntu's default). The tuning below
// reserves one large stretch of heap up front, asks huge pages for it, and keeps every thread's small
// blocks in it: 5,000 faults instead of 49,000 (figures in docs/BENCHMARKS.md, "Issue #22, session 15").
#pragma once
#include <cstddef>

namespace opscope {

// How much heap is reserved and advised up front (virtual: pages are resident only once written).
inline constexpr std::size_t kHeapReserveBytes = std::size_t{256} << 20;

struct HeapTuning {
    bool applied = false;          // the allocator settings were changed
    std::size_t advisedBytes = 0;  // heap bytes the kernel took the huge-page advice for
};

// Whether the environment's OPSCOPE_HEAP_TUNING value (null when unset) allows the tuning: only "0"
// and "off" turn it off, for comparisons and for systems where it misbehaves.
bool heapTuningAllowed(const char* setting);

// Applies the tuning once per process (later calls return the first call's answer). Call it first
// in main, before any thread starts. A no-op, answering {}, off glibc and Linux or when turned off.
HeapTuning tuneHeapForLargeTraces();

} // namespace opscope
