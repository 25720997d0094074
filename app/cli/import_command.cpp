// opscope-cli import TRACE... [-o STORE] [--force] [--jobs N] [--progress] [--partial]
#include "app/cli/analysis_cli_support.h"
#include "app/cli/command_registry.h"
#include "app/cli/summary_printer.h"
#include "core/importers/cut_policy.h"
#include "core/store/store_summary.h"
#include "core/store/trace_store.h"

#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <unistd.h>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli import TRACE... [-o STORE] [--force] [--quiet] [--device-classes FILE] [--jobs N]\n"
    "       [--progress] [--partial]\n"
    "Imports Chrome trace JSON (.json, .json.gz), Ascend folders/files into an SQLite store\n"
    "(TRACE.opscope.sqlite beside the first trace unless -o is given) and prints a summary.\n"
    "Several traces (devices or ranks) go into one store. An up-to-date store is reused unless --force.\n"
    "--device-classes FILE merges a device class rules file over resources/rules/device_classes.json\n"
    "(docs/device-time.md); use it with --force to reclassify an existing store.\n"
    "--jobs N parses N inputs (ranks) at once into memory and writes them, in order, through the one\n"
    "writer (default: one per core; --jobs 1 imports them one after the other; the store is the same).\n"
    "--progress prints one line per input on stderr as it\n"
    "moves (parsing, parsed, merging, done), as a terminal shows anyway.\n"
    "--partial: a Chrome trace that stops inside an event (a crashed job's dump) is imported up to the cut,\n"
    "with a warning naming the byte offset where the unfinished event starts; without it such a file is an\n"
    "error (exit 2).\n";

// The cut a --partial import kept the events before, on stderr whatever --quiet says: the store is not
// the whole trace.
void warnAboutCuts(const StoreSummary& summary) {
    for (const StoreWarning& w : summary.warnings)
        if (w.code == "trace_cut_off")
            std::fprintf(stderr, "opscope-cli import: warning: %s is cut off at byte %lld; imported the events before it\n",
                         w.file.c_str(), static_cast<long long>(w.byteOffset));
}

// "rank-3.json: parsing  42%  1234 events": one line per input on each change of stage, and while parsing at
// most one per 10 % step, so that a log stays readable.
std::function<void(const InputProgress&)> inputProgressPrinter(bool terminal) {
    auto lastTenth = std::make_shared<std::vector<int>>();
    // On a terminal the overall "importing: N%" line is cleared first, then redrawn by the next report.
    const char* clear = terminal ? "\r\033[K" : "";
    return [lastTenth, clear](const InputProgress& input) {
        if (input.count < 2) return;
        if (lastTenth->size() < input.count) lastTenth->assign(input.count, -2);
        const int tenth = input.stage == InputProgress::Stage::Parsing && input.bytesTotal > 0
                              ? static_cast<int>(input.bytesRead * 10 / input.bytesTotal)
                              : -1 - static_cast<int>(input.stage);
        if ((*lastTenth)[input.index] == tenth) return;
        (*lastTenth)[input.index] = tenth;
        const std::string name = std::filesystem::path(input.path).filename().string();
        if (input.stage == InputProgress::Stage::Parsing && input.bytesTotal > 0)
            std::fprintf(stderr, "%sinput %zu/%zu %s: parsing %3d%%  %lld events\n", clear, input.index + 1, input.count,
                         name.c_str(), static_cast<int>(input.bytesRead * 100 / input.bytesTotal),
                         static_cast<long long>(input.events));
        else
            std::fprintf(stderr, "%sinput %zu/%zu %s: %s\n", clear, input.index + 1, input.count, name.c_str(),
                         inputStageName(input.stage));
    };
}

int runImport(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    OpenOptions options;
    parser.option("-o", &options.storePath) || parser.option("--output", &options.storePath);
    options.forceReimport = parser.flag("--force");
    const bool partial = parser.flag("--partial");
    parser.option("--device-classes", &options.deviceClassRulesPath);
    bool quiet = parser.flag("--quiet");
    const bool progressLines = parser.flag("--progress");
    std::int64_t jobs = 0; // 0: one per core (OpenOptions::jobs)
    if (!intOption(parser, "--jobs", 1, 1024, &jobs, "import")) return kExitBadInput;
    options.jobs = static_cast<int>(jobs);
    if (!parser.unknownOptions().empty() || parser.positional().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    ImportProgress progress;
    const bool terminal = ::isatty(STDERR_FILENO);
    if (progressLines || (!quiet && terminal)) progress.onInputProgress = inputProgressPrinter(terminal);
    if (!quiet && terminal) {
        progress.onProgress = [](std::int64_t read, std::int64_t total, std::int64_t events) {
            if (total > 0)
                std::fprintf(stderr, "\rimporting: %3d%%  %lld events", static_cast<int>(read * 100 / total),
                             static_cast<long long>(events));
        };
    }
    OpenResult result;
    Error error;
    KeepEventsBeforeCut cutPolicy(partial);
    std::shared_ptr<TraceSession> session = TraceSession::open(parser.positional(), options, progress, &result, &error);
    if (progress.onProgress) std::fprintf(stderr, "\r\033[K");
    if (!session) {
        std::fprintf(stderr, "opscope-cli import: %s\n", describe(error).c_str());
        if (error.code == ErrorCode::Truncated && !partial)
            std::fprintf(stderr, "opscope-cli import: --partial imports the events before the cut\n");
        return error.code == ErrorCode::StoreFailed ? kExitFailure : kExitBadInput;
    }
    if (quiet && !partial) return kExitOk;
    StoreSummary summary;
    if (!session->summary(&summary, &error)) {
        std::fprintf(stderr, "opscope-cli import: %s\n", describe(error).c_str());
        return kExitFailure;
    }
    warnAboutCuts(summary);
    if (quiet) return kExitOk;
    {
        std::printf("store:        %s%s\n", result.storePath.c_str(), result.reused ? " (up to date, reused)" : "");
        printSummary(stdout, summary);
        if (!result.reused) {
            double seconds = result.wallSeconds > 0 ? result.wallSeconds : 1e-9;
            std::printf("wall time:    %.3f s\nthroughput:   %.0f events/s, %.1f MB/s\n", result.wallSeconds,
                        static_cast<double>(result.events) / seconds,
                        static_cast<double>(result.bytes) / seconds / 1e6);
        }
        for (const std::string& s : result.skippedFiles) std::printf("skipped:      %s\n", s.c_str());
    }
    return kExitOk;
}

const bool registered = registerCommand({"import", "import traces into a store and print a summary", &runImport});

} // namespace
} // namespace opscope::cli
