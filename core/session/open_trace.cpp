#include "core/session/open_trace.h"

#include "core/importers/registry/importer_registry.h"
#include "core/store/source_snapshot.h"
#include "core/store/store_validation.h"
#include "core/store/trace_store.h"
#include "core/importers/device_class/device_class_pass.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>

namespace opscope {

namespace fs = std::filesystem;

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
    // Device-time classes (compute, communication, memory, wait, other) are written as the import finishes,
    // by the built-in rules merged with the user's file (docs/device-time.md).
    DeviceClassRules classRules;
    std::string rulesPath = options.deviceClassRulesPath;
    if (rulesPath.empty())
        if (const char* env = std::getenv("OPSCOPE_DEVICE_CLASSES")) rulesPath = env;
    if (!loadDeviceClassRules(rulesPath, &classRules, error)) return false;
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(result->storePath, error);
    if (!writer) return false;
    writer->addFinishPass([classRules](StoreWriter& w) { writeDeviceClasses(w, classRules); });
    const std::vector<std::string> jobPaths = expandInputs(tracePaths);
    std::map<std::string, InputIdentity> identities;
    try {
        for (std::size_t i = 0; i < jobPaths.size(); ++i) {
            ImportedInput imported;
            if (!importInput(jobPaths[i], i, jobPaths.size(), *writer, progress, &imported, error)) return false;
            identities.insert(imported.identities.begin(), imported.identities.end());
            result->events += imported.events;
            result->bytes += imported.bytes;
            result->usedFiles.insert(result->usedFiles.end(), imported.usedFiles.begin(), imported.usedFiles.end());
            result->skippedFiles.insert(result->skippedFiles.end(), imported.skippedFiles.begin(),
                                        imported.skippedFiles.end());
        }
        if (!checkSourcesUnchanged(before, writer->database(), error)) return false;
        finishImportedInputs(*writer, jobPaths, std::move(identities));
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
