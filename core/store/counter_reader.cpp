#include "core/store/counter_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

void readCounterSamples(Database& db, std::int64_t trackId, std::vector<TimeNs>* tsNs, std::vector<double>* values) {
    Statement st = db.prepare("SELECT ts, value FROM counter WHERE track_id = ? ORDER BY ts");
    st.bind(1, trackId);
    while (st.step()) {
        tsNs->push_back(st.int64(0));
        values->push_back(st.real(1));
    }
}

} // namespace opscope
