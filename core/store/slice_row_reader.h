// Reads slice rows for the analyses' snapshots (core/analysis/store_access): every slice in id order, the
// slices of an id range in id order, or those of one store track at a time. SQLite errors throw SqliteError.
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
    enum class Scope { AllSlices, OneTrack, IdRange };
    SliceRowReader(Database& db, Scope scope);
    // OneTrack: the slices of trackId next (restarts the statement).
    void selectTrack(std::int64_t trackId);
    // IdRange: the slices with firstId <= id < endId next (restarts the statement).
    void selectIdRange(std::int64_t firstId, std::int64_t endId);
    bool next(SliceRow* row);
    // The same in two steps, for a scan that keeps few of the rows: step() to the next row, trackId() of
    // it, and read() of the other columns only for a row that is kept (each column read costs a call).
    // read() leaves row->trackId as it is: the caller has it from trackId().
    bool step();
    std::int64_t trackId();
    void read(SliceRow* row);

private:
    Statement statement_;
};

// The smallest and largest slice id (two b-tree seeks); false for a store without slices.
bool readSliceIdBounds(Database& db, std::int64_t* minId, std::int64_t* maxId);

} // namespace opscope
