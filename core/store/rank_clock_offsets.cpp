#include "core/store/rank_clock_offsets.h"

#include "core/store/graph_row_writer.h"

namespace opscope {

std::map<int, TimeNs> readRankClockOffsets(Database& db) {
    std::map<int, TimeNs> out;
    if (!db.tableExists("rank_clock_offset")) return out;
    Statement st = db.prepare("SELECT rank, offset_ns FROM rank_clock_offset ORDER BY rank");
    while (st.step()) out[static_cast<int>(st.int64(0))] = st.int64(1);
    return out;
}

void writeRankClockOffsets(Database& db, const std::map<int, TimeNs>& offsetsNs) {
    db.exec("BEGIN IMMEDIATE");
    try {
        db.exec("DELETE FROM rank_clock_offset");
        Statement st = db.prepare("INSERT INTO rank_clock_offset(rank, offset_ns) VALUES(?, ?)");
        for (const auto& [rank, offsetNs] : offsetsNs) {
            if (offsetNs == 0) continue;
            st.bind(1, rank).bind(2, offsetNs);
            st.run();
        }
        db.exec("COMMIT");
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
}

bool storeRankClockOffsets(const std::string& storePath, const std::map<int, TimeNs>& offsetsNs, Error* error) {
    Database db;
    if (!openStoreForWriting(storePath, &db, error)) return false;
    try {
        writeRankClockOffsets(db, offsetsNs);
        return true;
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::StoreFailed, storePath, -1, -1, -1, "a writable opscope store", e.what()};
        return false;
    }
}

} // namespace opscope
