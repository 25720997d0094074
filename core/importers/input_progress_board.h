// Progress of several inputs imported at once, gathered in one place: each input reports through its own
// ImportProgress, the board keeps every input's stage and bytes and passes them on, one call at a time,
// to the caller's per-input callback and, summed, to its overall one.
#pragma once
#include "core/importers/import_progress.h"

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

namespace opscope {

class InputProgressBoard {
public:
    InputProgressBoard(const ImportProgress& outer, const std::vector<std::string>& paths);

    // What input `index` reports through; cancelFlag is what its importer polls.
    ImportProgress forInput(std::size_t index, const std::atomic<bool>* cancelFlag);
    void setStage(std::size_t index, InputProgress::Stage stage);

private:
    void report(std::size_t index, std::int64_t bytesRead, std::int64_t bytesTotal, std::int64_t events);
    void publish(std::size_t index); // with mutex_ held

    const ImportProgress& outer_;
    std::mutex mutex_;
    std::vector<InputProgress> inputs_;
};

} // namespace opscope
