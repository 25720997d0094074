#include "core/store/insert_pipe.h"

#include <utility>

namespace opscope {

InsertPipe::InsertPipe(sqlite3* db, std::size_t maxQueuedJobs) : db_(db), maxQueued_(maxQueuedJobs ? maxQueuedJobs : 1) {
    registered_ = registerConnectionGate(db_, this);
    thread_ = std::thread([this] { writerLoop(); });
}

InsertPipe::~InsertPipe() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
        unfinished_ -= queue_.size();
        queue_.clear();
    }
    changed_.notify_all();
    thread_.join();
    if (registered_) unregisterConnectionGate(db_, this);
}

void InsertPipe::rethrowError() {
    if (error_) std::rethrow_exception(error_);
}

void InsertPipe::submit(Job job) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return queue_.size() < maxQueued_ || error_; });
    rethrowError();
    queue_.push_back(std::move(job));
    ++unfinished_;
    lock.unlock();
    changed_.notify_all();
}

BatchRows InsertPipe::spareRows() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (spare_.empty()) return {};
    BatchRows rows = std::move(spare_.back());
    spare_.pop_back();
    return rows;
}

void InsertPipe::drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return unfinished_ == 0; });
    rethrowError();
}

void InsertPipe::waitIdle() {
    if (unfinished_ == 0) return; // the common case: one atomic load per statement call
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return unfinished_ == 0; });
}

void InsertPipe::writerLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        Job job = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        std::exception_ptr failure;
        try {
            const std::size_t cellsPerStatement = static_cast<std::size_t>(job.rowsPerStatement * job.columns);
            for (std::size_t first = 0; first < job.rows.cells.size(); first += cellsPerStatement)
                runBatchStatement(job.statement, job.rows, first, job.rowsPerStatement, job.columns, job.table);
        } catch (...) {
            failure = std::current_exception();
        }
        job.rows.clear();
        lock.lock();
        if (spare_.size() < maxQueued_ + 1) spare_.push_back(std::move(job.rows));
        if (failure && !error_) {
            // Nothing after a failed batch is written: the import fails at its next submit or drain.
            error_ = failure;
            unfinished_ -= queue_.size();
            queue_.clear();
        }
        --unfinished_;
        changed_.notify_all();
    }
}

} // namespace opscope
