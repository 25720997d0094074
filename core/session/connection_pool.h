// Read-only SQLite connections to one store, lent to one thread at a time: a connection is never used by
// two threads at once, and a worker that finished hands its connection to the next one instead of reopening.
#pragma once
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace opscope {

class ConnectionPool {
public:
    explicit ConnectionPool(std::string storePath);

    // A connection for the calling thread until the lease is destroyed.
    class Lease {
    public:
        Lease() = default;
        Lease(ConnectionPool* pool, std::unique_ptr<Database> db) : pool_(pool), db_(std::move(db)) {}
        Lease(Lease&&) noexcept = default;
        Lease& operator=(Lease&&) noexcept = default;
        ~Lease();
        explicit operator bool() const { return db_ != nullptr; }
        Database& operator*() const { return *db_; }
        Database* operator->() const { return db_.get(); }

    private:
        ConnectionPool* pool_ = nullptr;
        std::unique_ptr<Database> db_;
    };

    // An idle connection, or a new read-only one; an empty lease (and *error) when the store cannot be opened.
    Lease acquire(Error* error);
    const std::string& storePath() const { return storePath_; }
    std::size_t openedCount() const; // connections opened so far (tests)

private:
    void giveBack(std::unique_ptr<Database> db);

    std::string storePath_;
    mutable std::mutex mutex_;
    std::vector<std::unique_ptr<Database>> idle_;
    std::size_t opened_ = 0;
};

} // namespace opscope
