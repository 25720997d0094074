#include "core/store/slice_range_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

struct SliceRangeReader::Statements {
    Statement slices;
};

SliceRangeReader::SliceRangeReader(Database& db)
    : st_(new Statements{db.prepare("SELECT name_id, ts, dur, self_dur FROM slice WHERE track_id = ? AND ts >= ? AND ts < ?")}) {}

SliceRangeReader::~SliceRangeReader() = default;

bool SliceRangeReader::scan(std::int64_t trackId, TimeNs lowerNs, TimeNs upperNs,
                            const std::function<bool(const SliceTimes&)>& visit) {
    Statement& st = st_->slices;
    st.reset();
    st.bind(1, trackId).bind(2, lowerNs).bind(3, upperNs);
    while (st.step())
        if (!visit({st.int64(0), st.int64(1), st.int64(2), st.int64(3)})) return false;
    return true;
}

struct StringReader::Statements {
    Statement byId;
};

StringReader::StringReader(Database& db) : st_(new Statements{db.prepare("SELECT value FROM string WHERE id = ?")}) {}

StringReader::~StringReader() = default;

std::string StringReader::text(std::int64_t id) {
    Statement& st = st_->byId;
    st.reset();
    st.bind(1, id);
    return st.step() ? st.text(0) : std::string();
}

} // namespace opscope
