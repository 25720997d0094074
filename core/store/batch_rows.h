// Rows waiting for one multi-row INSERT (core/store/batch_insert.h): values in cells, text and blobs in
// one arena. Bound and stepped with raw SQLite calls, so that the insert pipe's writer thread
// (core/store/insert_pipe.h) may run them as well as the thread that buffered them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

struct sqlite3_stmt;

namespace opscope {

struct BatchCell {
    enum class Kind : std::uint8_t { Int, Real, Text, Blob, Null } kind;
    std::int64_t i;        // Int value, or Text or Blob offset into the arena
    double d;              // Real value
    std::uint32_t length;  // Text or Blob length in bytes
};

struct BatchRows {
    std::vector<BatchCell> cells;
    std::string arena;
    void clear() {
        cells.clear();
        arena.clear();
    }
};

// Binds rowCount rows of `columns` cells, from cell firstCell on, to statement (prepared for exactly
// that many rows) and steps it once. Throws SqliteError naming the table.
void runBatchStatement(sqlite3_stmt* statement, const BatchRows& rows, std::size_t firstCell, int rowCount,
                       int columns, const std::string& table);

} // namespace opscope
