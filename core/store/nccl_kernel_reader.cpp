#include "core/store/nccl_kernel_reader.h"

namespace opscope {

std::vector<NcclKernelRow> readNcclKernels(Database& db) {
    std::vector<NcclKernelRow> out;
    const bool hasRank = db.scalarInt("SELECT count(*) FROM pragma_table_info('device') WHERE name = 'rank'") > 0;
    // The launching call (cudaLaunchKernel) sits inside nccl:all_reduce inside record_param_comms: its
    // parents, a fixed three levels up, hold the collective's args.
    Statement st = db.prepare(std::string("SELECT s.id, ") + (hasRank ? "coalesce(d.rank, -1)" : "-1") +
                              ", n.value, s.ts, s.dur, coalesce(a.json, ''), "
                              "coalesce(n1.value, ''), coalesce(a1.json, ''), coalesce(n2.value, ''), coalesce(a2.json, ''), "
                              "coalesce(n3.value, ''), coalesce(a3.json, '') "
                              "FROM slice s JOIN track t ON t.id = s.track_id JOIN device d ON d.id = t.device_id "
                              "JOIN string n ON n.id = s.name_id LEFT JOIN args a ON a.id = s.arg_id "
                              "LEFT JOIN launch_link l ON l.device_slice_id = s.id "
                              "LEFT JOIN slice c ON c.id = l.call_slice_id "
                              "LEFT JOIN slice p1 ON p1.id = c.parent_id LEFT JOIN string n1 ON n1.id = p1.name_id "
                              "LEFT JOIN args a1 ON a1.id = p1.arg_id "
                              "LEFT JOIN slice p2 ON p2.id = p1.parent_id LEFT JOIN string n2 ON n2.id = p2.name_id "
                              "LEFT JOIN args a2 ON a2.id = p2.arg_id "
                              "LEFT JOIN slice p3 ON p3.id = p2.parent_id LEFT JOIN string n3 ON n3.id = p3.name_id "
                              "LEFT JOIN args a3 ON a3.id = p3.arg_id "
                              "WHERE n.value LIKE '%nccl%' ORDER BY 2, s.ts, s.id");
    while (st.step()) {
        NcclKernelRow k;
        k.sliceId = st.int64(0);
        k.rank = static_cast<int>(st.int64(1));
        k.name = st.text(2);
        k.tsNs = st.int64(3);
        k.durNs = st.int64(4);
        k.argsJson = st.text(5);
        for (int level = 0; level < 3; ++level)
            if (std::string name = st.text(6 + 2 * level); !name.empty()) k.launchAncestors.emplace_back(name, st.text(7 + 2 * level));
        out.push_back(std::move(k));
    }
    return out;
}

} // namespace opscope
