// Progress and cancellation shared by every importer: the worker polls cancelled() between chunks.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace opscope {

// Where one input of several stands (core/session/parallel_import.h): each rank of a job reports its own.
struct InputProgress {
    // Parsed: its own store is written and waits for the merge.
    enum class Stage { Queued, Parsing, Writing, Parsed, Merging, Done, Failed, Cancelled };
    std::size_t index = 0, count = 0;
    std::string path;
    Stage stage = Stage::Queued;
    std::int64_t bytesRead = 0, bytesTotal = 0, events = 0;
};
const char* inputStageName(InputProgress::Stage stage); // "queued", "parsing", ... (CLI lines, tests)

struct ImportProgress {
    // Called from the importing thread with bytes consumed so far, the total (0: unknown) and events seen.
    std::function<void(std::int64_t bytesRead, std::int64_t bytesTotal, std::int64_t events)> onProgress;
    const std::atomic<bool>* cancelFlag = nullptr;
    // Several inputs in one store: called on every change of one input's stage or progress, one call at a
    // time (from whichever thread imports that input).
    std::function<void(const InputProgress&)> onInputProgress;

    bool cancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
    void report(std::int64_t bytesRead, std::int64_t bytesTotal, std::int64_t events) const {
        if (onProgress) onProgress(bytesRead, bytesTotal, events);
    }
};

} // namespace opscope
