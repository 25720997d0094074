#include "core/importers/registry/importer_registry.h"

#include "core/importers/ascend/ascend_importer.h"
#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/importers/cluster/cluster_output_importer.h"
#include "core/importers/device_classifier.h"
#include "core/importers/job_inputs.h"
#include "core/importers/memory_timeline/memory_timeline_importer.h"
#include "core/store/sqlite_db.h"

#include <cctype>
#include <filesystem>
#include <initializer_list>

namespace opscope {

namespace {

bool importClusterInput(const std::string& path, std::size_t, std::size_t, TraceSink& writer,
                        const ImportProgress& progress, ImportedInput* out, Error* error) {
    ClusterImportReport report;
    if (!importClusterOutput(path, writer, progress, &report, error)) return false;
    out->usedFiles.insert(out->usedFiles.end(), report.usedFiles.begin(), report.usedFiles.end());
    out->skippedFiles.insert(out->skippedFiles.end(), report.skippedFiles.begin(), report.skippedFiles.end());
    out->events += report.stepRows + report.commOps + report.commLinks;
    return true;
}

bool importAscendInput(const std::string& path, std::size_t index, std::size_t count, TraceSink& writer,
                       const ImportProgress& progress, ImportedInput* out, Error* error) {
    AscendImportReport report;
    // Several rank folders without a profiler_info rank: numbered in input order, as msprof-analyze does.
    const int fallbackRank = count > 1 ? static_cast<int>(index) : -1;
    if (!importAscend(path, writer, progress, &report, error, fallbackRank)) return false;
    out->events += report.events;
    out->bytes += report.bytes;
    out->usedFiles.insert(out->usedFiles.end(), report.usedFiles.begin(), report.usedFiles.end());
    out->skippedFiles.insert(out->skippedFiles.end(), report.skippedFiles.begin(), report.skippedFiles.end());
    return true;
}

bool importChromeInput(const std::string& path, std::size_t index, std::size_t count, TraceSink& writer,
                       const ImportProgress& progress, ImportedInput* out, Error* error) {
    ChromeImportOptions options;
    // Several traces in one store: pids of different files are different processes.
    if (count > 1) options.processKeyPrefix = std::to_string(index) + "/";
    ChromeImportResult chrome;
    if (!importChromeTrace(path, writer, options, progress, &chrome, error)) return false;
    writer.addSourceFile(path, "chrome-trace", "used", {}, chrome.events);
    out->identities[options.processKeyPrefix] = InputIdentity{chrome.rank, {}};
    out->events += chrome.events;
    out->bytes += chrome.bytes;
    out->usedFiles.push_back(path);
    return true;
}

bool importMemoryTimelineInput(const std::string& path, std::size_t, std::size_t, TraceSink& writer,
                               const ImportProgress& progress, ImportedInput* out, Error* error) {
    MemoryTimelineReport report;
    if (!importMemoryTimeline(path, writer, progress, &report, error)) return false;
    writer.addSourceFile(path, "memory-timeline", "used", {}, report.events);
    out->events += report.events;
    out->bytes += report.bytes;
    out->usedFiles.push_back(path);
    return true;
}

bool acceptsAnything(const std::string&) { return true; }

} // namespace

const std::vector<ImporterEntry>& importers() {
    static const std::vector<ImporterEntry> all{
        {"cluster-analysis-output", &isClusterAnalysisOutput, &importClusterInput},
        {"ascend", &isAscendInput, &importAscendInput},
        {"memory-timeline", &isMemoryTimelineInput, &importMemoryTimelineInput},
        {"chrome-json", &acceptsAnything, &importChromeInput},
    };
    return all;
}

const ImporterEntry& importerFor(const std::string& path) {
    for (const ImporterEntry& entry : importers())
        if (entry.accepts(path)) return entry;
    return importers().back();
}

namespace {

bool hasExtension(const std::string& path, std::initializer_list<const char*> extensions) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* e : extensions)
        if (ext == e) return true;
    return false;
}

} // namespace

bool importInput(const std::string& path, std::size_t index, std::size_t count, TraceSink& writer,
                 const ImportProgress& progress, ImportedInput* out, Error* error) {
    // A .db that is not SQLite would otherwise be tried as JSON and fail with a confusing message.
    if (hasExtension(path, {".db", ".sqlite", ".sqlite3"}) && !hasSqliteHeader(path)) {
        *error = Error{ErrorCode::BadDatabase, path, 0, -1, -1,
                       "an SQLite database (an msprof or torch_npu .db export)", "no SQLite header"};
        return false;
    }
    return importerFor(path).import(path, index, count, writer, progress, out, error);
}

std::vector<std::string> expandInputs(const std::vector<std::string>& paths) { return expandJobInputs(paths); }

std::map<std::string, InputIdentity> settleInputRanks(const std::vector<std::string>& paths,
                                                      std::map<std::string, InputIdentity> identities) {
    if (paths.size() < 2) return identities;
    std::map<int, int> claims;
    for (const auto& [prefix, identity] : identities)
        if (identity.rank >= 0) ++claims[identity.rank];
    for (auto& [prefix, identity] : identities) {
        const std::size_t index = std::stoul(prefix.substr(0, prefix.size() - 1));
        if (identity.rank < 0) identity.rank = static_cast<int>(index);
        else if (claims[identity.rank] > 1 && index < paths.size())
            identity.host = std::filesystem::path(paths[index]).filename().string();
    }
    return identities;
}

void finishImportedInputs(JobRecord& job, const std::vector<std::string>& paths,
                          std::map<std::string, InputIdentity> identities) {
    classifyDevices(job, settleInputRanks(paths, std::move(identities)));
}

} // namespace opscope
