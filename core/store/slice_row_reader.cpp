#include "core/store/slice_row_reader.h"

#include <string>

namespace opscope {

namespace {
// NULL cat/type/arg ids read as 0 (sqlite3_column_int64 of NULL), which is what "none" means here;
// coalesce() in SQL would cost a function call per row.
constexpr const char* kSliceColumns =
    "SELECT id, track_id, ts, dur, self_dur, depth, name_id, cat_id, type_id, arg_id, flags FROM slice";
} // namespace

SliceRowReader::SliceRowReader(Database& db, Scope scope)
    : statement_(db.prepare(std::string(kSliceColumns) + (scope == Scope::OneTrack ? " WHERE track_id = ?" : ""))) {}

void SliceRowReader::selectTrack(std::int64_t trackId) {
    statement_.reset();
    statement_.bind(1, trackId);
}

bool SliceRowReader::next(SliceRow* r) {
    if (!statement_.step()) return false;
    read(r);
    return true;
}

bool SliceRowReader::step() { return statement_.step(); }

std::int64_t SliceRowReader::trackId() { return statement_.int64(1); }

void SliceRowReader::read(SliceRow* r) {
    r->id = statement_.int64(0);
    r->trackId = statement_.int64(1);
    r->tsNs = statement_.int64(2);
    r->durNs = statement_.int64(3);
    r->selfNs = statement_.int64(4);
    r->depth = statement_.int64(5);
    r->nameId = statement_.int64(6);
    r->catId = statement_.int64(7);
    r->typeId = statement_.int64(8);
    r->argId = statement_.int64(9);
    r->flags = statement_.int64(10);
}

} // namespace opscope
