// Reads slice rows for the analyses' snapshots (core/analysis/store_access): every slice in id order, or
// the slices of one store track at a time. Plain rows; SQLite errors are thrown as SqliteError.
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>

namespace opscope {

struct SliceRow {
    std::int64_t id = 0, trackId = 0;
    TimeNs tsNs = 0, durNs = 0, selfNs = 0;
    std::int64_t depth = 0;
    std::int64_t nameId = 0, catId = 0, typeId = 0, argId = 0; // 0: none
    std::int64_t flags = 0;
};

class SliceRowReader {
public:
    enum class Scope { AllSlices, OneTrack };
    SliceRowReader(Database& db, Scope scope);
    // OneTrack: the slices of trackId next (restarts the statement).
    void selectTrack(std::int64_t trackId);
    bool next(SliceRow* row);
    // The same in two steps, for a scan that keeps few of the rows: step() to the next row, trackId() of
    // it, and read() of the other columns only for a row that is kept (each column read costs a call).
    bool step();
    std::int64_t trackId();
    void read(SliceRow* row);

private:
    Statement statement_;
};

} // namespace opscope
