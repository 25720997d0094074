// Large timeline arrays are advised onto transparent huge pages (core/model/huge_pages.h) from
// kHugePageAdviceMinBytes on, and only then. What the kernel recorded is read back from
// /proc/self/smaps (the "hg" VmFlag of the mapping), on arrays each given their own mapping.
#include "core/model/huge_pages.h"
#include "tests/core/proc_mappings.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace opscope;
#if defined(__linux__)
using opscope::test::anyMappingAdvised;
using opscope::test::kernelTakesHugePageAdvice;
#endif

namespace {

#if defined(__linux__)
// Every allocation its own anonymous mapping, so that advice on one never shows on another.
template <typename T>
struct OwnMapping {
    using value_type = T;
    OwnMapping() = default;
    template <typename U>
    OwnMapping(const OwnMapping<U>&) {}
    T* allocate(std::size_t n) {
        void* p = ::mmap(nullptr, n * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) { ::munmap(p, n * sizeof(T)); }
    bool operator==(const OwnMapping&) const { return true; }
};
#endif

} // namespace

TEST_CASE("huge-page advice: from kHugePageAdviceMinBytes on, not below", "[huge_pages]") {
#if defined(__linux__)
    if (!kernelTakesHugePageAdvice()) {
        WARN("this kernel does not take MADV_HUGEPAGE: nothing to check");
        return;
    }
    constexpr std::size_t kAt = kHugePageAdviceMinBytes / sizeof(std::uint32_t);
    {
        std::vector<std::uint32_t, OwnMapping<std::uint32_t>> at;
        resizeOnHugePages(at, kAt);
        CHECK(at.size() == kAt);
        CHECK(at.front() == 0);
        CHECK(at.back() == 0);
        CHECK(anyMappingAdvised(at.data(), at.size() * sizeof(std::uint32_t)));
    }
    {
        std::vector<std::uint32_t, OwnMapping<std::uint32_t>> below;
        resizeOnHugePages(below, kAt - 1);
        CHECK(below.size() == kAt - 1);
        CHECK_FALSE(anyMappingAdvised(below.data(), below.size() * sizeof(std::uint32_t)));
    }
    {
        std::vector<std::uint32_t, OwnMapping<std::uint32_t>> at;
        reserveOnHugePages(at, kAt);
        CHECK(at.empty());
        CHECK(at.capacity() >= kAt);
        CHECK(anyMappingAdvised(at.data(), at.capacity() * sizeof(std::uint32_t)));
        std::vector<std::uint32_t, OwnMapping<std::uint32_t>> below;
        reserveOnHugePages(below, kAt - 1);
        CHECK(below.capacity() >= kAt - 1);
        CHECK_FALSE(anyMappingAdvised(below.data(), below.capacity() * sizeof(std::uint32_t)));
    }
#endif
}

TEST_CASE("huge-page advice keeps what a vector holds and asks nothing of small ranges", "[huge_pages]") {
    std::vector<std::uint64_t> v{1, 2, 3};
    resizeOnHugePages(v, (kHugePageAdviceMinBytes / sizeof(std::uint64_t)) * 2);
    CHECK(v[0] == 1);
    CHECK(v[2] == 3);
    CHECK(v[3] == 0);
    CHECK(v.back() == 0);
    resizeOnHugePages(v, 2); // shrinking: the ordinary resize
    CHECK(v.size() == 2);
    CHECK_FALSE(adviseHugePages(nullptr, std::size_t{8} << 20));
    std::uint8_t small[64];
    CHECK_FALSE(adviseHugePages(small, sizeof small)); // no whole 2 MiB page inside
}
