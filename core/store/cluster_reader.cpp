#include "core/store/cluster_tables.h"

#include <nlohmann/json.hpp>

#include <map>

namespace opscope {

namespace {
int optionalInt(const Statement& st, int column) { return st.isNull(column) ? -1 : static_cast<int>(st.int64(column)); }
} // namespace

std::vector<ClusterStepRow> readClusterSteps(Database& db) {
    std::vector<ClusterStepRow> rows;
    if (!db.tableExists("cluster_step")) return rows;
    Statement st = db.prepare(
        "SELECT step, type, rank, idx, computing_ns, communication_not_overlapped_ns, overlapped_ns, communication_ns, "
        "free_ns, stage_ns, bubble_ns, communication_not_overlapped_exclude_receive_ns, preparing_ns, dp_index, "
        "pp_index, tp_index FROM cluster_step ORDER BY type, step, rank, id");
    while (st.step()) {
        ClusterStepRow r;
        r.step = st.text(0);
        r.type = st.text(1);
        r.rank = optionalInt(st, 2);
        r.index = st.text(3);
        r.computingNs = st.int64(4);
        r.communicationNotOverlappedNs = st.int64(5);
        r.overlappedNs = st.int64(6);
        r.communicationNs = st.int64(7);
        r.freeNs = st.int64(8);
        r.stageNs = st.int64(9);
        r.bubbleNs = st.int64(10);
        r.communicationNotOverlappedExcludeReceiveNs = st.int64(11);
        if (!st.isNull(12)) r.preparingNs = st.int64(12);
        r.dpIndex = optionalInt(st, 13);
        r.ppIndex = optionalInt(st, 14);
        r.tpIndex = optionalInt(st, 15);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<CommOpRank> readCommOps(Database& db) {
    std::vector<CommOpRank> ops;
    if (!db.tableExists("comm_op")) return ops;
    std::map<std::int64_t, std::size_t> indexOf;
    Statement st = db.prepare(
        "SELECT id, coalesce(group_name, ''), coalesce(step, ''), coalesce(kind, ''), op_name, coalesce(op_key, ''), "
        "rank, coalesce(start_ns, 0), elapse_ns, transit_ns, wait_ns, synchronization_ns, idle_ns, "
        "coalesce(wait_ratio, 0), coalesce(synchronization_ratio, 0) FROM comm_op "
        "ORDER BY group_name, step, op_name, rank, id");
    while (st.step()) {
        CommOpRank o;
        o.group = st.text(1);
        o.step = st.text(2);
        o.kind = st.text(3);
        o.opName = st.text(4);
        o.opKey = st.text(5);
        o.rank = optionalInt(st, 6);
        o.startNs = st.int64(7);
        o.elapseNs = st.int64(8);
        o.transitNs = st.int64(9);
        o.waitNs = st.int64(10);
        o.synchronizationNs = st.int64(11);
        o.idleNs = st.int64(12);
        o.waitRatio = st.real(13);
        o.synchronizationRatio = st.real(14);
        indexOf[st.int64(0)] = ops.size();
        ops.push_back(std::move(o));
    }
    Statement bw = db.prepare("SELECT op_id, link_type, transit_size_mb, transit_ns, bandwidth_gbps, "
                              "coalesce(large_packet_ratio, 0) FROM comm_bandwidth ORDER BY op_id, rowid");
    while (bw.step()) {
        auto it = indexOf.find(bw.int64(0));
        if (it == indexOf.end()) continue;
        LinkBandwidth l;
        l.linkType = bw.text(1);
        l.transitSizeMB = bw.real(2);
        l.transitNs = bw.int64(3);
        l.bandwidthGBps = bw.real(4);
        l.largePacketRatio = bw.real(5);
        ops[it->second].links.push_back(std::move(l));
    }
    Statement packets = db.prepare(
        "SELECT op_id, link_type, size_mb, count, transit_ns FROM comm_packet ORDER BY op_id, rowid");
    while (packets.step()) {
        auto it = indexOf.find(packets.int64(0));
        if (it == indexOf.end()) continue;
        for (LinkBandwidth& l : ops[it->second].links)
            if (l.linkType == packets.textView(1)) l.packets.push_back({packets.real(2), packets.int64(3), packets.int64(4)});
    }
    return ops;
}

std::vector<CommMatrixLink> readCommLinks(Database& db) {
    std::vector<CommMatrixLink> links;
    if (!db.tableExists("comm_link")) return links;
    Statement st = db.prepare(
        "SELECT coalesce(step, ''), coalesce(kind, ''), coalesce(op_key, ''), coalesce(group_name, ''), src_rank, "
        "dst_rank, global_ranks, coalesce(transport, ''), coalesce(transit_size_mb, 0), coalesce(transit_ns, 0), "
        "coalesce(bandwidth_gbps, 0), coalesce(op_name, '') FROM comm_link ORDER BY id");
    while (st.step()) {
        CommMatrixLink l;
        l.step = st.text(0);
        l.kind = st.text(1);
        l.opKey = st.text(2);
        l.group = st.text(3);
        l.srcRank = static_cast<int>(st.int64(4));
        l.dstRank = static_cast<int>(st.int64(5));
        l.globalRanks = st.int64(6) != 0;
        l.transport = st.text(7);
        l.transitSizeMB = st.real(8);
        l.transitNs = st.int64(9);
        l.bandwidthGBps = st.real(10);
        l.opName = st.text(11);
        links.push_back(std::move(l));
    }
    return links;
}

std::vector<CommGroup> readCommGroups(Database& db) {
    std::vector<CommGroup> groups;
    if (!db.tableExists("comm_group")) return groups;
    Statement st = db.prepare("SELECT name, coalesce(kind, ''), ranks FROM comm_group ORDER BY rowid");
    while (st.step()) {
        CommGroup g;
        g.name = st.text(0);
        g.kind = st.text(1);
        nlohmann::json ranks = nlohmann::json::parse(st.text(2), nullptr, false);
        if (ranks.is_array())
            for (const auto& r : ranks)
                if (r.is_number_integer()) g.ranks.push_back(r.get<int>());
        groups.push_back(std::move(g));
    }
    return groups;
}

} // namespace opscope
