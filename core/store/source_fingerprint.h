// Identifies a source file cheaply: size, mtime and a hash of its first and last MiB.
// Used to decide whether a store is still up to date without parsing the trace again.
#pragma once
#include <cstdint>
#include <string>

namespace opscope {

struct SourceFingerprint {
    std::int64_t sizeBytes = -1;
    std::int64_t mtimeNs = 0;
    std::string contentHash; // hex FNV-1a 64 of size + first and last MiB
    bool valid() const { return sizeBytes >= 0; }
};

SourceFingerprint fingerprintOf(const std::string& path);

} // namespace opscope
