#include "core/store/stale_temp_files.h"

#include "core/store/sqlite_db.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <signal.h>
#include <unistd.h>

namespace opscope {

namespace fs = std::filesystem;

namespace {

// The pid of "<anything>.tmp-<digits>", or -1.
long tempStorePid(const std::string& name) {
    const std::size_t at = name.rfind(".tmp-");
    if (at == std::string::npos || at == 0) return -1;
    const std::string digits = name.substr(at + 5);
    if (digits.empty() || digits.size() > 9) return -1;
    for (char c : digits)
        if (c < '0' || c > '9') return -1;
    return std::stol(digits);
}

bool processGone(long pid) {
    if (pid <= 0) return false;
    if (pid == static_cast<long>(::getpid())) return false;
    return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH; // EPERM: alive, someone else's
}

// Only files the writer could have made: an SQLite header, or nothing written yet.
bool looksLikeTempStore(const fs::path& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return false;
    return size == 0 || hasSqliteHeader(path.string());
}

} // namespace

std::vector<std::string> removeStaleTempStores(const std::string& folder) {
    std::vector<std::string> removed;
    std::error_code ec;
    fs::directory_iterator it(folder.empty() ? fs::path(".") : fs::path(folder), ec);
    if (ec) return removed;
    for (const fs::directory_entry& entry : it) {
        std::error_code entryError;
        if (!entry.is_regular_file(entryError) || entryError) continue;
        const long pid = tempStorePid(entry.path().filename().string());
        if (pid < 0 || !processGone(pid) || !looksLikeTempStore(entry.path())) continue;
        if (fs::remove(entry.path(), entryError)) removed.push_back(entry.path().string());
    }
    return removed;
}

} // namespace opscope
