#include "core/store/batch_insert.h"

#include <sqlite3.h>

namespace opscope {

BatchInsert::BatchInsert(Database& db, std::string table, std::string columns, int columnCount, int rowsPerStatement)
    : db_(&db), table_(std::move(table)), columnList_(std::move(columns)), columns_(columnCount),
      perStatement_(rowsPerStatement) {
    full_ = db.prepare(valuesSql(perStatement_));
    cells_.reserve(static_cast<std::size_t>(columns_ * perStatement_));
}

std::string BatchInsert::valuesSql(int rowCount) const {
    std::string row = "(";
    for (int c = 0; c < columns_; ++c) row += c ? ",?" : "?";
    row += ")";
    std::string sql = "INSERT INTO " + table_ + "(" + columnList_ + ") VALUES ";
    for (int r = 0; r < rowCount; ++r) {
        if (r) sql += ",";
        sql += row;
    }
    return sql;
}

BatchInsert& BatchInsert::value(std::int64_t v) {
    cells_.push_back({Cell::Kind::Int, v, 0.0, 0});
    return *this;
}

BatchInsert& BatchInsert::value(double v) {
    cells_.push_back({Cell::Kind::Real, 0, v, 0});
    return *this;
}

BatchInsert& BatchInsert::value(std::string_view text) {
    cells_.push_back({Cell::Kind::Text, static_cast<std::int64_t>(arena_.size()), 0.0,
                      static_cast<std::uint32_t>(text.size())});
    arena_.append(text);
    return *this;
}

BatchInsert& BatchInsert::null() {
    cells_.push_back({Cell::Kind::Null, 0, 0.0, 0});
    return *this;
}

void BatchInsert::endRow() {
    ++rows_;
    if (cells_.size() >= static_cast<std::size_t>(columns_ * perStatement_)) run(full_, perStatement_);
}

void BatchInsert::run(Statement& statement, int rowCount) {
    sqlite3_stmt* st = statement.handle();
    for (int i = 0; i < rowCount * columns_; ++i) {
        const Cell& cell = cells_[static_cast<std::size_t>(i)];
        int rc = SQLITE_OK;
        switch (cell.kind) {
        case Cell::Kind::Int: rc = sqlite3_bind_int64(st, i + 1, cell.i); break;
        case Cell::Kind::Real: rc = sqlite3_bind_double(st, i + 1, cell.d); break;
        // The arena outlives the step below, so SQLite may read the text in place.
        case Cell::Kind::Text:
            rc = sqlite3_bind_text(st, i + 1, arena_.data() + cell.i, static_cast<int>(cell.length), SQLITE_STATIC);
            break;
        case Cell::Kind::Null: rc = sqlite3_bind_null(st, i + 1); break;
        }
        if (rc != SQLITE_OK) throw SqliteError(std::string("bind failed in batch insert into ") + table_);
    }
    statement.run();
    cells_.clear();
    arena_.clear();
}

void BatchInsert::flush() {
    if (cells_.empty() || !db_) return;
    int rowCount = static_cast<int>(cells_.size()) / columns_;
    Statement tail = db_->prepare(valuesSql(rowCount));
    run(tail, rowCount);
}

} // namespace opscope
