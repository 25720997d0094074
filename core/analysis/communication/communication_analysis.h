// Communication per operator and rank (elapse, transit, wait, synchronisation, idle and the wait and
// synchronisation ratios), per rank and link type (bandwidth, packet sizes) and per rank pair (the
// communication matrix), with the 0.2 ratio guidance of CANN's tuning notes. Definitions:
// docs/cluster.md "Communication".
#pragma once
#include "core/analysis/cluster/cluster_summary.h"
#include "core/model/cluster.h"

#include <map>
#include <string>
#include <vector>

namespace opscope {

inline constexpr double kCommRatioGuidance = 0.2; // wait / synchronisation ratio above it: look closer

// W / (W + T) and S / (S + T), 0 when the denominator is 0.
double waitRatio(TimeNs waitNs, TimeNs transitNs);
// "> 0.2" decided exactly on the integers: 4 · part > transit.
bool ratioAboveGuidance(TimeNs partNs, TimeNs transitNs);

struct RankCommFigures {
    int rank = -1;
    TimeNs elapseNs = 0, transitNs = 0, waitNs = 0, synchronizationNs = 0, idleNs = 0;
    std::int64_t ops = 0;
    double waitRatio = 0, synchronizationRatio = 0;
    bool waitAboveGuidance = false, synchronizationAboveGuidance = false;
};

struct MatrixCell {
    int srcRank = -1, dstRank = -1;
    std::string transport;
    double transitSizeMB = 0;
    TimeNs transitNs = 0;
    double bandwidthGBps() const { return transitNs > 0 ? transitSizeMB / (static_cast<double>(transitNs) / 1e6) : 0; }
};

struct CommunicationReport {
    std::vector<RankCommFigures> ranks; // collective operators summed per rank
    std::vector<RankLinkBandwidth> bandwidth;
    std::map<std::string, std::vector<PacketBucket>> packetsByLink; // size buckets summed over ops and ranks
    std::vector<MatrixCell> matrix;     // per (src, dst) over the matrix links with global ranks
    bool matrixGroupLocal = false;      // no link could be mapped to global ranks: group-local ranks shown
    // The guidance's slow rank: when the rank with the most wait has a synchronisation ratio above
    // 0.2, the rank with the smallest wait ratio (it arrives last). -1: the rule does not name one.
    int guidanceSlowRank = -1;
};

CommunicationReport analyzeCommunication(const std::vector<CommOpRank>& ops, const std::vector<CommMatrixLink>& links);

// NCCL bus bandwidth from a Kineto kernel's record_param_comms args (nccl-tests PERFORMANCE.md):
// bytes = the total size (all-gather: out elements, reduce-scatter and others: in elements, times the
// dtype size); algorithm bandwidth = bytes / time; bus = algorithm × factor: all-reduce 2(n−1)/n,
// reduce-scatter / all-gather / all-to-all (n−1)/n, broadcast / reduce / send / recv 1. 0 when unknown.
// Collective names compare without case, '_' and spaces ("all_gather_into_tensor" is an all-gather).
std::int64_t ncclDtypeBytes(const std::string& dtype);
std::int64_t ncclMessageBytes(const std::string& collective, std::int64_t inElements, std::int64_t outElements,
                              const std::string& dtype);
double ncclBusBandwidthGBps(const std::string& collective, std::int64_t bytes, TimeNs durNs, int groupSize);

} // namespace opscope
