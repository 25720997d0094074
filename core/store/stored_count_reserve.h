// Room for rows about to be read, reserved once from the store's own counts (track.slice_count): an
// array grown by doubling holds twice its rows at worst and, while it is copied, the old and the new
// one at once (1.9 GB for the host slices of a 10 GB store). The counts are the store's word, so the
// room is bounded by the rows its file can hold; a reserve the machine refuses leaves the array to grow.
#pragma once
#include "core/store/sqlite_db.h"
#include "core/store/store_file_bytes.h"

#include <algorithm>
#include <exception>
#include <vector>

namespace opscope {

// counted: the store's count, as a float (SQLite's total() cannot fail on crafted values as sum() can).
template <typename T>
void reserveForStoredCount(Database& db, double counted, std::vector<T>* rows) {
    if (!(counted > 0)) return;
    const auto mostRows = static_cast<double>(storeFileBytes(db) / 8);
    try {
        rows->reserve(static_cast<std::size_t>(std::min(counted, mostRows)));
    } catch (const std::exception&) { // bad_alloc or length_error: the array grows as the rows come
    }
}

// The same, the count being the one value of totalSql (a SELECT total(...)).
template <typename T>
void reserveForStoredCount(Database& db, const char* totalSql, std::vector<T>* rows) {
    Statement st = db.prepare(totalSql);
    reserveForStoredCount(db, st.step() ? st.real(0) : 0.0, rows);
}

} // namespace opscope
