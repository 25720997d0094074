#include "core/store/trace_store.h"

#include "core/model/fnv1a.h"
#include "core/store/schema.h"
#include "core/store/source_fingerprint.h"
#include "core/store/source_snapshot.h"
#include "core/store/store_validation.h"

#include <cctype>
#include <chrono>
#include <initializer_list>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace opscope {

namespace fs = std::filesystem;

namespace {

// A folder whose mode grants nobody write permission is treated as read-only even for root, who could
// write there anyway: a shared, read-only sample folder must not gain stores beside its traces.
bool directoryWritable(const fs::path& dir) {
    struct stat info {};
    if (::stat(dir.c_str(), &info) != 0 || (info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0) return false;
    return ::access(dir.c_str(), W_OK) == 0;
}

// Stores of read-only traces go to the user's cache folder, named by the trace's absolute path.
std::string cacheStorePath(const std::string& tracePath) {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    fs::path base = xdg && *xdg ? fs::path(xdg) : fs::path(home ? home : "/tmp") / ".cache";
    base /= "opscope";
    std::error_code ec;
    fs::create_directories(base, ec);
    std::string absolute = fs::absolute(tracePath, ec).string();
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(Fnv1a().add(absolute).hash()));
    return (base / (fs::path(absolute).filename().string() + "-" + hex + ".opscope.sqlite")).string();
}

} // namespace

std::string joinedInputs(const std::vector<std::string>& paths) {
    std::string out;
    std::error_code ec;
    for (const std::string& p : paths) {
        if (!out.empty()) out.push_back('\n');
        out += fs::absolute(withoutTrailingSlash(p), ec).string();
    }
    return out;
}

std::string withoutTrailingSlash(std::string path) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return path;
}

std::string defaultStorePath(const std::string& tracePath) {
    std::string trace = withoutTrailingSlash(tracePath);
    fs::path p(trace);
    fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    if (!directoryWritable(dir)) return cacheStorePath(trace);
    return trace + ".opscope.sqlite";
}

bool isOpscopeStore(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    if (!hasSqliteHeader(path)) return false;
    try {
        Database db(sqliteFileUri(path, "mode=ro&immutable=1"), Database::Mode::ReadOnly);
        if (!db.tableExists("meta") || !db.tableExists("slice")) return false;
        return !db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'").empty();
    } catch (const SqliteError&) {
        return false;
    }
}

bool storeIsFreshFor(const std::string& storePath, const std::string& inputs) {
    std::error_code ec;
    if (!fs::is_regular_file(storePath, ec)) return false;
    try {
        Database db(storePath, Database::Mode::ReadOnly);
        if (!db.tableExists("meta")) return false;
        if (db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'") != std::to_string(kSchemaVersion))
            return false;
        if (db.scalarText("SELECT value FROM meta WHERE key = 'importer_version'") != kImporterVersion) return false;
        if (db.scalarText("SELECT value FROM meta WHERE key = 'inputs'") != inputs) return false;
        Statement st = db.prepare("SELECT path, size_bytes, mtime_ns, content_hash FROM source_file "
                                  "WHERE status = 'used'");
        int used = 0;
        while (st.step()) {
            ++used;
            SourceFingerprint now = fingerprintOf(st.text(0));
            if (!now.valid() || now.sizeBytes != st.int64(1)) return false;
            if (now.mtimeNs != st.int64(2) && now.contentHash != st.text(3)) return false;
        }
        return used > 0;
    } catch (const SqliteError&) {
        return false;
    }
}

bool storeRecordsCutOff(const std::string& storePath) {
    try {
        Database db(storePath, Database::Mode::ReadOnly);
        if (!db.tableExists("warning")) return false;
        return db.scalarInt("SELECT count(*) FROM warning WHERE code = 'trace_cut_off'") > 0;
    } catch (const SqliteError&) {
        return false; // unreadable: the freshness check and the validation decide
    }
}

bool storeIsFresh(const std::string& storePath, const std::string& tracePath) {
    return storeIsFreshFor(storePath, joinedInputs({tracePath}));
}

bool checkOutputPath(const std::string& storePath, const std::vector<std::string>& inputs, Error* error) {
    std::error_code ec;
    for (const std::string& input : inputs) {
        if (fs::exists(storePath, ec) && fs::equivalent(storePath, input, ec)) {
            *error = Error{ErrorCode::WouldOverwrite, storePath, -1, -1, -1,
                           "an output store path other than the input itself", {}};
            return false;
        }
    }
    if (!fs::exists(storePath, ec)) return true;
    if (!isOpscopeStore(storePath)) {
        *error = Error{ErrorCode::WouldOverwrite, storePath, -1, -1, -1,
                       "a new path or an existing opscope store as output",
                       "the file exists and is not an opscope store; remove it or choose another -o path"};
        return false;
    }
    return true;
}

} // namespace opscope
