// This process's memory mappings as /proc/self/smaps lists them, for tests of where memory lands and
// which advice the kernel recorded for it (the huge-page and heap-tuning tests). Linux only.
#pragma once
#if defined(__linux__)
#include "core/model/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace opscope::test {

struct ProcMapping {
    std::uintptr_t begin = 0, end = 0;
    bool heap = false;            // the "[heap]" grown by brk
    bool hugePageAdvised = false; // VmFlags "hg": MADV_HUGEPAGE taken
};

inline std::vector<ProcMapping> procMappings() {
    std::vector<ProcMapping> mappings;
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    while (std::getline(smaps, line)) {
        if (line.rfind("VmFlags:", 0) == 0) {
            if (!mappings.empty()) mappings.back().hugePageAdvised = line.find(" hg") != std::string::npos;
            continue;
        }
        std::uintptr_t lo = 0, hi = 0;
        char dash = 0;
        std::istringstream head(line);
        if ((head >> std::hex >> lo >> dash >> hi) && dash == '-')
            mappings.push_back({lo, hi, line.find("[heap]") != std::string::npos, false});
    }
    return mappings;
}

// The mapping holding p; an empty one when none does.
inline ProcMapping procMappingOf(const void* p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    for (const ProcMapping& m : procMappings())
        if (m.begin <= at && at < m.end) return m;
    return {};
}

// Whether any mapping overlapping [data, data + bytes) carries the huge-page advice.
inline bool anyMappingAdvised(const void* data, std::size_t bytes) {
    const auto begin = reinterpret_cast<std::uintptr_t>(data), end = begin + bytes;
    for (const ProcMapping& m : procMappings())
        if (m.begin < end && begin < m.end && m.hugePageAdvised) return true;
    return false;
}

// Whether the kernel takes huge-page advice at all, asked on a mapping of the test's own.
inline bool kernelTakesHugePageAdvice() {
    const std::size_t bytes = std::size_t{8} << 20;
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    const bool took = adviseHugePages(p, bytes);
    ::munmap(p, bytes);
    return took;
}

} // namespace opscope::test
#endif
