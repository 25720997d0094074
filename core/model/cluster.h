// Value types of a distributed job's per-rank figures: step breakdowns (as msprof-analyze's
// cluster_step_trace_time.csv writes them or as opscope computes them), communication operators per
// rank with their bandwidth per link type, communication-matrix links and communication groups.
#pragma once
#include "core/model/time.h"

#include <optional>
#include <string>
#include <vector>

namespace opscope {

// One row of a cluster step breakdown. type "rank": one rank's step; type "stage": the maxima of a
// group of ranks (index then lists the ranks, e.g. "(0, 1, 2, 3)").
struct ClusterStepRow {
    std::string step;  // as the source writes it; "" when it does not say
    std::string type;  // "rank" or "stage"
    int rank = -1;     // type "rank": the rank
    std::string index; // the source's Index cell
    TimeNs computingNs = 0;
    TimeNs communicationNotOverlappedNs = 0;
    TimeNs overlappedNs = 0;
    TimeNs communicationNs = 0;
    TimeNs freeNs = 0;
    TimeNs stageNs = 0;
    TimeNs bubbleNs = 0;
    TimeNs communicationNotOverlappedExcludeReceiveNs = 0;
    std::optional<TimeNs> preparingNs;
    int dpIndex = -1, ppIndex = -1, tpIndex = -1;
};

// Size distribution bucket of one link type: packets of sizeMB, how many, and their transit time.
struct PacketBucket {
    double sizeMB = 0;
    std::int64_t count = 0;
    TimeNs transitNs = 0;
};

// One link type's share of a communication operator (RDMA, HCCS, PCIE, SDMA, SIO).
struct LinkBandwidth {
    std::string linkType;
    double transitSizeMB = 0;
    TimeNs transitNs = 0;
    double bandwidthGBps = 0; // decimal: GB/s = MB/ms
    double largePacketRatio = 0;
    std::vector<PacketBucket> packets;
};

// A communication operator on one rank (msprof's "Communication Time Info").
struct CommOpRank {
    std::string group;   // communication group: the ranks tuple "(0, 1)" or the group hash
    std::string step;    // "step50", "step"
    std::string kind;    // "collective" or "p2p"
    std::string opName;  // "hcom_allReduce__586_0_1"
    std::string opKey;   // the key as written, with its "@<group hash>"
    int rank = -1;
    TimeNs startNs = 0;
    TimeNs elapseNs = 0, transitNs = 0, waitNs = 0, synchronizationNs = 0, idleNs = 0;
    double waitRatio = 0, synchronizationRatio = 0; // as the source wrote them (4 decimals)
    std::vector<LinkBandwidth> links;
};

// One source → destination link of a communication matrix entry.
struct CommMatrixLink {
    std::string step, kind;
    std::string opKey; // "allreduce-top1@<group>"
    std::string group;
    int srcRank = -1, dstRank = -1; // global ranks when the group could be mapped, else group-local
    bool globalRanks = false;
    std::string transport; // "HCCS", "RDMA", "LOCAL" ...
    double transitSizeMB = 0;
    TimeNs transitNs = 0;
    double bandwidthGBps = 0;
    std::string opName;
};

struct CommGroup {
    std::string name; // group hash or name
    std::string kind; // "collective", "p2p"
    std::vector<int> ranks;
};

} // namespace opscope
