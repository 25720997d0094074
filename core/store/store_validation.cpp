#include "core/store/store_validation.h"

#include "core/store/schema.h"
#include "core/store/sqlite_db.h"
#include "core/store/slice_nesting.h"
#include "core/store/slice_row_reader.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>

namespace opscope {

namespace {

// The columns every reader of a schema-1 store relies on; a store missing one is refused up front
// rather than failing (or worse) half-way through an analysis.
struct RequiredTable {
    const char* name;
    const char* columns;
};
constexpr RequiredTable kRequired[] = {
    {"meta", "key, value"},
    {"stat", "name, value"},
    {"warning", "id, code, count, file, byte_offset, line, sample"},
    {"source_file", "id, path, role, status, reason, size_bytes, mtime_ns, content_hash, events"},
    {"string", "id, value"},
    {"device", "id, name, kind, ordinal, clock_offset_ns"},
    {"process", "id, pid, name, labels, sort_index, device_id"},
    {"thread", "id, process_id, tid, name, sort_index"},
    {"track", "id, process_id, thread_id, kind, name, unit, sort_index, lane, is_compute, device_id, slice_count, "
              "counter_count, max_depth, min_ts, max_end"},
    {"args", "id, json"},
    {"slice", "id, track_id, ts, dur, depth, parent_id, self_dur, name_id, cat_id, type_id, arg_id, flags"},
    {"counter", "track_id, ts, value"},
    {"flow", "id, slice_out, slice_in, cat, name"},
    {"metric_key", "id, name, unit, group_name"},
    {"slice_metric", "slice_id, key_id, num, txt"},
};

// Tables whose ids size vectors in the readers (id -> index maps).
constexpr const char* kDenseIdTables[] = {"track", "string", "process", "thread", "device"};

Error storeError(const std::string& path, std::string expected, std::string detail) {
    return Error{ErrorCode::BadStore, path, -1, -1, -1, std::move(expected), std::move(detail)};
}

bool checkIds(Database& db, const std::string& path, Error* error) {
    for (const char* table : kDenseIdTables) {
        Statement st = db.prepare(std::string("SELECT count(*), coalesce(min(id), 1), coalesce(max(id), 0) FROM \"") +
                                  table + "\"");
        st.step();
        const std::int64_t rows = st.int64(0), minId = st.int64(1), maxId = st.int64(2);
        if (minId < 0 || maxId > kMaxStoreTableId || maxId > 2 * rows + 1024) {
            *error = storeError(path, std::string("ids of table ") + table + " from 1 to about its row count",
                                "ids " + std::to_string(minId) + ".." + std::to_string(maxId) + " for " +
                                    std::to_string(rows) + " rows");
            return false;
        }
    }
    // Slice ids index 32-bit arrays in the timeline. The bounds are two b-tree seeks: min() and max() in one
    // SELECT made SQLite scan a whole index (0.15 s of every open of a 1M-slice store).
    std::int64_t minSlice = 1, maxSlice = 0; // kept for a store without slices
    readSliceIdBounds(db, &minSlice, &maxSlice);
    if (minSlice < 0 || maxSlice >= (std::int64_t{1} << 32) - 1) {
        *error = storeError(path, "slice ids below 2^32", "ids " + std::to_string(minSlice) + ".." + std::to_string(maxSlice));
        return false;
    }
    // Per-track counts size reservations: none may exceed what the tables can hold.
    Statement counts = db.prepare("SELECT id, slice_count, counter_count, max_depth FROM track WHERE slice_count < 0 "
                                  "OR slice_count > ?1 OR counter_count < 0 OR counter_count > ?2 OR max_depth < 0 "
                                  "OR max_depth > ?3 LIMIT 1");
    counts.bind(1, maxSlice).bind(2, std::int64_t{1} << 40).bind(3, static_cast<std::int64_t>(kMaxSliceDepth) * 4);
    if (counts.step()) {
        *error = storeError(path, "track counts within the store's rows (slice_count, counter_count, max_depth)",
                            "track " + std::to_string(counts.int64(0)) + ": slice_count " + std::to_string(counts.int64(1)) +
                                ", counter_count " + std::to_string(counts.int64(2)) + ", max_depth " +
                                std::to_string(counts.int64(3)));
        return false;
    }
    return true;
}

} // namespace

bool validateStore(Database& db, const std::string& path, Error* error) {
    try {
        if (!db.tableExists("meta")) {
            *error = storeError(path, "an opscope store (a table meta with schema_version)", "no meta table");
            return false;
        }
        const std::string version = db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'");
        if (version != std::to_string(kSchemaVersion)) {
            *error = storeError(path, "an opscope store of schema version " + std::to_string(kSchemaVersion),
                                version.empty() ? "no schema_version" : "schema version " + version.substr(0, 40));
            return false;
        }
        for (const RequiredTable& t : kRequired) {
            if (!db.tableExists(t.name)) {
                *error = storeError(path, std::string("the table ") + t.name, "missing");
                return false;
            }
            try {
                db.prepare(std::string("SELECT ") + t.columns + " FROM \"" + t.name + "\" LIMIT 0");
            } catch (const SqliteError& e) {
                *error = storeError(path, std::string("the columns ") + t.columns + " in table " + t.name, e.what());
                return false;
            }
        }
        return checkIds(db, path, error);
    } catch (const SqliteError& e) { // a damaged file: "database disk image is malformed", "file is not a database"
        *error = storeError(path, "a readable opscope store", e.what());
        return false;
    }
}

bool validateStoreFile(const std::string& path, Error* error) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        *error = Error{ErrorCode::FileNotFound, path, -1, -1, -1, "an opscope store", {}};
        return false;
    }
    if (!hasSqliteHeader(path)) {
        *error = storeError(path, "an opscope store (an SQLite 3 file)", "the file does not start with the SQLite header");
        return false;
    }
    try {
        Database db(sqliteFileUri(path, "mode=ro"), Database::Mode::ReadOnly);
        return validateStore(db, path, error);
    } catch (const SqliteError& e) {
        *error = storeError(path, "a readable opscope store", e.what());
        return false;
    }
}

} // namespace opscope
