// The allocator tuning of core/model/heap_tuning.h: what turns it off, that it runs once, and that the
// heap small blocks land in after it carries the huge-page advice (read back from /proc/self/smaps).
#include "core/model/heap_tuning.h"
#include "core/model/huge_pages.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__) && defined(__GLIBC__)
#include <sys/mman.h>
#endif

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
namespace {

struct Mapping {
    std::uintptr_t begin = 0, end = 0;
    bool heap = false;    // the "[heap]" of brk
    bool advised = false; // VmFlags "hg"
};

// The mapping holding address p, from /proc/self/smaps; an empty mapping when none does.
Mapping mappingOf(const void* p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    Mapping current, found;
    bool inside = false;
    while (std::getline(smaps, line)) {
        if (line.rfind("VmFlags:", 0) == 0) {
            if (inside) {
                found = current;
                found.advised = line.find(" hg") != std::string::npos;
                return found;
            }
            continue;
        }
        std::uintptr_t lo = 0, hi = 0;
        char dash = 0;
        std::istringstream head(line);
        if ((head >> std::hex >> lo >> dash >> hi) && dash == '-') {
            current = Mapping{lo, hi, line.find("[heap]") != std::string::npos, false};
            inside = lo <= at && at < hi;
        }
    }
    return found;
}

// Whether the kernel takes huge-page advice at all, asked on a mapping of the test's own.
bool kernelTakesAdvice() {
    const std::size_t bytes = std::size_t{8} << 20;
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    const bool took = adviseHugePages(p, bytes);
    ::munmap(p, bytes);
    return took;
}

} // namespace

TEST_CASE("heap tuning: small blocks made after it land in heap the kernel was asked huge pages for",
          "[heap_tuning]") {
    const HeapTuning tuning = tuneHeapForLargeTraces();
    REQUIRE(tuning.applied);
    CHECK(tuneHeapForLargeTraces().advisedBytes == tuning.advisedBytes); // once per process
    if (!kernelTakesAdvice()) {
        WARN("this kernel does not take MADV_HUGEPAGE: nothing to check");
        return;
    }
#if defined(__SANITIZE_ADDRESS__) || defined(__has_feature)
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
    WARN("AddressSanitizer's allocator replaces glibc's heap: nothing to check");
    return;
#endif
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
    const Mapping last = mappingOf(blocks.back());
    CHECK(last.heap);
    CHECK(last.advised);

    // Another thread's blocks too (the store writer's): one arena, no per-thread heap of ordinary pages.
    char* fromThread = nullptr;
    std::thread writer([&fromThread] {
        fromThread = static_cast<char*>(std::malloc(1000));
        std::memset(fromThread, 1, 1000);
    });
    writer.join();
    CHECK(mappingOf(fromThread).heap);
    std::free(fromThread);
    for (char* b : blocks) std::free(b);
}
#endif
