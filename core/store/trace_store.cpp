#include "core/store/trace_store.h"

#include "core/importers/ascend/ascend_importer.h"
#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/importers/device_classifier.h"
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
#include <unistd.h>

namespace opscope {

namespace fs = std::filesystem;

namespace {

std::string withoutTrailingSlash(std::string path) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return path;
}

bool directoryWritable(const fs::path& dir) { return ::access(dir.c_str(), W_OK) == 0; }

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

std::string joinedInputs(const std::vector<std::string>& paths) {
    std::string out;
    std::error_code ec;
    for (const std::string& p : paths) {
        if (!out.empty()) out.push_back('\n');
        out += fs::absolute(withoutTrailingSlash(p), ec).string();
    }
    return out;
}

} // namespace

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

namespace {
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
} // namespace

bool storeIsFresh(const std::string& storePath, const std::string& tracePath) {
    return storeIsFreshFor(storePath, joinedInputs({tracePath}));
}

namespace {

bool hasExtension(const std::string& path, std::initializer_list<const char*> extensions) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* e : extensions)
        if (ext == e) return true;
    return false;
}

// The output must be a store (or nothing yet), and never one of the inputs: "-o trace.json" must not
// replace the user's trace with a database.
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

} // namespace

namespace {

bool importOne(const std::string& path, std::size_t index, std::size_t count, StoreWriter& writer,
               const ImportProgress& progress, OpenResult* result, Error* error) {
    // A .db that is not SQLite would otherwise be tried as JSON and fail with a confusing message.
    if (hasExtension(path, {".db", ".sqlite", ".sqlite3"}) && !hasSqliteHeader(path)) {
        *error = Error{ErrorCode::BadDatabase, path, 0, -1, -1,
                       "an SQLite database (an msprof or torch_npu .db export)", "no SQLite header"};
        return false;
    }
    if (isAscendInput(path)) {
        AscendImportReport report;
        if (!importAscend(path, writer, progress, &report, error)) return false;
        result->events += report.events;
        result->bytes += report.bytes;
        result->usedFiles.insert(result->usedFiles.end(), report.usedFiles.begin(), report.usedFiles.end());
        result->skippedFiles.insert(result->skippedFiles.end(), report.skippedFiles.begin(), report.skippedFiles.end());
        return true;
    }
    ChromeImportOptions options;
    if (count > 1) options.processKeyPrefix = std::to_string(index) + "/";
    ChromeImportResult chrome;
    if (!importChromeTrace(path, writer, options, progress, &chrome, error)) return false;
    writer.addSourceFile(path, "chrome-trace", "used", {}, chrome.events);
    result->events += chrome.events;
    result->bytes += chrome.bytes;
    result->usedFiles.push_back(path);
    return true;
}

} // namespace

bool openTrace(const std::vector<std::string>& tracePaths, const OpenOptions& options, const ImportProgress& progress,
               OpenResult* result, Error* error) {
    auto started = std::chrono::steady_clock::now();
    *result = OpenResult{};
    if (tracePaths.empty()) {
        *error = Error{ErrorCode::FileNotFound, {}, -1, -1, -1, "a trace file or folder", {}};
        return false;
    }
    if (tracePaths.size() == 1 && isOpscopeStore(tracePaths[0])) {
        if (!validateStoreFile(tracePaths[0], error)) return false;
        result->storePath = tracePaths[0];
        result->reused = true;
        return true;
    }
    for (const std::string& p : tracePaths) {
        std::error_code ec;
        if (!fs::exists(p, ec)) {
            *error = Error{ErrorCode::FileNotFound, p, -1, -1, -1, "an existing trace file or folder", {}};
            return false;
        }
    }
    std::string inputs = joinedInputs(tracePaths);
    result->storePath = options.storePath.empty() ? defaultStorePath(tracePaths[0]) : options.storePath;
    if (!checkOutputPath(result->storePath, tracePaths, error)) return false;
    Error invalid;
    if (!options.forceReimport && storeIsFreshFor(result->storePath, inputs) &&
        validateStoreFile(result->storePath, &invalid)) { // a damaged store is rebuilt, not trusted
        result->reused = true;
        return true;
    }
    // Taken before anything is read: a file that changes during the import fails it (checked below).
    const SourceSnapshot before = takeSourceSnapshot(tracePaths);
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(result->storePath, error);
    if (!writer) return false;
    try {
        for (std::size_t i = 0; i < tracePaths.size(); ++i) {
            if (!importOne(tracePaths[i], i, tracePaths.size(), *writer, progress, result, error)) return false;
        }
        if (!checkSourcesUnchanged(before, writer->database(), error)) return false;
        classifyDevices(*writer);
        writer->setMeta("inputs", inputs);
        writer->setMeta("source_path", fs::absolute(withoutTrailingSlash(tracePaths[0])).string());
        writer->setMeta("created_at_unix", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                               std::chrono::system_clock::now().time_since_epoch()).count()));
        writer->setMeta("events_parsed", std::to_string(result->events));
    } catch (const std::runtime_error& e) { // SQLite or a scratch file of a spilled import
        *error = Error{ErrorCode::StoreFailed, result->storePath, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    if (!writer->finish(&result->summary, error, [&] { return progress.cancelled(); })) return false;
    result->wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

} // namespace opscope
