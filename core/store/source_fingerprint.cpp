#include "core/store/source_fingerprint.h"

#include "core/model/fnv1a.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace opscope {

namespace fs = std::filesystem;

SourceFingerprint fingerprintOf(const std::string& path) {
    SourceFingerprint fp;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return fp;
    fp.sizeBytes = static_cast<std::int64_t>(fs::file_size(path, ec));
    auto mtime = fs::last_write_time(path, ec);
    // file_clock's epoch is not the Unix epoch in libstdc++: convert so the stored value reads as Unix time.
    auto unixTime = std::chrono::file_clock::to_sys(mtime);
    fp.mtimeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(unixTime.time_since_epoch()).count();
    Fnv1a h;
    h.add(&fp.sizeBytes, sizeof fp.sizeBytes);
    constexpr std::size_t kSpan = 1 << 20;
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
        std::vector<char> buffer(kSpan);
        std::size_t n = std::fread(buffer.data(), 1, kSpan, f);
        h.add(buffer.data(), n);
        if (fp.sizeBytes > static_cast<std::int64_t>(kSpan)) {
            std::fseek(f, -static_cast<long>(kSpan), SEEK_END);
            n = std::fread(buffer.data(), 1, kSpan, f);
            h.add(buffer.data(), n);
        }
        std::fclose(f);
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h.hash()));
    fp.contentHash = hex;
    return fp;
}

} // namespace opscope
