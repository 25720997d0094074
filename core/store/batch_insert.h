// Bulk inserts several rows per statement ("INSERT ... VALUES (...),(...),..."): SQLite's per-statement
// overhead dominates a plain one-row insert, and an import writes millions of rows. Values are
// buffered (text in one arena) and bound when a batch is full.
#pragma once
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class BatchInsert {
public:
    BatchInsert() = default;
    // columns: "track_id, ts, value"; columnCount: how many there are.
    BatchInsert(Database& db, std::string table, std::string columns, int columnCount, int rowsPerStatement = 64);

    BatchInsert& value(std::int64_t v);
    BatchInsert& value(double v);
    BatchInsert& value(std::string_view text);
    BatchInsert& null();
    void endRow();  // runs the statement when the batch is full
    void flush();   // writes the rows of an unfinished batch
    std::int64_t rows() const { return rows_; }

private:
    struct Cell {
        enum class Kind : std::uint8_t { Int, Real, Text, Null } kind;
        std::int64_t i;   // Int value, or Text offset into arena_
        double d;         // Real value
        std::uint32_t length; // Text length
    };
    void run(Statement& statement, int rowCount);
    std::string valuesSql(int rowCount) const;

    Database* db_ = nullptr;
    std::string table_, columnList_;
    int columns_ = 0, perStatement_ = 1;
    Statement full_;
    std::vector<Cell> cells_;
    std::string arena_;
    std::int64_t rows_ = 0;
};

} // namespace opscope
