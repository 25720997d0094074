// Bulk inserts several rows per statement ("INSERT ... VALUES (...),(...),..."): SQLite's per-statement
// overhead dominates a plain one-row insert, and an import writes millions of rows. Values are
// buffered (text in one arena, core/store/batch_rows.h) and bound when a batch is full, on this
// thread, or, given an InsertPipe (core/store/insert_pipe.h), on the pipe's writer thread.
#pragma once
#include "core/store/batch_rows.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class InsertPipe;

class BatchInsert {
public:
    BatchInsert() = default;
    // columns: "track_id, ts, value"; columnCount: how many there are. With a pipe, full batches
    // go to its writer thread; the pipe must outlive this object.
    BatchInsert(Database& db, std::string table, std::string columns, int columnCount, int rowsPerStatement = 64,
                InsertPipe* pipe = nullptr);

    BatchInsert& value(std::int64_t v) {
        rows_.cells.push_back({BatchCell::Kind::Int, v, 0.0, 0});
        return *this;
    }
    BatchInsert& value(double v) {
        rows_.cells.push_back({BatchCell::Kind::Real, 0, v, 0});
        return *this;
    }
    // Text, copied. Text or a blob of 2 GiB or more (what SQLite binds) throws SqliteError, nothing added.
    BatchInsert& value(std::string_view text);
    // A blob of bytes, copied.
    BatchInsert& blob(const void* data, std::size_t bytes);
    // The bytes of text and blobs waiting: a caller whose rows are large flushes past a budget of its own.
    std::size_t pendingBytes() const { return rows_.arena.size(); }
    BatchInsert& null() {
        rows_.cells.push_back({BatchCell::Kind::Null, 0, 0.0, 0});
        return *this;
    }
    // Runs the statement (or hands the rows to the pipe) when the batch is full.
    void endRow() {
        ++rowCount_;
        if (rows_.cells.size() >= batchCells_) writeBatch();
    }
    // A barrier: every row added so far is in the table when it returns (the pipe drained first).
    void flush();
    std::int64_t rows() const { return rowCount_; }

private:
    void checkLength(std::size_t bytes, const char* what) const;
    void writeBatch();
    std::string valuesSql(int rowCount) const;

    Database* db_ = nullptr;
    InsertPipe* pipe_ = nullptr;
    std::string table_, columnList_;
    int columns_ = 0, perStatement_ = 1;
    std::size_t batchCells_ = 0; // one statement's cells, or a pipe's hand-off of several
    Statement full_;
    BatchRows rows_;
    std::int64_t rowCount_ = 0;
};

} // namespace opscope
