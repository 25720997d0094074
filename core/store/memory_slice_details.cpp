#include "core/store/memory_slice_details.h"

namespace opscope {

void appendMemoryDetails(Database& db, std::int64_t sliceId, std::vector<SliceMetricGroup>* groups) {
    if (!db.tableExists("memory_allocation")) return;
    Statement st = db.prepare(
        "SELECT count(*), total(size_bytes), max(size_bytes), total(CASE WHEN release_ts IS NULL THEN size_bytes END), "
        "sum(release_ts IS NULL) FROM memory_allocation WHERE slice_id = ?");
    st.bind(1, sliceId);
    if (!st.step() || st.int64(0) == 0) return;
    SliceMetricGroup g{"Memory", {}};
    g.rows.push_back({"allocations", "", static_cast<double>(st.int64(0)), {}});
    g.rows.push_back({"allocated", "B", st.real(1), {}});
    g.rows.push_back({"largest allocation", "B", static_cast<double>(st.int64(2)), {}});
    if (st.int64(4) > 0) g.rows.push_back({"never released", "B", st.real(3), {}});
    groups->push_back(std::move(g));
}

} // namespace opscope
