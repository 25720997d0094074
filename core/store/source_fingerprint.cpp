#include "core/store/source_fingerprint.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace opscope {

namespace fs = std::filesystem;

namespace {
void fnv1a(std::uint64_t& h, const char* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= 1099511628211ull;
    }
}
} // namespace

SourceFingerprint fingerprintOf(const std::string& path) {
    SourceFingerprint fp;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return fp;
    fp.sizeBytes = static_cast<std::int64_t>(fs::file_size(path, ec));
    auto mtime = fs::last_write_time(path, ec);
    // file_clock's epoch is not the Unix epoch in libstdc++: convert so the stored value reads as Unix time.
    auto unixTime = std::chrono::file_clock::to_sys(mtime);
    fp.mtimeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(unixTime.time_since_epoch()).count();
    std::uint64_t h = 1469598103934665603ull;
    fnv1a(h, reinterpret_cast<const char*>(&fp.sizeBytes), sizeof fp.sizeBytes);
    constexpr std::size_t kSpan = 1 << 20;
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
        std::vector<char> buffer(kSpan);
        std::size_t n = std::fread(buffer.data(), 1, kSpan, f);
        fnv1a(h, buffer.data(), n);
        if (fp.sizeBytes > static_cast<std::int64_t>(kSpan)) {
            std::fseek(f, -static_cast<long>(kSpan), SEEK_END);
            n = std::fread(buffer.data(), 1, kSpan, f);
            fnv1a(h, buffer.data(), n);
        }
        std::fclose(f);
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    fp.contentHash = hex;
    return fp;
}

} // namespace opscope
