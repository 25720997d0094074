#include "core/session/recorded_import.h"

#include "core/importers/input_progress_board.h"
#include "core/session/parallel_import.h"
#include "core/session/recording_sink.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>

namespace opscope {

std::size_t recordingBudgetBytes() {
    if (const char* mb = std::getenv("OPSCOPE_RECORDING_BUDGET_MB"))
        return static_cast<std::size_t>(std::strtoull(mb, nullptr, 10)) << 20;
    return std::size_t{256} << 20;
}

namespace {

using Stage = InputProgress::Stage;

struct RecordedPart {
    std::unique_ptr<RecordingSink> sink;
    bool started = false, ok = false;
    Error error;
    ImportedInput imported;
};

class RecordedImport {
public:
    RecordedImport(const std::vector<std::string>& paths, const ImportProgress& progress, const RecordingLimits& limits)
        : paths_(paths), outer_(progress), board_(progress, paths),
          budget_(limits.budgetBytes > 0 ? limits.budgetBytes : recordingBudgetBytes()),
          parts_(paths.size()) {
        for (RecordedPart& part : parts_)
            part.sink = std::make_unique<RecordingSink>(&budget_, [this] { return stop_.load(); }, limits.chunkBytes);
    }

    bool run(unsigned jobs, JobRecord& job, std::map<std::string, InputIdentity>* identities, ImportedInput* total,
             Error* error);
    std::int64_t budgetWaits() const { return budget_.waits(); }

private:
    void work();
    void importOne(std::size_t index);
    void stopAll();
    bool cancelled() const { return stop_.load() || outer_.cancelled(); }

    const std::vector<std::string>& paths_;
    const ImportProgress& outer_;
    InputProgressBoard board_;
    RecordingBudget budget_;
    std::vector<RecordedPart> parts_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false}; // the user's cancel or a failed input: every worker stops
    std::mutex mutex_;
};

void RecordedImport::importOne(std::size_t index) {
    RecordedPart& part = parts_[index];
    Error error;
    ImportedInput imported;
    bool ok = false;
    board_.setStage(index, Stage::Parsing);
    try {
        // The record of devices and categories is the writer's JobRecord at replay; here the input only
        // emits, as importInput does into the sequential writer.
        ok = importInput(paths_[index], index, paths_.size(), *part.sink, board_.forInput(index, &stop_), &imported,
                         &error);
    } catch (const std::exception& e) { // memory, a scratch file: the input fails, not the process
        ok = false;
        error = Error{ErrorCode::StoreFailed, paths_[index], -1, -1, -1, "memory for the input's rows", e.what()};
    }
    if (!ok && stop_.load() && error.code != ErrorCode::Cancelled) error.code = ErrorCode::Cancelled;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        part.ok = ok;
        part.error = std::move(error);
        part.imported = std::move(imported);
    }
    if (ok) board_.setStage(index, Stage::Parsed); // before the close, after which its replay may be done
    part.sink->close();
    if (!ok) stopAll();
}

void RecordedImport::stopAll() {
    stop_ = true;
    budget_.wake();
    for (RecordedPart& part : parts_) part.sink->stopReplay();
}

void RecordedImport::work() {
    for (;;) {
        const std::size_t index = next_.fetch_add(1);
        if (index >= parts_.size()) return;
        if (stop_.load()) {
            board_.setStage(index, Stage::Cancelled);
            parts_[index].sink->close();
            continue;
        }
        importOne(index);
    }
}

bool RecordedImport::run(unsigned jobs, JobRecord& job, std::map<std::string, InputIdentity>* identities,
                         ImportedInput* total, Error* error) {
    std::vector<std::thread> threads = startImportWorkers(jobs, parts_.size(), [this] { work(); });
    // The user's cancel reaches the workers and the replay from a watcher, between their own polls.
    std::atomic<bool> replayDone{false};
    std::thread watcher([&] {
        while (!replayDone.load()) {
            if (outer_.cancelled() && !stop_.load()) stopAll();
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    bool ok = true;
    try {
        for (std::size_t i = 0; i < parts_.size() && ok; ++i) {
            RecordedPart& part = parts_[i];
            part.sink->beginReplay(); // its worker no longer waits on the budget: the replay drains it
            // "merging": its rows go into the one store, from its first chunk on (its parse may go on).
            ok = part.sink->replayInto(job, true, [&] { board_.setStage(i, Stage::Merging); }) && !cancelled();
            std::lock_guard<std::mutex> lock(mutex_);
            ok = ok && part.ok;
            if (!ok) break;
            board_.setStage(i, Stage::Done);
            identities->insert(part.imported.identities.begin(), part.imported.identities.end());
            total->events += part.imported.events;
            total->bytes += part.imported.bytes;
            total->usedFiles.insert(total->usedFiles.end(), part.imported.usedFiles.begin(), part.imported.usedFiles.end());
            total->skippedFiles.insert(total->skippedFiles.end(), part.imported.skippedFiles.begin(),
                                       part.imported.skippedFiles.end());
            part.sink.reset(); // its replayed rows are in the writer now
            part.sink = std::make_unique<RecordingSink>(nullptr, nullptr);
        }
    } catch (...) {
        stopAll();
        replayDone = true;
        watcher.join();
        for (std::thread& t : threads) t.join();
        throw;
    }
    if (!ok) stopAll();
    replayDone = true;
    watcher.join();
    for (std::thread& t : threads) t.join();
    if (ok) return true;
    if (outer_.cancelled()) {
        *error = Error{ErrorCode::Cancelled, {}, -1, -1, -1, {}, {}};
        return false;
    }
    // The first real failure in input order, not the cancellations it caused in the others.
    for (const RecordedPart& part : parts_)
        if (!part.ok && part.error.code != ErrorCode::Cancelled && part.error) {
            *error = part.error;
            return false;
        }
    *error = Error{ErrorCode::Cancelled, {}, -1, -1, -1, {}, {}};
    return false;
}

} // namespace

bool importRecordedInParallel(const std::vector<std::string>& paths, unsigned jobs, const ImportProgress& progress,
                              JobRecord& job, std::map<std::string, InputIdentity>* identities,
                              ImportedInput* total, Error* error, const RecordingLimits& limits) {
    RecordedImport import(paths, progress, limits);
    const bool ok = import.run(jobs, job, identities, total, error);
    if (limits.budgetWaits) *limits.budgetWaits = import.budgetWaits();
    return ok;
}

} // namespace opscope
