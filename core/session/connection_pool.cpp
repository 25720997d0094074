#include "core/session/connection_pool.h"

#include "core/analysis/snapshot/store_access.h"

namespace opscope {

ConnectionPool::ConnectionPool(std::string storePath) : storePath_(std::move(storePath)) {}

ConnectionPool::Lease::~Lease() {
    if (pool_ && db_) pool_->giveBack(std::move(db_));
}

ConnectionPool::Lease ConnectionPool::acquire(Error* error) {
    {
        std::lock_guard lock(mutex_);
        if (!idle_.empty()) {
            std::unique_ptr<Database> db = std::move(idle_.back());
            idle_.pop_back();
            return Lease(this, std::move(db));
        }
    }
    auto db = std::make_unique<Database>();
    if (!openStoreReadOnly(storePath_, db.get(), error)) return {};
    std::lock_guard lock(mutex_);
    ++opened_;
    return Lease(this, std::move(db));
}

std::size_t ConnectionPool::openedCount() const {
    std::lock_guard lock(mutex_);
    return opened_;
}

void ConnectionPool::giveBack(std::unique_ptr<Database> db) {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(db));
}

} // namespace opscope
