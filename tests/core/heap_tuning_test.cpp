// The allocator tuning of core/model/heap_tuning.h: what turns it off, that it runs once, and that the
// heap small blocks land in after it carries the huge-page advice (read back from /proc/self/smaps).
#include "core/model/heap_tuning.h"
#include "tests/core/proc_mappings.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

using namespace opscope;

TEST_CASE("heap tuning: OPSCOPE_HEAP_TUNING turns it off with 0 or off, nothing else", "[heap_tuning]") {
    CHECK(heapTuningAllowed(nullptr));
    CHECK(heapTuningAllowed("1"));
    CHECK(heapTuningAllowed(""));
    CHECK(heapTuningAllowed("on"));
    CHECK_FALSE(heapTuningAllowed("0"));
    CHECK_FALSE(heapTuningAllowed("off"));
}

#if defined(__linux__) && defined(__GLIBC__)
using opscope::test::kernelTakesHugePageAdvice;
using opscope::test::procMappingOf;

// AddressSanitizer's allocator replaces glibc's heap: the tuning then has no heap to grow.
#if defined(__SANITIZE_ADDRESS__)
#define OPSCOPE_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OPSCOPE_TEST_UNDER_ASAN 1
#endif
#endif

TEST_CASE("heap tuning: small blocks made after it land in heap the kernel was asked huge pages for",
          "[heap_tuning]") {
    const HeapTuning tuning = tuneHeapForLargeTraces();
    REQUIRE(tuning.applied);
    CHECK(tuneHeapForLargeTraces().advisedBytes == tuning.advisedBytes); // once per process
    if (!kernelTakesHugePageAdvice()) {
        WARN("this kernel does not take MADV_HUGEPAGE: nothing to check");
        return;
    }
#if defined(OPSCOPE_TEST_UNDER_ASAN)
    WARN("AddressSanitizer's allocator replaces glibc's heap: nothing to check");
    return;
#endif
    // ctest runs each case in its own process, so the tuning meets a heap still small enough to grow.
    // The heap grew by the reserve less the free top it had before (a few KiB at start-up).
    REQUIRE(tuning.advisedBytes > kHeapReserveBytes - (std::size_t{1} << 20));
    REQUIRE(tuning.advisedBytes <= kHeapReserveBytes + (std::size_t{1} << 20));
    // Blocks of a size the handler makes by the hundred thousand, enough of them to pass the heap's
    // unadvised head (the 2 MiB-aligned part of the reserve is what is advised).
    std::vector<char*> blocks;
    for (int i = 0; i < 8192; ++i) {
        blocks.push_back(static_cast<char*>(std::malloc(1000)));
        std::memset(blocks.back(), 1, 1000);
    }
    const test::ProcMapping last = procMappingOf(blocks.back());
    CHECK(last.heap);
    CHECK(last.hugePageAdvised);

    // Another thread's blocks too (the store writer's): one arena, no per-thread heap of ordinary pages.
    char* fromThread = nullptr;
    std::thread writer([&fromThread] {
        fromThread = static_cast<char*>(std::malloc(1000));
        std::memset(fromThread, 1, 1000);
    });
    writer.join();
    CHECK(procMappingOf(fromThread).heap);
    std::free(fromThread);
    for (char* b : blocks) std::free(b);
}
#endif
