#include "core/store/batch_rows.h"

#include "core/store/sqlite_db.h"

#include <sqlite3.h>

namespace opscope {

void runBatchStatement(sqlite3_stmt* st, const BatchRows& rows, std::size_t firstCell, int rowCount, int columns,
                       const std::string& table) {
    const int count = rowCount * columns;
    for (int i = 0; i < count; ++i) {
        const BatchCell& cell = rows.cells[firstCell + static_cast<std::size_t>(i)];
        int rc = SQLITE_OK;
        switch (cell.kind) {
        case BatchCell::Kind::Int: rc = sqlite3_bind_int64(st, i + 1, cell.i); break;
        case BatchCell::Kind::Real: rc = sqlite3_bind_double(st, i + 1, cell.d); break;
        // The arena outlives the step below, so SQLite may read the text in place.
        case BatchCell::Kind::Text:
            rc = sqlite3_bind_text(st, i + 1, rows.arena.data() + cell.i, static_cast<int>(cell.length), SQLITE_STATIC);
            break;
        case BatchCell::Kind::Blob:
            rc = sqlite3_bind_blob(st, i + 1, rows.arena.data() + cell.i, static_cast<int>(cell.length), SQLITE_STATIC);
            break;
        case BatchCell::Kind::Null: rc = sqlite3_bind_null(st, i + 1); break;
        }
        if (rc != SQLITE_OK) throw SqliteError("bind failed in batch insert into " + table);
    }
    const int rc = sqlite3_step(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        // The same text as Statement::run gives, whichever thread ran the statement.
        std::string message = "step: " + std::string(sqlite3_errmsg(sqlite3_db_handle(st)));
        sqlite3_reset(st);
        throw SqliteError(message);
    }
    sqlite3_reset(st);
}

} // namespace opscope
