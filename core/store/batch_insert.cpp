#include "core/store/batch_insert.h"

#include "core/store/insert_pipe.h"

#include <limits>
#include <string>
#include <utility>

namespace opscope {

namespace {
// Rows handed to the pipe at once, in statements: a hand-off costs a lock and a wake-up, so it
// carries a few thousand rows rather than one statement's 64.
constexpr int kStatementsPerHandOff = 16;
} // namespace

BatchInsert::BatchInsert(Database& db, std::string table, std::string columns, int columnCount, int rowsPerStatement,
                         InsertPipe* pipe)
    : db_(&db), pipe_(pipe), table_(std::move(table)), columnList_(std::move(columns)), columns_(columnCount),
      perStatement_(rowsPerStatement) {
    full_ = db.prepare(valuesSql(perStatement_));
    batchCells_ = static_cast<std::size_t>(columns_ * perStatement_) * (pipe_ ? kStatementsPerHandOff : 1);
    rows_.cells.reserve(batchCells_);
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

// SQLite binds a length as an int, and a cell keeps it in 32 bits: a longer value would be cut short (or,
// past 2 GiB, read to the arena's end) without a word.
void BatchInsert::checkLength(std::size_t bytes, const char* what) const {
    if (bytes > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        throw SqliteError(std::string("a ") + what + " of " + std::to_string(bytes) +
                          " bytes is too large for a batch insert into " + table_);
}

BatchInsert& BatchInsert::value(std::string_view text) {
    checkLength(text.size(), "text");
    rows_.cells.push_back({BatchCell::Kind::Text, static_cast<std::int64_t>(rows_.arena.size()), 0.0,
                           static_cast<std::uint32_t>(text.size())});
    rows_.arena.append(text);
    return *this;
}

BatchInsert& BatchInsert::blob(const void* data, std::size_t bytes) {
    checkLength(bytes, "blob");
    rows_.cells.push_back({BatchCell::Kind::Blob, static_cast<std::int64_t>(rows_.arena.size()), 0.0,
                           static_cast<std::uint32_t>(bytes)});
    rows_.arena.append(static_cast<const char*>(data), bytes);
    return *this;
}

void BatchInsert::writeBatch() {
    if (!pipe_) {
        runBatchStatement(full_.handle(), rows_, 0, perStatement_, columns_, table_);
        rows_.clear();
        return;
    }
    InsertPipe::Job job;
    job.statement = full_.handle();
    job.table = table_;
    job.columns = columns_;
    job.rowsPerStatement = perStatement_;
    job.rows = std::exchange(rows_, pipe_->spareRows());
    rows_.cells.reserve(batchCells_);
    pipe_->submit(std::move(job));
}

void BatchInsert::flush() {
    if (!db_) return;
    if (pipe_) pipe_->drain(); // from here this thread is the connection's only user
    if (rows_.cells.empty()) return;
    const std::size_t statementCells = static_cast<std::size_t>(columns_ * perStatement_);
    std::size_t first = 0;
    for (; rows_.cells.size() - first >= statementCells; first += statementCells)
        runBatchStatement(full_.handle(), rows_, first, perStatement_, columns_, table_);
    if (first < rows_.cells.size()) {
        const int tailRows = static_cast<int>((rows_.cells.size() - first) / static_cast<std::size_t>(columns_));
        Statement tail = db_->prepare(valuesSql(tailRows));
        runBatchStatement(tail.handle(), rows_, first, tailRows, columns_, table_);
    }
    rows_.clear();
}

} // namespace opscope
