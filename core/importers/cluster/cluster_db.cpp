#include "core/importers/cluster/cluster_db.h"

#include "core/importers/ascend/csv_values.h"
#include "core/importers/ascend/msprof_db.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "core/store/sqlite_db.h"

#include <map>

namespace opscope::cluster {

bool readClusterAnalysisDb(const std::string& path, std::vector<ClusterStepRow>* steps, Error* error) {
    if (!ascend::MsprofDb::hasSqliteHeader(path)) {
        *error = Error{ErrorCode::BadDatabase, path, 0, -1, -1, "an SQLite file (cluster_analysis.db)", {}};
        return false;
    }
    try {
        Database db(ascend::immutableUri(path), Database::Mode::ReadOnly);
        if (!db.tableExists("ClusterStepTraceTime")) {
            *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "a ClusterStepTraceTime table", {}};
            return false;
        }
        std::map<std::string, int> columnOf;
        Statement info = db.prepare("PRAGMA table_info(ClusterStepTraceTime)");
        while (info.step()) columnOf[ascend::lowerAscii(info.text(1))] = static_cast<int>(columnOf.size());
        auto col = [&](const char* name) -> std::string {
            return columnOf.count(name) ? std::string("CAST(\"") + name + "\" AS TEXT)" : std::string("NULL");
        };
        Statement st = db.prepare("SELECT " + col("step") + ", " + col("type") + ", " + col("index") + ", " +
                                  col("computing") + ", " + col("communication_not_overlapped") + ", " +
                                  col("overlapped") + ", " + col("communication") + ", " + col("free") + ", " +
                                  col("stage") + ", " + col("bubble") + ", " +
                                  col("communication_not_overlapped_and_exclude_receive") + " FROM ClusterStepTraceTime");
        while (st.step()) {
            ClusterStepRow r;
            r.step = st.text(0);
            r.type = ascend::lowerAscii(st.text(1));
            r.index = st.text(2);
            if (r.type == "rank") {
                auto rank = ascend::parseInteger(r.index);
                r.rank = rank && *rank >= 0 && *rank < (1LL << 30) ? static_cast<int>(*rank) : -1;
            }
            TimeNs* targets[] = {&r.computingNs, &r.communicationNotOverlappedNs, &r.overlappedNs, &r.communicationNs,
                                 &r.freeNs, &r.stageNs, &r.bubbleNs, &r.communicationNotOverlappedExcludeReceiveNs};
            for (int i = 0; i < 8; ++i)
                *targets[i] = st.isNull(3 + i) ? 0 : parseMicrosToNs(st.text(3 + i)).value_or(0);
            if ((r.type == "rank" && r.rank >= 0) || r.type == "stage") steps->push_back(std::move(r));
        }
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "a readable cluster_analysis.db", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope::cluster
