// Facts about rows a writer numbers itself, one id after the other (threads, processes, tracks), kept
// by id in a deque instead of a hash map: no node to allocate, hash or free per row, and lookups are an
// index. A metadata-heavy trace makes a hundred thousand threads or more, and the hash maps' nodes
// were a tenth of its import (docs/BENCHMARKS.md, "Issue #22, session 18").
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <utility>

namespace opscope {

template <class T>
class DenseIdTable {
public:
    // Adds the facts of `id`, which follows the last id added (the first may be any id). References
    // to facts already added stay valid. An id out of order is a caller's bug: std::logic_error.
    T& add(std::int64_t id, T facts) {
        if (rows_.empty()) first_ = id;
        else if (id != first_ + static_cast<std::int64_t>(rows_.size()))
            throw std::logic_error("DenseIdTable: ids must be added in order");
        rows_.push_back(std::move(facts));
        return rows_.back();
    }
    // nullptr for an id this table does not hold.
    T* find(std::int64_t id) {
        if (rows_.empty() || id < first_ || id - first_ >= static_cast<std::int64_t>(rows_.size())) return nullptr;
        return &rows_[static_cast<std::size_t>(id - first_)];
    }
    const T* find(std::int64_t id) const { return const_cast<DenseIdTable*>(this)->find(id); }
    // Like find, for ids known to be held: std::out_of_range otherwise.
    T& at(std::int64_t id) {
        T* facts = find(id);
        if (facts == nullptr) throw std::out_of_range("DenseIdTable: id not held");
        return *facts;
    }
    const T& at(std::int64_t id) const { return const_cast<DenseIdTable*>(this)->at(id); }
    std::size_t size() const { return rows_.size(); }
    bool empty() const { return rows_.empty(); }

private:
    std::int64_t first_ = 0;
    std::deque<T> rows_;
};

} // namespace opscope
