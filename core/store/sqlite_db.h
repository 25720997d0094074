// A thin RAII layer over the sqlite3 C API: a connection, prepared statements reused in loops,
// and errors turned into exceptions at this boundary only (callers convert them to Error values).
#pragma once
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace opscope {

class SqliteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Statement;

// "file:/abs/path?query" with the path percent-encoded, so that '#', '?' and '%' in a file name
// cannot end the path early (SQLite parses URI filenames); query may be empty.
std::string sqliteFileUri(const std::string& path, std::string_view query);

// True when the file starts with the 16-byte SQLite 3 header (cheap: reads 16 bytes).
bool hasSqliteHeader(const std::string& path);

class Database {
public:
    enum class Mode { ReadOnly, ReadWrite, Create };

    Database() = default;
    Database(const std::string& path, Mode mode);
    // A private, temporary on-disk database for scratch work (never a trace store): SQLite makes its
    // file in its temp folder, deletes it at once and holds at most its page cache in memory.
    static Database privateScratch();
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    bool isOpen() const { return db_ != nullptr; }
    void close();
    void exec(const std::string& sql);
    Statement prepare(std::string_view sql);
    std::int64_t lastInsertRowId() const;
    // First column of the first row, or the fallback when there is no row.
    std::int64_t scalarInt(const std::string& sql, std::int64_t fallback = 0);
    std::string scalarText(const std::string& sql, const std::string& fallback = {});
    bool tableExists(const std::string& name);
    // While *flag is true, running statements stop with SQLITE_INTERRUPT (a SqliteError); null removes it.
    // This is how a cancelled worker really stops in the middle of a long query.
    void setInterruptFlag(const std::atomic<bool>* flag);
    const std::atomic<bool>* interruptFlag() const { return interruptFlag_; }
    // True for a connection that cannot write: it holds no uncommitted rows, so a second read-only
    // connection to the same file sees exactly what this one sees.
    bool isReadOnly() const;
    // A second read-only connection to this one's file, under the same interrupt flag (for a scan read in
    // parts on several threads). Throws SqliteError when the file cannot be opened.
    Database readOnlySibling() const;
    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }

private:
    sqlite3* db_ = nullptr;
    std::string path_;
    const std::atomic<bool>* interruptFlag_ = nullptr;
};

class Statement {
public:
    Statement() = default;
    Statement(sqlite3* db, std::string_view sql);
    // Prepares the first statement of sql; tail receives the text after it (to refuse a second one).
    Statement(sqlite3* db, std::string_view sql, std::string_view* tail);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Binding is 1-based like sqlite3.
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bindNull(int index);

    // Returns true while there is a row to read.
    bool step();
    // Runs a statement that returns no rows, then resets it for the next use.
    void run();
    void reset();

    int columnCount() const;
    bool isNull(int column) const;
    std::int64_t int64(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::string_view textView(int column) const;
    std::string columnName(int column) const;
    int columnType(int column) const; // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB, SQLITE_NULL
    sqlite3_stmt* handle() const { return stmt_; }

private:
    void check(int rc, const char* what) const;
    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

// Commits on commit(), rolls back if destroyed before that (an exception or a cancel).
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    void commit();

private:
    Database& db_;
    bool done_ = false;
};

} // namespace opscope
