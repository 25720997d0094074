#include "core/analysis/communication/communication_analysis.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace opscope {

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
    return text;
}

} // namespace

double waitRatio(TimeNs partNs, TimeNs transitNs) {
    const TimeNs total = partNs + transitNs;
    return total > 0 ? static_cast<double>(partNs) / static_cast<double>(total) : 0.0;
}

bool ratioAboveGuidance(TimeNs partNs, TimeNs transitNs) {
    // part / (part + transit) > 1/5  ⇔  5 · part > part + transit  ⇔  4 · part > transit.
    return partNs > 0 && 4 * static_cast<long double>(partNs) > static_cast<long double>(transitNs);
}

CommunicationReport analyzeCommunication(const std::vector<CommOpRank>& ops, const std::vector<CommMatrixLink>& links) {
    CommunicationReport out;
    std::map<int, RankCommFigures> byRank;
    for (const CommOpRank& o : ops) {
        if (o.kind == "p2p") continue;
        RankCommFigures& r = byRank[o.rank];
        r.rank = o.rank;
        r.elapseNs += o.elapseNs;
        r.transitNs += o.transitNs;
        r.waitNs += o.waitNs;
        r.synchronizationNs += o.synchronizationNs;
        r.idleNs += o.idleNs;
        ++r.ops;
        for (const LinkBandwidth& l : o.links)
            for (const PacketBucket& p : l.packets) {
                auto& buckets = out.packetsByLink[l.linkType];
                auto it = std::find_if(buckets.begin(), buckets.end(), [&](const PacketBucket& b) { return b.sizeMB == p.sizeMB; });
                if (it == buckets.end()) buckets.push_back(p);
                else it->count += p.count, it->transitNs += p.transitNs;
            }
    }
    for (auto& [type, buckets] : out.packetsByLink)
        std::sort(buckets.begin(), buckets.end(), [](const PacketBucket& a, const PacketBucket& b) { return a.sizeMB < b.sizeMB; });
    for (auto& [rank, r] : byRank) {
        r.waitRatio = waitRatio(r.waitNs, r.transitNs);
        r.synchronizationRatio = waitRatio(r.synchronizationNs, r.transitNs);
        r.waitAboveGuidance = ratioAboveGuidance(r.waitNs, r.transitNs);
        r.synchronizationAboveGuidance = ratioAboveGuidance(r.synchronizationNs, r.transitNs);
        out.ranks.push_back(r);
    }
    if (out.ranks.size() > 1) {
        auto mostWait = std::max_element(out.ranks.begin(), out.ranks.end(),
                                         [](const RankCommFigures& a, const RankCommFigures& b) { return a.waitNs < b.waitNs; });
        if (mostWait->synchronizationAboveGuidance) {
            auto least = std::min_element(out.ranks.begin(), out.ranks.end(), [](const RankCommFigures& a, const RankCommFigures& b) {
                return a.waitRatio < b.waitRatio;
            });
            out.guidanceSlowRank = least->rank;
        }
    }
    out.bandwidth = rankLinkBandwidths(ops);
    std::map<std::pair<int, int>, MatrixCell> cells;
    out.matrixGroupLocal = std::none_of(links.begin(), links.end(), [](const CommMatrixLink& l) { return l.globalRanks; });
    for (const CommMatrixLink& l : links) {
        if (!l.globalRanks && !out.matrixGroupLocal) continue;
        MatrixCell& c = cells[{l.srcRank, l.dstRank}];
        c.srcRank = l.srcRank;
        c.dstRank = l.dstRank;
        if (c.transport.empty()) c.transport = l.transport;
        else if (c.transport != l.transport && c.transport.find(l.transport) == std::string::npos) c.transport += "," + l.transport;
        c.transitSizeMB += l.transitSizeMB;
        c.transitNs += l.transitNs;
    }
    for (auto& [key, c] : cells) out.matrix.push_back(c);
    return out;
}

std::int64_t ncclDtypeBytes(const std::string& dtype) {
    const std::string d = lower(dtype);
    if (d == "float" || d == "float32" || d == "int" || d == "int32" || d == "uint32") return 4;
    if (d == "double" || d == "float64" || d == "long" || d == "int64" || d == "uint64") return 8;
    if (d == "half" || d == "float16" || d == "bfloat16" || d == "bf16" || d == "short" || d == "int16") return 2;
    if (d == "byte" || d == "char" || d == "int8" || d == "uint8" || d == "bool" || d == "float8e4m3fn" ||
        d == "float8e5m2")
        return 1;
    return 0;
}

namespace {
// "all_gather_into_tensor", "_allgather_base", "AllGather" -> "allgatherintotensor", "allgatherbase", "allgather".
std::string collectiveKey(const std::string& collective) {
    std::string key;
    for (char ch : lower(collective))
        if (ch != '_' && ch != ' ') key += ch;
    return key;
}
} // namespace

std::int64_t ncclMessageBytes(const std::string& collective, std::int64_t inElements, std::int64_t outElements,
                              const std::string& dtype) {
    const std::int64_t size = ncclDtypeBytes(dtype);
    const std::string c = collectiveKey(collective);
    const std::int64_t elements = c.find("allgather") != std::string::npos ? outElements : inElements;
    if (size <= 0 || elements < 0 || elements > std::numeric_limits<std::int64_t>::max() / size) return 0;
    return elements * size;
}

double ncclBusBandwidthGBps(const std::string& collective, std::int64_t bytes, TimeNs durNs, int groupSize) {
    if (durNs <= 0 || bytes <= 0 || groupSize <= 0) return 0;
    const double algorithmGBps = static_cast<double>(bytes) / static_cast<double>(durNs); // bytes/ns = GB/s
    const double n = groupSize;
    const std::string c = collectiveKey(collective);
    if (c.find("allreduce") != std::string::npos) return algorithmGBps * 2 * (n - 1) / n;
    if (c.find("reducescatter") != std::string::npos || c.find("allgather") != std::string::npos ||
        c.find("alltoall") != std::string::npos)
        return algorithmGBps * (n - 1) / n;
    if (c.find("broadcast") != std::string::npos || c.find("reduce") != std::string::npos) return algorithmGBps;
    // Point to point: nccl-tests' sendrecv reports bus = algorithm bandwidth.
    if (c == "send" || c == "recv" || c.find("sendrecv") != std::string::npos) return algorithmGBps;
    return 0;
}

} // namespace opscope
