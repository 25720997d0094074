#include "core/store/cluster_tables.h"

#include <nlohmann/json.hpp>

namespace opscope {

namespace {
// Statements are reused row after row: an absent value must be bound NULL, not left from the last row.
void bindOptionalInt(Statement& st, int index, int value) {
    if (value >= 0) st.bind(index, value);
    else st.bindNull(index);
}
} // namespace

void writeClusterSteps(Database& db, std::string_view source, const std::vector<ClusterStepRow>& rows) {
    Statement st = db.prepare(
        "INSERT INTO cluster_step(source, step, type, rank, idx, computing_ns, communication_not_overlapped_ns, "
        "overlapped_ns, communication_ns, free_ns, stage_ns, bubble_ns, "
        "communication_not_overlapped_exclude_receive_ns, preparing_ns, dp_index, pp_index, tp_index) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const ClusterStepRow& r : rows) {
        st.bind(1, source).bind(2, r.step).bind(3, r.type);
        bindOptionalInt(st, 4, r.rank);
        st.bind(5, r.index).bind(6, r.computingNs).bind(7, r.communicationNotOverlappedNs).bind(8, r.overlappedNs);
        st.bind(9, r.communicationNs).bind(10, r.freeNs).bind(11, r.stageNs).bind(12, r.bubbleNs);
        st.bind(13, r.communicationNotOverlappedExcludeReceiveNs);
        if (r.preparingNs) st.bind(14, *r.preparingNs);
        else st.bindNull(14);
        bindOptionalInt(st, 15, r.dpIndex);
        bindOptionalInt(st, 16, r.ppIndex);
        bindOptionalInt(st, 17, r.tpIndex);
        st.run();
    }
}

void writeCommOps(Database& db, std::string_view source, const std::vector<CommOpRank>& ops) {
    Statement op = db.prepare(
        "INSERT INTO comm_op(source, group_name, step, kind, op_name, op_key, rank, start_ns, elapse_ns, transit_ns, "
        "wait_ns, synchronization_ns, idle_ns, wait_ratio, synchronization_ratio) "
        "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    Statement bw = db.prepare("INSERT INTO comm_bandwidth(op_id, link_type, transit_size_mb, transit_ns, "
                              "bandwidth_gbps, large_packet_ratio) VALUES(?, ?, ?, ?, ?, ?)");
    Statement packet = db.prepare(
        "INSERT INTO comm_packet(op_id, link_type, size_mb, count, transit_ns) VALUES(?, ?, ?, ?, ?)");
    for (const CommOpRank& o : ops) {
        op.bind(1, source).bind(2, o.group).bind(3, o.step).bind(4, o.kind).bind(5, o.opName).bind(6, o.opKey);
        bindOptionalInt(op, 7, o.rank);
        op.bind(8, o.startNs).bind(9, o.elapseNs).bind(10, o.transitNs).bind(11, o.waitNs);
        op.bind(12, o.synchronizationNs).bind(13, o.idleNs).bind(14, o.waitRatio).bind(15, o.synchronizationRatio);
        op.run();
        std::int64_t id = db.lastInsertRowId();
        for (const LinkBandwidth& l : o.links) {
            bw.bind(1, id).bind(2, l.linkType).bind(3, l.transitSizeMB).bind(4, l.transitNs);
            bw.bind(5, l.bandwidthGBps).bind(6, l.largePacketRatio).run();
            for (const PacketBucket& p : l.packets) {
                packet.bind(1, id).bind(2, l.linkType).bind(3, p.sizeMB).bind(4, p.count).bind(5, p.transitNs).run();
            }
        }
    }
}

void writeCommLinks(Database& db, std::string_view source, const std::vector<CommMatrixLink>& links) {
    Statement st = db.prepare(
        "INSERT INTO comm_link(source, step, kind, op_key, group_name, src_rank, dst_rank, global_ranks, transport, "
        "transit_size_mb, transit_ns, bandwidth_gbps, op_name) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const CommMatrixLink& l : links) {
        st.bind(1, source).bind(2, l.step).bind(3, l.kind).bind(4, l.opKey).bind(5, l.group);
        st.bind(6, l.srcRank).bind(7, l.dstRank).bind(8, l.globalRanks ? 1 : 0).bind(9, l.transport);
        st.bind(10, l.transitSizeMB).bind(11, l.transitNs).bind(12, l.bandwidthGBps).bind(13, l.opName).run();
    }
}

void writeCommGroups(Database& db, const std::vector<CommGroup>& groups) {
    Statement st = db.prepare("INSERT INTO comm_group(name, kind, ranks) VALUES(?, ?, ?)");
    for (const CommGroup& g : groups) {
        st.bind(1, g.name).bind(2, g.kind).bind(3, nlohmann::json(g.ranks).dump()).run();
    }
}

} // namespace opscope
