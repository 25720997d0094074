#include "core/session/parallel_import.h"

#include "core/importers/cut_policy.h"
#include "core/importers/device_class/device_classifier_rules.h"
#include "core/importers/input_progress_board.h"
#include "core/store/store_writer.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace opscope {

namespace fs = std::filesystem;

unsigned importJobCount(int requested) {
    if (requested > 0) return static_cast<unsigned>(requested);
    const unsigned cores = std::thread::hardware_concurrency();
    return cores == 0 ? 1u : cores;
}

std::vector<std::thread> startImportWorkers(unsigned jobs, std::size_t inputs, const std::function<void()>& work) {
    const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(std::max(1u, jobs), inputs));
    std::vector<std::thread> threads;
    threads.reserve(workers);
    const bool keepCut = KeepEventsBeforeCut::active();
    for (std::size_t i = 0; i < workers; ++i)
        threads.emplace_back([work, keepCut] {
            KeepEventsBeforeCut scope(keepCut);
            work();
        });
    return threads;
}

namespace {

using Stage = InputProgress::Stage;

struct Part {
    std::string storePath; // "<store>.rank<i>.tmp-<pid>": a name stale-temp cleanup recognises after a crash
    bool done = false, ok = false;
    Error error;
    ImportedInput imported;
};

// The part files are removed whatever happens: merged, failed or cancelled.
struct PartFiles {
    std::vector<Part>& parts;
    ~PartFiles() {
        for (const Part& part : parts) {
            std::error_code ec;
            fs::remove(part.storePath, ec);
        }
    }
};

class ParallelImport {
public:
    ParallelImport(const std::vector<std::string>& paths, const DeviceClassRules& rules, const ImportProgress& progress,
                   const std::string& storePath)
        : paths_(paths), rules_(rules), outer_(progress), board_(progress, paths), parts_(paths.size()) {
        for (std::size_t i = 0; i < paths.size(); ++i)
            parts_[i].storePath = storePath + ".rank" + std::to_string(i) + ".tmp-" + std::to_string(::getpid());
    }

    // Runs the workers; true when every input was imported into its part.
    bool run(unsigned jobs, Error* error);
    bool merge(StoreMerger& merger, ImportedInput* total, Error* error);
    std::vector<Part>& parts() { return parts_; }

private:
    void work();
    void importOne(std::size_t index);

    const std::vector<std::string>& paths_;
    const DeviceClassRules& rules_;
    const ImportProgress& outer_;
    InputProgressBoard board_;
    std::vector<Part> parts_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false}; // the user's cancel or a failed input: every worker stops
    std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t finished_ = 0;
};

void ParallelImport::importOne(std::size_t index) {
    Part& part = parts_[index];
    Error error;
    ImportedInput imported;
    bool ok = false;
    board_.setStage(index, Stage::Parsing);
    try {
        std::unique_ptr<StoreWriter> writer = StoreWriter::create(part.storePath, &error);
        if (writer) {
            writer->classifyDeviceSlices(deviceSliceClassifier(rules_));
            JobRecord job(*writer);
            ok = importInput(paths_[index], index, paths_.size(), job, board_.forInput(index, &stop_), &imported,
                             &error);
            if (ok) {
                // Ranks this input settles alone; a rank two inputs claim is settled at the merge.
                finishImportedInputs(job, paths_, imported.identities);
                board_.setStage(index, Stage::Writing);
                ok = writer->finish(nullptr, &error, [this] { return stop_.load(); });
            }
        }
    } catch (const std::exception& e) { // SQLite, a scratch file, memory: the input fails, not the process
        ok = false;
        error = Error{ErrorCode::StoreFailed, part.storePath, -1, -1, -1, "a writable store", e.what()};
    }
    if (!ok && stop_.load() && error.code != ErrorCode::Cancelled) error.code = ErrorCode::Cancelled;
    board_.setStage(index, ok ? Stage::Parsed : error.code == ErrorCode::Cancelled ? Stage::Cancelled : Stage::Failed);
    std::lock_guard<std::mutex> lock(mutex_);
    part.done = true;
    part.ok = ok;
    part.error = std::move(error);
    part.imported = std::move(imported);
    if (!ok) stop_ = true;
    ++finished_;
    changed_.notify_all();
}

void ParallelImport::work() {
    for (;;) {
        const std::size_t index = next_.fetch_add(1);
        if (index >= parts_.size()) return;
        if (stop_.load()) {
            board_.setStage(index, Stage::Cancelled);
            std::lock_guard<std::mutex> lock(mutex_);
            parts_[index].done = true;
            parts_[index].error = Error{ErrorCode::Cancelled, paths_[index], -1, -1, -1, {}, {}};
            ++finished_;
            changed_.notify_all();
            continue;
        }
        importOne(index);
    }
}

bool ParallelImport::run(unsigned jobs, Error* error) {
    std::vector<std::thread> threads = startImportWorkers(jobs, parts_.size(), [this] { work(); });
    {
        // The user's cancel reaches the workers from here too, between their own polls.
        std::unique_lock<std::mutex> lock(mutex_);
        while (finished_ < parts_.size()) {
            changed_.wait_for(lock, std::chrono::milliseconds(50));
            if (outer_.cancelled()) stop_ = true;
        }
    }
    for (std::thread& t : threads) t.join();
    if (outer_.cancelled()) {
        *error = Error{ErrorCode::Cancelled, {}, -1, -1, -1, {}, {}};
        return false;
    }
    // The first real failure in input order, not the cancellations it caused in the others.
    for (const Part& part : parts_)
        if (!part.ok && part.error.code != ErrorCode::Cancelled) {
            *error = part.error;
            return false;
        }
    for (const Part& part : parts_)
        if (!part.ok) {
            *error = part.error;
            return false;
        }
    return true;
}

bool ParallelImport::merge(StoreMerger& merger, ImportedInput* total, Error* error) {
    std::map<std::string, InputIdentity> identities;
    for (const Part& part : parts_) identities.insert(part.imported.identities.begin(), part.imported.identities.end());
    const std::map<std::string, InputIdentity> settled = settleInputRanks(paths_, identities);
    for (std::size_t i = 0; i < parts_.size(); ++i) {
        if (outer_.cancelled()) {
            *error = Error{ErrorCode::Cancelled, {}, -1, -1, -1, {}, {}};
            return false;
        }
        board_.setStage(i, Stage::Merging);
        MergeHostFix fix;
        if (auto it = settled.find(std::to_string(i) + "/"); it != settled.end()) fix = {it->second.rank, it->second.host};
        if (!merger.append(parts_[i].storePath, fix, error)) {
            if (outer_.cancelled()) error->code = ErrorCode::Cancelled;
            return false;
        }
        std::error_code ec;
        fs::remove(parts_[i].storePath, ec);
        board_.setStage(i, Stage::Done);
        const ImportedInput& in = parts_[i].imported;
        total->events += in.events;
        total->bytes += in.bytes;
        total->usedFiles.insert(total->usedFiles.end(), in.usedFiles.begin(), in.usedFiles.end());
        total->skippedFiles.insert(total->skippedFiles.end(), in.skippedFiles.begin(), in.skippedFiles.end());
    }
    return true;
}

} // namespace

bool importInParallel(const std::vector<std::string>& paths, unsigned jobs, const DeviceClassRules& classRules,
                      const ImportProgress& progress, StoreMerger& merger, ImportedInput* total, Error* error) {
    ParallelImport import(paths, classRules, progress, merger.database().path());
    PartFiles cleanup{import.parts()};
    merger.setInterruptFlag(progress.cancelFlag);
    const bool ok = import.run(jobs, error) && import.merge(merger, total, error);
    merger.setInterruptFlag(nullptr);
    return ok;
}

} // namespace opscope
