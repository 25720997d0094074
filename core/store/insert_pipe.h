// The import's store writing on its own thread: BatchInsert (core/store/batch_insert.h) hands full
// batches of rows to an InsertPipe, whose one writer thread binds and steps them in the order they
// came while the importing thread goes on parsing or nesting. Bounded: a few batches in flight at
// most, so a slow disk holds the importer back instead of letting rows pile up in memory.
//
// The connection is opened without SQLite's mutex, so the writer thread must be its only user while
// it works: the pipe registers itself as the connection's gate (core/store/connection_gate.h), and
// every other use of the connection, through any Database or Statement call, first waits until the
// pipe is idle.
#pragma once
#include "core/store/batch_rows.h"
#include "core/store/connection_gate.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace opscope {

class InsertPipe final : public ConnectionGate {
public:
    // Whole statements' worth of rows: rows.cells holds a multiple of rowsPerStatement * columns cells.
    struct Job {
        sqlite3_stmt* statement = nullptr; // prepared for rowsPerStatement rows; outlives the job
        std::string table;                 // for the error message
        int columns = 0;
        int rowsPerStatement = 0;
        BatchRows rows;
    };

    // Registers as db's gate; when that fails (registered() false) the pipe must not be used.
    explicit InsertPipe(sqlite3* db, std::size_t maxQueuedJobs = 4);
    ~InsertPipe(); // drops the jobs not yet run, joins the thread, unregisters
    bool registered() const { return registered_; }
    InsertPipe(const InsertPipe&) = delete;
    InsertPipe& operator=(const InsertPipe&) = delete;

    // Queues a job, waiting while maxQueuedJobs are ahead of it (back-pressure). Rethrows what the
    // writer thread threw (a SqliteError), then and on every later call: the import has failed.
    void submit(Job job);
    // Empty buffers for the next batch, a finished job's when there is one, so memory is reused.
    BatchRows spareRows();
    // The barrier: returns once every job submitted so far has run. Rethrows as submit() does.
    void drain();
    // ConnectionGate: waits until no job is queued or running. Never throws (statements are finalized
    // in destructors); the error comes back through submit() and drain().
    void waitIdle() override;

private:
    void writerLoop();
    void rethrowError(); // with mutex_ held

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Job> queue_;
    std::vector<BatchRows> spare_;
    sqlite3* db_;
    bool registered_ = false;
    std::size_t maxQueued_;
    bool stopping_ = false;
    std::exception_ptr error_;
    std::atomic<std::size_t> unfinished_{0}; // queued + running: waitIdle's lock-free fast path
    std::thread thread_;
};

} // namespace opscope
