#include "core/store/source_snapshot.h"

#include "core/store/sqlite_db.h"

#include <chrono>
#include <filesystem>

namespace opscope {

namespace fs = std::filesystem;

namespace {

SourceSnapshot::Stamp stampOf(const fs::path& path) {
    SourceSnapshot::Stamp stamp;
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return stamp;
    const auto mtime = fs::last_write_time(path, ec);
    if (ec) return stamp;
    stamp.sizeBytes = static_cast<std::int64_t>(size);
    stamp.mtimeNs = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::file_clock::to_sys(mtime).time_since_epoch()).count();
    return stamp;
}

std::string absoluteOf(const std::string& path) {
    std::error_code ec;
    fs::path absolute = fs::absolute(path, ec);
    return ec ? path : absolute.lexically_normal().string();
}

} // namespace

SourceSnapshot takeSourceSnapshot(const std::vector<std::string>& inputs, std::size_t maxFiles) {
    SourceSnapshot snapshot;
    for (const std::string& input : inputs) {
        std::error_code ec;
        if (fs::is_regular_file(input, ec)) {
            snapshot.files[absoluteOf(input)] = stampOf(input);
            continue;
        }
        if (!fs::is_directory(input, ec)) continue;
        fs::recursive_directory_iterator it(input, fs::directory_options::skip_permission_denied, ec);
        for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (snapshot.files.size() >= maxFiles) break;
            std::error_code typeError;
            if (it->is_regular_file(typeError)) snapshot.files[absoluteOf(it->path().string())] = stampOf(it->path());
        }
    }
    return snapshot;
}

bool checkSourcesUnchanged(const SourceSnapshot& before, Database& store, Error* error) {
    Statement st = store.prepare("SELECT path FROM source_file WHERE status = 'used'");
    while (st.step()) {
        const std::string path = st.text(0);
        auto it = before.files.find(absoluteOf(path));
        if (it == before.files.end()) continue; // not among the inputs as given (e.g. past maxFiles)
        const SourceSnapshot::Stamp now = stampOf(path);
        if (now == it->second) continue;
        *error = Error{ErrorCode::SourceChanged, path, -1, -1, -1, "the file unchanged while it was imported",
                       "size " + std::to_string(it->second.sizeBytes) + " -> " + std::to_string(now.sizeBytes) +
                           " bytes, mtime " + std::to_string(it->second.mtimeNs) + " -> " + std::to_string(now.mtimeNs) +
                           " ns"};
        return false;
    }
    return true;
}

} // namespace opscope
