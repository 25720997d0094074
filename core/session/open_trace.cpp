#include "core/session/open_trace.h"

#include "core/importers/cut_policy.h"
#include "core/importers/registry/importer_registry.h"
#include "core/store/source_snapshot.h"
#include "core/store/store_validation.h"
#include "core/store/trace_store.h"
#include "core/importers/device_class/device_classifier_rules.h"
#include "core/importers/input_progress_board.h"
#include "core/session/parallel_import.h"
#include "core/session/recorded_import.h"
#include "core/store/store_merge.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <string_view>
#include <utility>

namespace opscope {

namespace fs = std::filesystem;

namespace {

// What every import records about itself, whichever way it ran.
std::vector<std::pair<std::string, std::string>> importMeta(const std::vector<std::string>& tracePaths,
                                                            const OpenResult& result) {
    return {{"inputs", joinedInputs(tracePaths)},
            {"source_path", fs::absolute(withoutTrailingSlash(tracePaths[0])).string()},
            {"created_at_unix", std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                                    std::chrono::system_clock::now().time_since_epoch()).count())},
            {"events_parsed", std::to_string(result.events)}};
}

void addImported(const ImportedInput& imported, OpenResult* result) {
    result->events += imported.events;
    result->bytes += imported.bytes;
    result->usedFiles.insert(result->usedFiles.end(), imported.usedFiles.begin(), imported.usedFiles.end());
    result->skippedFiles.insert(result->skippedFiles.end(), imported.skippedFiles.begin(), imported.skippedFiles.end());
}

// One writer for the whole job: the device-class pass, the record devices are classified from, the
// source check, the meta and the finish. readInputs imports every input through the record.
using ReadInputs = std::function<bool(JobRecord& job, std::map<std::string, InputIdentity>* identities, Error* error)>;
bool importJobIntoOneWriter(const std::vector<std::string>& tracePaths, const std::vector<std::string>& jobPaths,
                            const DeviceClassRules& classRules, const SourceSnapshot& before,
                            const ImportProgress& progress, OpenResult* result, Error* error,
                            const ReadInputs& readInputs) {
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(result->storePath, error);
    if (!writer) return false;
    writer->classifyDeviceSlices(deviceSliceClassifier(classRules));
    JobRecord job(*writer);
    std::map<std::string, InputIdentity> identities;
    try {
        if (!readInputs(job, &identities, error)) return false;
        if (!checkSourcesUnchanged(before, writer->database(), error)) return false;
        finishImportedInputs(job, jobPaths, std::move(identities));
        for (const auto& [key, value] : importMeta(tracePaths, *result)) writer->setMeta(key, value);
    } catch (const std::runtime_error& e) { // SQLite or a scratch file of a spilled import
        *error = Error{ErrorCode::StoreFailed, result->storePath, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    return writer->finish(&result->summary, error, [&] { return progress.cancelled(); });
}

// One writer, the inputs one after the other.
bool importJobSequentially(const std::vector<std::string>& tracePaths, const std::vector<std::string>& jobPaths,
                           const DeviceClassRules& classRules, const SourceSnapshot& before,
                           const ImportProgress& progress, OpenResult* result, Error* error) {
    InputProgressBoard board(progress, jobPaths);
    auto readInputs = [&](JobRecord& job, std::map<std::string, InputIdentity>* identities, Error* err) {
        for (std::size_t i = 0; i < jobPaths.size(); ++i) {
            ImportedInput imported;
            board.setStage(i, InputProgress::Stage::Parsing);
            if (!importInput(jobPaths[i], i, jobPaths.size(), job, board.forInput(i, progress.cancelFlag), &imported, err))
                return false;
            board.setStage(i, InputProgress::Stage::Parsed);
            identities->insert(imported.identities.begin(), imported.identities.end());
            addImported(imported, result);
        }
        return true;
    };
    if (!importJobIntoOneWriter(tracePaths, jobPaths, classRules, before, progress, result, error, readInputs))
        return false;
    for (std::size_t i = 0; i < jobPaths.size(); ++i) board.setStage(i, InputProgress::Stage::Done);
    return true;
}

// The inputs recorded in memory on a pool of workers and replayed, in order, into one writer
// (core/session/recorded_import.h): the sequential import's calls, its store, without its waits.
bool importJobRecorded(const std::vector<std::string>& tracePaths, const std::vector<std::string>& jobPaths,
                       unsigned jobs, const OpenOptions& options, const DeviceClassRules& classRules,
                       const SourceSnapshot& before, const ImportProgress& progress, OpenResult* result,
                       Error* error) {
    auto readInputs = [&](JobRecord& job, std::map<std::string, InputIdentity>* identities, Error* err) {
        ImportedInput total;
        const RecordingLimits limits{options.recordingBudgetBytes, options.recordingChunkBytes,
                                     &result->recordingBudgetWaits};
        if (!importRecordedInParallel(jobPaths, jobs, progress, job, identities, &total, err, limits)) return false;
        addImported(total, result);
        return true;
    };
    return importJobIntoOneWriter(tracePaths, jobPaths, classRules, before, progress, result, error, readInputs);
}

// Each input into its own store on a pool of workers, then merged (core/session/parallel_import.h).
bool importJobInParallel(const std::vector<std::string>& tracePaths, const std::vector<std::string>& jobPaths,
                         unsigned jobs, const DeviceClassRules& classRules, const SourceSnapshot& before,
                         const ImportProgress& progress, OpenResult* result, Error* error) {
    std::unique_ptr<StoreMerger> merger = StoreMerger::create(result->storePath, error);
    if (!merger) return false;
    ImportedInput total;
    if (!importInParallel(jobPaths, jobs, classRules, progress, *merger, &total, error)) return false;
    addImported(total, result);
    try {
        if (!checkSourcesUnchanged(before, merger->database(), error)) return false;
        for (const auto& [key, value] : importMeta(tracePaths, *result)) merger->setMeta(key, value);
    } catch (const std::runtime_error& e) {
        *error = Error{ErrorCode::StoreFailed, result->storePath, -1, -1, -1, "a writable store", e.what()};
        return false;
    }
    if (progress.cancelled()) {
        *error = Error{ErrorCode::Cancelled, result->storePath, -1, -1, -1, {}, {}};
        return false;
    }
    return merger->finish(&result->summary, error);
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
    const std::string inputs = joinedInputs(tracePaths);
    result->storePath = options.storePath.empty() ? defaultStorePath(tracePaths[0]) : options.storePath;
    if (!checkOutputPath(result->storePath, tracePaths, error)) return false;
    Error invalid;
    // A store an earlier `import --partial` cut short is reused only by an open that accepts a cut trace
    // (KeepEventsBeforeCut); any other open reads the trace again, and fails as a cut trace does.
    auto cutRefused = [&] { return !KeepEventsBeforeCut::active() && storeRecordsCutOff(result->storePath); };
    if (!options.forceReimport && storeIsFreshFor(result->storePath, inputs) && !cutRefused() &&
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
    const std::vector<std::string> jobPaths = expandInputs(tracePaths);
    const unsigned jobs = importJobCount(options.jobs);
    // Several inputs and jobs (one per core unless options.jobs says otherwise): recorded in memory and
    // written once, or each into a part store that is merged (session 5's way, kept for comparison:
    // OPSCOPE_PARALLEL_IMPORT=merge).
    const char* method = std::getenv("OPSCOPE_PARALLEL_IMPORT");
    const bool merge = method && std::string_view(method) == "merge";
    const bool imported =
        jobPaths.size() < 2 || jobs < 2
            ? importJobSequentially(tracePaths, jobPaths, classRules, before, progress, result, error)
        : merge ? importJobInParallel(tracePaths, jobPaths, jobs, classRules, before, progress, result, error)
                : importJobRecorded(tracePaths, jobPaths, jobs, options, classRules, before, progress, result,
                                    error);
    if (!imported) return false;
    result->wallSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

} // namespace opscope
