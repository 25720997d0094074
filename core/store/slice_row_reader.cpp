#include "core/store/slice_row_reader.h"

#include <sqlite3.h>

#include <string>

namespace opscope {

namespace {
// NULL cat/type/arg ids read as 0 (sqlite3_column_int64 of NULL), which is what "none" means here;
// coalesce() in SQL would cost a function call per row.
constexpr const char* kSliceColumns =
    "SELECT id, track_id, ts, dur, self_dur, depth, name_id, cat_id, type_id, arg_id, flags FROM slice";

const char* whereOf(SliceRowReader::Scope scope) {
    switch (scope) {
    case SliceRowReader::Scope::AllSlices: return "";
    case SliceRowReader::Scope::OneTrack: return " WHERE track_id = ?";
    case SliceRowReader::Scope::IdRange: return " WHERE id >= ? AND id < ?";
    }
    return "";
}
} // namespace

SliceRowReader::SliceRowReader(Database& db, Scope scope)
    : statement_(db.prepare(std::string(kSliceColumns) + whereOf(scope))) {}

void SliceRowReader::selectTrack(std::int64_t trackId) {
    statement_.reset();
    statement_.bind(1, trackId);
}

void SliceRowReader::selectIdRange(std::int64_t firstId, std::int64_t endId) {
    statement_.reset();
    statement_.bind(1, firstId);
    statement_.bind(2, endId);
}

bool readSliceIdBounds(Database& db, std::int64_t* minId, std::int64_t* maxId) {
    // Two subqueries: SQLite seeks the end of the b-tree for a lone min() or max(), but scans for both at once.
    Statement st = db.prepare("SELECT (SELECT min(id) FROM slice), (SELECT max(id) FROM slice)");
    if (!st.step() || st.isNull(0) || st.isNull(1)) return false;
    *minId = st.int64(0);
    *maxId = st.int64(1);
    return true;
}

bool SliceRowReader::next(SliceRow* r) {
    if (!statement_.step()) return false;
    r->trackId = trackId();
    read(r);
    return true;
}

bool SliceRowReader::step() { return statement_.step(); }

std::int64_t SliceRowReader::trackId() { return sqlite3_column_int64(statement_.handle(), 1); }

// Straight off the statement handle: a million-row scan makes eleven million of these calls, and each
// layer in between costs (docs/BENCHMARKS.md, "The snapshot scan").
void SliceRowReader::read(SliceRow* r) {
    sqlite3_stmt* st = statement_.handle();
    r->id = sqlite3_column_int64(st, 0);
    r->tsNs = sqlite3_column_int64(st, 2);
    r->durNs = sqlite3_column_int64(st, 3);
    r->selfNs = sqlite3_column_int64(st, 4);
    r->depth = sqlite3_column_int64(st, 5);
    r->nameId = sqlite3_column_int64(st, 6);
    r->catId = sqlite3_column_int64(st, 7);
    r->typeId = sqlite3_column_int64(st, 8);
    r->argId = sqlite3_column_int64(st, 9);
    r->flags = sqlite3_column_int64(st, 10);
}

} // namespace opscope
