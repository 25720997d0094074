// NULL-able columns as std::optional: one reading and one binding of "no value" for the readers and
// writers in core/store, instead of a copy of each in every file.
#pragma once
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <optional>

namespace opscope {

// The column's integer, or nullopt when it is NULL.
inline std::optional<std::int64_t> optionalInt64(const Statement& st, int column) {
    if (st.isNull(column)) return std::nullopt;
    return st.int64(column);
}

// Binds the value, or NULL when there is none.
template <typename T> void bindOptional(Statement& st, int index, const std::optional<T>& value) {
    if (value) st.bind(index, *value);
    else st.bindNull(index);
}

} // namespace opscope
