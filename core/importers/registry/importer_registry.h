// Every input format opscope reads, in one list: how each is recognised (sniffing) and which importer
// writes it into a store. core/store knows no format; opening a trace asks this registry.
#pragma once
#include "core/importers/device_classifier.h"
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/model/trace_sink.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opscope {

// What one importer run read.
struct ImportedInput {
    std::int64_t events = 0;
    std::int64_t bytes = 0;
    std::vector<std::string> usedFiles;
    std::vector<std::string> skippedFiles; // "path: reason"
    // A Chrome trace's rank as the file says it (Kineto distributedInfo.rank), by its process key prefix.
    std::map<std::string, InputIdentity> identities;
};

struct ImporterEntry {
    const char* name; // "ascend", "chrome-json"
    // True when this importer reads the file or folder (checked in list order; the last one takes the rest).
    bool (*accepts)(const std::string& path);
    // index/count: the position of this input among several traces written into one store.
    bool (*import)(const std::string& path, std::size_t index, std::size_t count, TraceSink& writer,
                   const ImportProgress& progress, ImportedInput* out, Error* error);
};

// The importers, most specific first; Chrome JSON last, as the fallback for any other file.
const std::vector<ImporterEntry>& importers();

// The importer for a path (never null: Chrome JSON reads, or refuses with a precise error, the rest).
const ImporterEntry& importerFor(const std::string& path);

// Imports one input with its importer.
bool importInput(const std::string& path, std::size_t index, std::size_t count, TraceSink& writer,
                 const ImportProgress& progress, ImportedInput* out, Error* error);

// A job's inputs: a folder of rank folders or rank files stands for each of them (core/importers/job_inputs).
std::vector<std::string> expandInputs(const std::vector<std::string>& paths);

// The sink a job's inputs are imported through: the store's sink, with the record of what they emitted
// that finishImportedInputs classifies devices from.
class JobRecord : public EmittedRecord {
public:
    explicit JobRecord(TraceSink& sink) : EmittedRecord(sink, Keep{false, true, {}}) {}
};

// What every import ends with, whatever the formats: ranks settled among several inputs (a file that does
// not say its rank takes its input number; two that claim the same rank stay apart by file name), then
// devices classified from the tracks written.
void finishImportedInputs(JobRecord& job, const std::vector<std::string>& paths,
                          std::map<std::string, InputIdentity> identities);
// The rank settling of finishImportedInputs alone. Given one input's identities it settles what that
// input alone tells (no rank: its input number); the host of a rank claimed twice needs them all.
std::map<std::string, InputIdentity> settleInputRanks(const std::vector<std::string>& paths,
                                                      std::map<std::string, InputIdentity> identities);

} // namespace opscope
