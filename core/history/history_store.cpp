#include "core/history/history_store.h"

#include "core/history/metric_value.h"
#include "core/model/utf8.h"
#include "core/store/sqlite_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <vector>

namespace opscope::history {

namespace {

const char* kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS history_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS history_run(
  id INTEGER PRIMARY KEY, label TEXT NOT NULL, run_time_ns INTEGER NOT NULL, commit_id TEXT NOT NULL,
  host TEXT NOT NULL, trace_path TEXT NOT NULL, content_hash TEXT NOT NULL, added_at_ns INTEGER NOT NULL,
  known_change INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS history_metric(
  run_id INTEGER NOT NULL REFERENCES history_run(id), name TEXT NOT NULL, scope TEXT NOT NULL,
  value REAL NOT NULL, unit TEXT NOT NULL, PRIMARY KEY(run_id, name, scope)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS history_metric_series ON history_metric(name, scope);
CREATE INDEX IF NOT EXISTS history_run_order ON history_run(run_time_ns, id);
CREATE INDEX IF NOT EXISTS history_run_hash ON history_run(content_hash);
)SQL";

const char* kRunColumns =
    "r.id, r.label, r.run_time_ns, r.commit_id, r.host, r.trace_path, r.content_hash, r.added_at_ns, r.known_change";

// Text read back is valid UTF-8 whatever the file holds (a crafted or damaged history): every reader of a
// history writes it out as JSON, which refuses anything else.
std::string textOf(const Statement& st, int column) { return sanitizedUtf8(st.textView(column)); }

RunInfo readRun(Statement& st) {
    RunInfo r;
    r.id = st.int64(0);
    r.label = textOf(st, 1);
    r.runTimeNs = st.int64(2);
    r.commit = textOf(st, 3);
    r.host = textOf(st, 4);
    r.tracePath = textOf(st, 5);
    r.contentHash = textOf(st, 6);
    r.addedAtNs = st.int64(7);
    r.knownChange = st.int64(8) != 0;
    return r;
}

// A stored metric value as a number a series can be analysed with; nullopt for a NULL, a text, a blob, a
// non-finite number or one beyond kMaxMetricMagnitude (a history opscope wrote holds none of these).
std::optional<double> metricValue(const Statement& st, int column) {
    const int type = st.columnType(column);
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) return std::nullopt;
    const double value = st.real(column);
    if (!isKeepableMetricValue(value)) return std::nullopt;
    return value;
}

std::string metricText(const std::string& name, const std::string& scope) {
    return scope.empty() ? name : name + " [" + scope + "]";
}

// The tables and columns this file reads and writes, as kSchema creates them.
struct TableShape {
    const char* name;
    std::vector<const char*> columns;
};
const std::vector<TableShape>& historyShape() {
    static const std::vector<TableShape> shape = {
        {"history_meta", {"key", "value"}},
        {"history_run", {"id", "label", "run_time_ns", "commit_id", "host", "trace_path", "content_hash", "added_at_ns",
                         "known_change"}},
        {"history_metric", {"run_id", "name", "scope", "value", "unit"}}};
    return shape;
}

// Empty when every table of the history is a table (not a view) with its columns; else what is not.
std::string shapeDefect(Database& db) {
    for (const TableShape& table : historyShape()) {
        Statement type = db.prepare("SELECT type FROM sqlite_master WHERE name = ?");
        type.bind(1, table.name);
        if (!type.step() || type.text(0) != "table") return std::string("no table ") + table.name;
        Statement info = db.prepare("SELECT name FROM pragma_table_info(?)");
        info.bind(1, table.name);
        std::vector<std::string> present;
        while (info.step()) present.push_back(info.text(0));
        for (const char* column : table.columns) {
            if (std::find(present.begin(), present.end(), column) == present.end())
                return std::string("table ") + table.name + " has no column " + column;
        }
    }
    return {};
}

Error historyError(const std::string& path, const std::string& expected, const std::string& detail) {
    return Error{ErrorCode::BadDatabase, path, -1, -1, -1, expected, detail};
}

Error badValue(const std::string& path, std::int64_t runId, const std::string& name, const std::string& scope) {
    return historyError(path, "a finite number of magnitude at most 2^63 as the value of " + metricText(name, scope),
                        "run " + std::to_string(runId) + " holds another value");
}

} // namespace

bool isKeepableMetricValue(double value) { return std::isfinite(value) && std::fabs(value) <= kMaxMetricMagnitude; }

HistoryStore::HistoryStore(std::unique_ptr<Database> db, std::string path) : db_(std::move(db)), path_(std::move(path)) {}
HistoryStore::HistoryStore(HistoryStore&&) noexcept = default;
HistoryStore& HistoryStore::operator=(HistoryStore&&) noexcept = default;
HistoryStore::~HistoryStore() = default;

bool HistoryStore::fail(Error* error, const std::string& what, const std::exception& e) const {
    if (error) *error = historyError(path_, what, e.what());
    return false;
}

std::optional<HistoryStore> HistoryStore::open(const std::string& path, bool create, Error* error) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(path, ec);
    if (!exists && !create) {
        if (error) *error = Error{ErrorCode::FileNotFound, path, -1, -1, -1, "an existing history database", {}};
        return std::nullopt;
    }
    if (exists && !std::filesystem::is_regular_file(path, ec)) {
        if (error) *error = Error{ErrorCode::NotAFile, path, -1, -1, -1, "a history database file", {}};
        return std::nullopt;
    }
    try {
        Database db(path, exists ? Database::Mode::ReadWrite : Database::Mode::Create);
        if (exists) {
            // An existing file must already be a history: never turn another database into one.
            if (!db.tableExists("history_meta") ||
                db.scalarText("SELECT value FROM history_meta WHERE key = 'format'") != kHistoryFormat) {
                if (error) *error = historyError(path, "an opscope history database (format opscope-history)", {});
                return std::nullopt;
            }
            const std::string version = db.scalarText("SELECT value FROM history_meta WHERE key = 'schema_version'");
            if (version != std::to_string(kHistorySchemaVersion)) {
                if (error)
                    *error = historyError(path, "history schema version " + std::to_string(kHistorySchemaVersion),
                                          "the file has version " + version);
                return std::nullopt;
            }
            // The right meta rows but another shape (a crafted or hand-edited file): refused here, before a
            // read finds nothing in a view or a write fails half-way.
            if (const std::string defect = shapeDefect(db); !defect.empty()) {
                if (error) *error = historyError(path, "the tables of an opscope history database", defect);
                return std::nullopt;
            }
            return HistoryStore(std::make_unique<Database>(std::move(db)), path);
        }
        Transaction tx(db);
        db.exec(kSchema);
        Statement meta = db.prepare("INSERT OR REPLACE INTO history_meta(key, value) VALUES(?, ?)");
        meta.bind(1, "format").bind(2, kHistoryFormat).run();
        meta.bind(1, "schema_version").bind(2, std::to_string(kHistorySchemaVersion)).run();
        tx.commit();
        return HistoryStore(std::make_unique<Database>(std::move(db)), path);
    } catch (const SqliteError& e) {
        if (error) *error = historyError(path, "an opscope history database", e.what());
        return std::nullopt;
    }
}

std::optional<std::int64_t> HistoryStore::addRun(const RunInfo& run, const std::vector<RunMetric>& metrics,
                                                 Error* error) {
    for (const RunMetric& metric : metrics) {
        if (!isKeepableMetricValue(metric.value)) {
            // WrongType: the run is at fault (a hand-edited baseline, say), not the history.
            if (error) {
                *error = Error{ErrorCode::WrongType, path_, -1, -1, -1,
                               "a finite number of magnitude at most 2^63 as the value of " +
                                   metricText(metric.name, metric.scope),
                               "the run to add has " + std::to_string(metric.value)};
            }
            return std::nullopt;
        }
    }
    try {
        Transaction tx(*db_);
        Statement ins = db_->prepare("INSERT INTO history_run(label, run_time_ns, commit_id, host, trace_path, "
                                    "content_hash, added_at_ns, known_change) VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
        // Labels, commits, host and file names come from the command line and the file system: kept as UTF-8.
        ins.bind(1, sanitizedUtf8(run.label)).bind(2, run.runTimeNs).bind(3, sanitizedUtf8(run.commit));
        ins.bind(4, sanitizedUtf8(run.host)).bind(5, sanitizedUtf8(run.tracePath));
        ins.bind(6, sanitizedUtf8(run.contentHash)).bind(7, run.addedAtNs).bind(8, run.knownChange ? 1 : 0).run();
        const std::int64_t id = db_->lastInsertRowId();
        // A metric named twice in one run keeps its first value (the PRIMARY KEY refuses the second).
        Statement m = db_->prepare(
            "INSERT OR IGNORE INTO history_metric(run_id, name, scope, value, unit) VALUES(?, ?, ?, ?, ?)");
        for (const RunMetric& metric : metrics) {
            m.bind(1, id).bind(2, sanitizedUtf8(metric.name)).bind(3, sanitizedUtf8(metric.scope));
            m.bind(4, metric.value).bind(5, sanitizedUtf8(metric.unit)).run();
        }
        tx.commit();
        return id;
    } catch (const SqliteError& e) {
        fail(error, "a writable history database", e);
        return std::nullopt;
    }
}

bool HistoryStore::setKnownChange(std::int64_t runId, bool known, Error* error) {
    try {
        Statement st = db_->prepare("UPDATE history_run SET known_change = ? WHERE id = ?");
        st.bind(1, known ? 1 : 0).bind(2, runId).run();
        if (sqlite3_changes(db_->handle()) == 0) {
            if (error) *error = historyError(path_, "an existing run id", "no run " + std::to_string(runId));
            return false;
        }
        return true;
    } catch (const SqliteError& e) {
        return fail(error, "a writable history database", e);
    }
}

std::vector<RunInfo> HistoryStore::runs(Error* error) {
    std::vector<RunInfo> out;
    try {
        Statement st = db_->prepare(std::string("SELECT ") + kRunColumns +
                                   ", (SELECT count(*) FROM history_metric m WHERE m.run_id = r.id) "
                                   "FROM history_run r ORDER BY r.run_time_ns, r.id");
        while (st.step()) {
            RunInfo r = readRun(st);
            r.metricCount = st.int64(9);
            out.push_back(std::move(r));
        }
    } catch (const SqliteError& e) {
        fail(error, "a readable history database", e);
    }
    return out;
}

std::optional<RunInfo> HistoryStore::runWithHash(const std::string& contentHash, Error* error) {
    try {
        Statement st = db_->prepare(std::string("SELECT ") + kRunColumns +
                                   " FROM history_run r WHERE r.content_hash = ? ORDER BY r.id LIMIT 1");
        st.bind(1, contentHash);
        if (st.step()) return readRun(st);
    } catch (const SqliteError& e) {
        fail(error, "a readable history database", e);
    }
    return std::nullopt;
}

std::vector<SeriesRow> HistoryStore::series(const std::string& metric, const std::string& scope, Error* error) {
    std::vector<SeriesRow> out;
    try {
        Statement st = db_->prepare(std::string("SELECT ") + kRunColumns +
                                   ", m.value, m.unit FROM history_metric m JOIN history_run r ON r.id = m.run_id "
                                   "WHERE m.name = ? AND m.scope = ? ORDER BY r.run_time_ns, r.id");
        st.bind(1, metric).bind(2, scope);
        while (st.step()) {
            SeriesRow row;
            row.run = readRun(st);
            const std::optional<double> value = metricValue(st, 9);
            if (!value) {
                if (error) *error = badValue(path_, row.run.id, metric, scope);
                return {};
            }
            row.value = *value;
            row.unit = textOf(st, 10);
            out.push_back(std::move(row));
        }
    } catch (const SqliteError& e) {
        fail(error, "a readable history database", e);
    }
    return out;
}

std::vector<RunInfo> HistoryStore::latestRuns(std::size_t count, Error* error) {
    std::vector<RunInfo> out;
    try {
        Statement st = db_->prepare(std::string("SELECT ") + kRunColumns +
                                   " FROM history_run r ORDER BY r.run_time_ns DESC, r.id DESC LIMIT ?");
        st.bind(1, static_cast<std::int64_t>(count));
        while (st.step()) out.push_back(readRun(st));
    } catch (const SqliteError& e) {
        fail(error, "a readable history database", e);
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::map<std::pair<std::string, std::string>, std::vector<HistoryStore::MetricValue>> HistoryStore::metricsOfRuns(
    const std::vector<RunInfo>& runs, Error* error) {
    std::map<std::pair<std::string, std::string>, std::vector<MetricValue>> out;
    try {
        Statement st = db_->prepare("SELECT name, scope, value, unit FROM history_metric WHERE run_id = ?");
        for (std::size_t i = 0; i < runs.size(); ++i) {
            st.bind(1, runs[i].id);
            while (st.step()) {
                std::string name = textOf(st, 0), scope = textOf(st, 1);
                const std::optional<double> value = metricValue(st, 2);
                if (!value) {
                    if (error) *error = badValue(path_, runs[i].id, name, scope);
                    return {};
                }
                out[{std::move(name), std::move(scope)}].push_back({i, *value, textOf(st, 3)});
            }
            st.reset();
        }
    } catch (const SqliteError& e) {
        fail(error, "a readable history database", e);
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> HistoryStore::metricKeys(Error* error) {
    std::vector<std::pair<std::string, std::string>> out;
    try {
        Statement st = db_->prepare("SELECT DISTINCT name, scope FROM history_metric ORDER BY name, scope");
        while (st.step()) out.emplace_back(textOf(st, 0), textOf(st, 1));
    } catch (const SqliteError& e) {
        fail(error, "a readable history database", e);
    }
    return out;
}

} // namespace opscope::history
