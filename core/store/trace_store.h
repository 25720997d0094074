// Where a trace's store lives and whether it is still up to date. The store knows no input format:
// importing (core/importers/registry) and opening (core/session/open_trace.h) are done above it.
#pragma once
#include "core/model/error.h"
#include "core/store/store_writer.h"

#include <string>
#include <vector>

namespace opscope {

struct OpenOptions {
    std::string storePath;   // empty: "<trace>.opscope.sqlite" beside the trace (or inside a folder)
    bool forceReimport = false;
    // A device class rules file merged over the shipped ones (docs/device-time.md); empty: the
    // OPSCOPE_DEVICE_CLASSES environment variable, else the shipped rules only.
    std::string deviceClassRulesPath;
    // Inputs imported at once when several go into one store (core/session/recorded_import.h): 0 (the
    // default) one worker per core (std::thread::hardware_concurrency), 1 the sequential import. Both
    // write the same rows; on idle cores the recorded parallel import is the faster one
    // (docs/BENCHMARKS.md, "Parallel import").
    int jobs = 0;
    // The bytes of recorded, not yet replayed inputs that may be held at once before their workers wait
    // (RecordingBudget); 0: OPSCOPE_RECORDING_BUDGET_MB, else 256 MiB. recordingChunkBytes: the size of
    // the pieces a recording is handed over in (0: 1 MiB); smaller pieces bring the bound into play on
    // small inputs (tests).
    std::size_t recordingBudgetBytes = 0;
    std::size_t recordingChunkBytes = 0;
};

struct OpenResult {
    std::string storePath;
    bool reused = false;          // true: the store was up to date, nothing was parsed
    ImportSummary summary;        // filled when imported
    std::int64_t events = 0;      // events parsed (0 when reused)
    std::int64_t bytes = 0;       // bytes parsed
    double wallSeconds = 0;
    std::vector<std::string> usedFiles;     // for folders: which files were read
    std::vector<std::string> skippedFiles;  // "path: reason"
    // Parallel import: how often a worker waited because the recordings not yet replayed held the whole
    // budget (OpenOptions::recordingBudgetBytes). Shows the bound at work; 0 for the sequential import.
    std::int64_t recordingBudgetWaits = 0;
};

// Default store path for a trace file or folder.
std::string defaultStorePath(const std::string& tracePath);

// True when path is itself an opscope store (SQLite file with our meta table).
bool isOpscopeStore(const std::string& path);

// True when the store exists, has the current schema version and its sources are unchanged.
bool storeIsFresh(const std::string& storePath, const std::string& tracePath);

// The path without trailing slashes ("run/" and "run" are one input).
std::string withoutTrailingSlash(std::string path);
// The absolute paths of the inputs, one per line: what meta 'inputs' records.
std::string joinedInputs(const std::vector<std::string>& paths);
// True when the store exists, has the current schema and importer version, was made from exactly these
// inputs (joinedInputs) and none of its used source files changed.
bool storeIsFreshFor(const std::string& storePath, const std::string& inputs);
// True when the store holds a trace cut off inside an event (an `import --partial`, a "trace_cut_off"
// warning): such a store is not the whole trace, and an open that did not ask for a cut one must not reuse it.
bool storeRecordsCutOff(const std::string& storePath);

// The output of an import must be a store (or nothing yet), and never one of the inputs: "-o trace.json"
// must not replace the user's trace with a database (ErrorCode::WouldOverwrite).
bool checkOutputPath(const std::string& storePath, const std::vector<std::string>& inputs, Error* error);

} // namespace opscope
