// A value per id, for ids a store holds (slice ids, args ids): a table indexed by id - lo while the ids'
// span is within reach of their count, sorted (id, value) pairs searched otherwise. Ids are the store's
// values: validation keeps them below 2^32 but not dense, so two ids far apart must not size a table
// by their span (ids 1 and 4e9 would ask for 16 GB).
#pragma once
#include "core/model/huge_pages.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace opscope {

template <typename Value>
class IdIndex {
public:
    IdIndex() = default;
    // For at most `count` ids in [lo, hi] (none when hi < lo); get() gives `absent` for an id not set.
    IdIndex(std::int64_t lo, std::int64_t hi, std::size_t count, Value absent) : lo_(lo), absent_(absent) {
        if (hi < lo) return; // no ids: an empty table
        // lo >= 0 first: then hi - lo cannot overflow.
        dense_ = lo >= 0 && hi - lo < denseSpanLimit(count);
        if (!dense_) {
            pairs_.reserve(count);
            return;
        }
        reserveOnHugePages(table_, static_cast<std::size_t>(hi - lo + 1));
        table_.assign(static_cast<std::size_t>(hi - lo + 1), absent);
    }
    // The widest span of ids a table is made for, for this many ids.
    static std::int64_t denseSpanLimit(std::size_t count) { return 2 * static_cast<std::int64_t>(count) + 1024; }

    // id in [lo, hi]. Call seal() after the last set and before the first get.
    void set(std::int64_t id, Value value) {
        if (dense_) table_[static_cast<std::size_t>(id - lo_)] = value;
        else pairs_.emplace_back(id, value);
    }
    void seal() {
        std::sort(pairs_.begin(), pairs_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    Value get(std::int64_t id) const {
        if (dense_) return id >= lo_ && id - lo_ < static_cast<std::int64_t>(table_.size()) ? table_[static_cast<std::size_t>(id - lo_)] : absent_;
        auto it = std::lower_bound(pairs_.begin(), pairs_.end(), id, [](const auto& p, std::int64_t v) { return p.first < v; });
        return it != pairs_.end() && it->first == id ? it->second : absent_;
    }
    bool dense() const { return dense_; }

private:
    bool dense_ = true;
    std::int64_t lo_ = 0;
    Value absent_{};
    std::vector<Value> table_;                         // dense: by id - lo_
    std::vector<std::pair<std::int64_t, Value>> pairs_; // otherwise: (id, value), by id once sealed
};

} // namespace opscope
