#include "core/store/sqlite_db.h"

#include "core/store/connection_gate.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

namespace opscope {

namespace {
std::string messageOf(sqlite3* db, const std::string& what) {
    return what + ": " + (db ? sqlite3_errmsg(db) : "no database");
}
} // namespace

std::string sqliteFileUri(const std::string& path, std::string_view query) {
    std::error_code ec;
    std::string absolute = std::filesystem::absolute(path, ec).string();
    if (ec) absolute = path;
    std::string uri = "file:";
    for (unsigned char c : absolute) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' ||
                           c == '-' || c == '_' || c == '.' || c == '~';
        if (plain) {
            uri.push_back(static_cast<char>(c));
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", c);
            uri += hex;
        }
    }
    if (!query.empty()) uri.append("?").append(query);
    return uri;
}

bool hasSqliteHeader(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    char head[16] = {};
    const std::size_t n = std::fread(head, 1, sizeof head, f);
    std::fclose(f);
    return n == sizeof head && std::memcmp(head, "SQLite format 3", 16) == 0;
}

Database::Database(const std::string& path, Mode mode) : path_(path) {
    int flags = SQLITE_OPEN_NOMUTEX;
    switch (mode) {
    case Mode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    case Mode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case Mode::Create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    }
    if (path.rfind("file:", 0) == 0) flags |= SQLITE_OPEN_URI;
    int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string msg = messageOf(db_, "cannot open " + path);
        sqlite3_close(db_);
        db_ = nullptr;
        throw SqliteError(msg);
    }
    sqlite3_busy_timeout(db_, 2000);
}

Database Database::privateScratch() { return Database("", Mode::Create); }

Database::~Database() { close(); }

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)),
      interruptFlag_(std::exchange(other.interruptFlag_, nullptr)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        close();
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
        interruptFlag_ = std::exchange(other.interruptFlag_, nullptr);
    }
    return *this;
}

bool Database::isReadOnly() const {
    if (!db_) return false;
    waitForConnectionGate(db_);
    return sqlite3_db_readonly(db_, "main") == 1;
}

Database Database::readOnlySibling() const {
    Database sibling(path_, Mode::ReadOnly);
    sibling.setInterruptFlag(interruptFlag_);
    return sibling;
}

void Database::close() {
    if (db_) {
        waitForConnectionGate(db_);
        forgetConnectionGate(db_); // a later connection may get the same address
        sqlite3_close_v2(db_);
        db_ = nullptr;
    }
}

void Database::exec(const std::string& sql) {
    waitForConnectionGate(db_);
    char* err = nullptr;
    int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string msg = std::string("SQL failed: ") + (err ? err : "?") + " in: " + sql.substr(0, 200);
        sqlite3_free(err);
        throw SqliteError(msg);
    }
}

Statement Database::prepare(std::string_view sql) { return Statement(db_, sql); }

std::int64_t Database::lastInsertRowId() const {
    waitForConnectionGate(db_);
    return sqlite3_last_insert_rowid(db_);
}

std::int64_t Database::scalarInt(const std::string& sql, std::int64_t fallback) {
    Statement st = prepare(sql);
    if (st.step() && !st.isNull(0)) return st.int64(0);
    return fallback;
}

std::string Database::scalarText(const std::string& sql, const std::string& fallback) {
    Statement st = prepare(sql);
    if (st.step() && !st.isNull(0)) return st.text(0);
    return fallback;
}

void Database::setInterruptFlag(const std::atomic<bool>* flag) {
    if (!db_) return;
    waitForConnectionGate(db_);
    interruptFlag_ = flag;
    if (!flag) {
        sqlite3_progress_handler(db_, 0, nullptr, nullptr);
        return;
    }
    // Called every 1000 virtual machine steps: cheap, and a long scan stops within microseconds.
    sqlite3_progress_handler(
        db_, 1000, [](void* arg) { return static_cast<const std::atomic<bool>*>(arg)->load() ? 1 : 0; },
        const_cast<std::atomic<bool>*>(flag));
}

bool Database::tableExists(const std::string& name) {
    Statement st = prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table','view') AND name = ?");
    st.bind(1, name);
    return st.step();
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    waitForConnectionGate(db_);
    int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
    if (rc != SQLITE_OK) throw SqliteError(messageOf(db, "cannot prepare: " + std::string(sql.substr(0, 200))));
}

Statement::Statement(sqlite3* db, std::string_view sql, std::string_view* tail) : db_(db) {
    waitForConnectionGate(db_);
    const char* end = nullptr;
    int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, &end);
    if (rc != SQLITE_OK) throw SqliteError(messageOf(db, "cannot prepare: " + std::string(sql.substr(0, 200))));
    if (tail) *tail = end ? sql.substr(static_cast<std::size_t>(end - sql.data())) : std::string_view();
}

Statement::~Statement() {
    if (stmt_) {
        waitForConnectionGate(db_);
        sqlite3_finalize(stmt_);
    }
}

Statement::Statement(Statement&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        if (stmt_) {
            waitForConnectionGate(db_);
            sqlite3_finalize(stmt_);
        }
        db_ = std::exchange(other.db_, nullptr);
        stmt_ = std::exchange(other.stmt_, nullptr);
    }
    return *this;
}

void Statement::check(int rc, const char* what) const {
    if (rc != SQLITE_OK) throw SqliteError(messageOf(db_, what));
}

Statement& Statement::bind(int index, std::int64_t value) {
    waitForConnectionGate(db_);
    check(sqlite3_bind_int64(stmt_, index, value), "bind int");
    return *this;
}

Statement& Statement::bind(int index, double value) {
    waitForConnectionGate(db_);
    check(sqlite3_bind_double(stmt_, index, value), "bind real");
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    waitForConnectionGate(db_);
    check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT),
          "bind text");
    return *this;
}

Statement& Statement::bindNull(int index) {
    waitForConnectionGate(db_);
    check(sqlite3_bind_null(stmt_, index), "bind null");
    return *this;
}

bool Statement::step() {
    waitForConnectionGate(db_);
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw SqliteError(messageOf(db_, "step"));
}

void Statement::run() {
    waitForConnectionGate(db_);
    int rc = sqlite3_step(stmt_);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        std::string msg = messageOf(db_, "step");
        sqlite3_reset(stmt_);
        throw SqliteError(msg);
    }
    sqlite3_reset(stmt_);
}

void Statement::reset() {
    waitForConnectionGate(db_);
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

// Reading a column may convert and allocate on the connection: waited for like every other call.
int Statement::columnCount() const {
    waitForConnectionGate(db_);
    return sqlite3_column_count(stmt_);
}
bool Statement::isNull(int column) const {
    waitForConnectionGate(db_);
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}
std::int64_t Statement::int64(int column) const {
    waitForConnectionGate(db_);
    return sqlite3_column_int64(stmt_, column);
}
double Statement::real(int column) const {
    waitForConnectionGate(db_);
    return sqlite3_column_double(stmt_, column);
}
int Statement::columnType(int column) const {
    waitForConnectionGate(db_);
    return sqlite3_column_type(stmt_, column);
}

std::string Statement::text(int column) const { return std::string(textView(column)); }

std::string_view Statement::textView(int column) const {
    waitForConnectionGate(db_);
    const unsigned char* p = sqlite3_column_text(stmt_, column);
    if (!p) return {};
    return std::string_view(reinterpret_cast<const char*>(p), sqlite3_column_bytes(stmt_, column));
}

std::string Statement::columnName(int column) const {
    waitForConnectionGate(db_);
    const char* name = sqlite3_column_name(stmt_, column);
    return name ? name : "";
}

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN"); }

Transaction::~Transaction() {
    if (!done_) {
        try {
            db_.exec("ROLLBACK");
        } catch (...) {
        }
    }
}

void Transaction::commit() {
    db_.exec("COMMIT");
    done_ = true;
}

} // namespace opscope
