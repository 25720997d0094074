#include "core/importers/cluster/communication_json.h"

#include "core/importers/ascend/csv_values.h"
#include "core/importers/ascend/raw_float_json.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "core/model/small_file.h"

#include <algorithm>

namespace opscope::cluster {

namespace {

using Json = nlohmann::json;
using ascend::numberOf;
using ascend::numberText;

constexpr std::size_t kMaxPacketBuckets = 4096; // a size histogram; more is not a real file

std::optional<TimeNs> msToNs(const Json& object, const char* key) {
    auto it = object.find(key);
    if (it == object.end()) return TimeNs{0};
    return parseDecimalScaled(numberText(*it), 6);
}

double real(const Json& object, const char* key) {
    auto it = object.find(key);
    return it == object.end() ? 0.0 : numberOf(*it).value_or(0.0);
}

void parseBandwidth(const Json& info, CommOpRank* op) {
    for (auto link = info.begin(); link != info.end(); ++link) {
        if (!link->is_object()) continue;
        LinkBandwidth l;
        l.linkType = link.key();
        l.transitSizeMB = real(*link, "Transit Size(MB)");
        l.transitNs = msToNs(*link, "Transit Time(ms)").value_or(0);
        l.bandwidthGBps = real(*link, "Bandwidth(GB/s)");
        l.largePacketRatio = real(*link, "Large Packet Ratio");
        if (auto dist = link->find("Size Distribution"); dist != link->end() && dist->is_object()) {
            for (auto bucket = dist->begin(); bucket != dist->end() && l.packets.size() < kMaxPacketBuckets; ++bucket) {
                if (!bucket->is_array() || bucket->size() < 2) continue;
                PacketBucket p;
                p.sizeMB = ascend::parseNumber(bucket.key()).value_or(0);
                p.count = static_cast<std::int64_t>(numberOf((*bucket)[0]).value_or(0));
                p.transitNs = parseDecimalScaled(numberText((*bucket)[1]), 6).value_or(0);
                l.packets.push_back(p);
            }
        }
        // Link kinds the operator did not use are written as all zeros.
        if (l.transitSizeMB == 0 && l.transitNs == 0 && l.packets.empty()) continue;
        op->links.push_back(std::move(l));
    }
}

int rankKey(const std::string& key) {
    if (key.empty() || key.size() > 9 || !std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return -1;
    return std::stoi(key);
}

// "3-5" -> (3, 5).
bool linkKey(const std::string& key, int* src, int* dst) {
    std::size_t dash = key.find('-');
    if (dash == std::string::npos) return false;
    *src = rankKey(key.substr(0, dash));
    *dst = rankKey(key.substr(dash + 1));
    return *src >= 0 && *dst >= 0;
}

CommMatrixLink parseLink(const Json& v) {
    CommMatrixLink l;
    if (auto t = v.find("Transport Type"); t != v.end() && t->is_string()) l.transport = t->get<std::string>();
    if (auto n = v.find("Op Name"); n != v.end() && n->is_string()) l.opName = n->get<std::string>();
    l.transitSizeMB = real(v, "Transit Size(MB)");
    l.transitNs = msToNs(v, "Transit Time(ms)").value_or(0);
    l.bandwidthGBps = real(v, "Bandwidth(GB/s)");
    return l;
}

// Matrix keys "allreduce-top1@<group>": the group after the '@'.
std::string groupOfKey(const std::string& key) {
    std::size_t at = key.rfind('@');
    return at == std::string::npos ? std::string() : key.substr(at + 1);
}

// Every communication file is objects three levels deep ({step: {kind: {op: ...}}} or {group: {step: {op:
// ...}}}): calls visit(outerKey, middleKey, key, value) for each object on the third level, passing over
// anything that is not an object on the way.
template <class Visit>
void forEachThirdLevelObject(const Json& root, Visit&& visit) {
    for (auto outer = root.begin(); outer != root.end(); ++outer) {
        if (!outer->is_object()) continue;
        for (auto middle = outer->begin(); middle != outer->end(); ++middle) {
            if (!middle->is_object()) continue;
            for (auto entry = middle->begin(); entry != middle->end(); ++entry)
                if (entry->is_object()) visit(outer.key(), middle.key(), entry.key(), *entry);
        }
    }
}

} // namespace

void splitOpKey(const std::string& key, std::string* name, std::string* group) {
    std::size_t at = key.rfind('@');
    *name = at == std::string::npos ? key : key.substr(0, at);
    *group = at == std::string::npos ? std::string() : key.substr(at + 1);
}

bool parseCommOpInfo(const Json& entry, CommOpRank* op) {
    auto time = entry.find("Communication Time Info");
    if (time == entry.end() || !time->is_object()) return false;
    auto start = time->find("Start Timestamp(us)");
    std::optional<TimeNs> startNs = start == time->end() ? std::optional<TimeNs>(0) : parseMicrosToNs(numberText(*start));
    std::optional<TimeNs> elapse = msToNs(*time, "Elapse Time(ms)");
    if (!startNs || !elapse) return false;
    op->startNs = *startNs;
    op->elapseNs = *elapse;
    op->transitNs = msToNs(*time, "Transit Time(ms)").value_or(0);
    op->waitNs = msToNs(*time, "Wait Time(ms)").value_or(0);
    op->synchronizationNs = msToNs(*time, "Synchronization Time(ms)").value_or(0);
    op->idleNs = msToNs(*time, "Idle Time(ms)").value_or(0);
    op->waitRatio = real(*time, "Wait Time Ratio");
    op->synchronizationRatio = real(*time, "Synchronization Time Ratio");
    if (auto bw = entry.find("Communication Bandwidth Info"); bw != entry.end() && bw->is_object()) parseBandwidth(*bw, op);
    return true;
}

bool readRankCommunicationJson(const std::string& path, int rank, std::vector<CommOpRank>* ops, Error* error) {
    Json root;
    if (!ascend::parseRawFloatJsonFile(path, "a communication.json object {step: {p2p, collective}}", &root, error))
        return false;
    forEachThirdLevelObject(root, [&](const std::string& step, const std::string& kind, const std::string& key,
                                      const Json& entry) {
        // "Total Op Info" sums the step's ops; it is not an op of its own.
        if (key == "Total Op Info") return;
        CommOpRank op;
        op.step = step;
        op.kind = kind;
        op.opKey = key;
        op.rank = rank;
        splitOpKey(key, &op.opName, &op.group);
        if (parseCommOpInfo(entry, &op)) ops->push_back(std::move(op));
    });
    return true;
}

bool readClusterCommunicationJson(const std::string& path, std::vector<CommOpRank>* ops, Error* error) {
    Json root;
    if (!ascend::parseRawFloatJsonFile(path, "a cluster_communication.json object {group: {step: {op: {rank: ...}}}}",
                                       &root, error))
        return false;
    forEachThirdLevelObject(root, [&](const std::string& group, const std::string& step, const std::string& key,
                                      const Json& entry) {
        if (key == "Total Op Info") return;
        for (auto rank = entry.begin(); rank != entry.end(); ++rank) {
            CommOpRank op;
            op.rank = rankKey(rank.key());
            if (op.rank < 0 || !rank->is_object()) continue;
            op.group = group;
            op.step = step;
            op.kind = key.rfind("hcom_send", 0) == 0 || key.rfind("hcom_receive", 0) == 0 ||
                              key.rfind("hcom_batchsendrecv", 0) == 0
                          ? "p2p"
                          : "collective";
            op.opKey = key;
            std::string hash;
            splitOpKey(key, &op.opName, &hash);
            if (parseCommOpInfo(*rank, &op)) ops->push_back(std::move(op));
        }
    });
    return true;
}

bool readRankCommunicationMatrix(const std::string& path, const std::map<std::string, std::vector<int>>& groupRanks,
                                 std::vector<CommMatrixLink>* links, Error* error) {
    Json root;
    if (!ascend::parseRawFloatJsonFile(path, "a communication_matrix.json object {step: {p2p, collective}}", &root,
                                       error))
        return false;
    forEachThirdLevelObject(root, [&](const std::string& step, const std::string& kind, const std::string& key,
                                      const Json& op) {
        std::string group = groupOfKey(key);
        auto mapping = groupRanks.find(group);
        for (auto link = op.begin(); link != op.end(); ++link) {
            int src = -1, dst = -1;
            if (!link->is_object() || !linkKey(link.key(), &src, &dst)) continue;
            CommMatrixLink l = parseLink(*link);
            l.step = step;
            l.kind = kind;
            l.opKey = key;
            l.group = group;
            const std::vector<int>* ranks = mapping == groupRanks.end() ? nullptr : &mapping->second;
            if (ranks && src < static_cast<int>(ranks->size()) && dst < static_cast<int>(ranks->size())) {
                l.srcRank = (*ranks)[src];
                l.dstRank = (*ranks)[dst];
                l.globalRanks = true;
            } else {
                l.srcRank = src;
                l.dstRank = dst;
            }
            links->push_back(std::move(l));
        }
    });
    return true;
}

bool readClusterCommunicationMatrix(const std::string& path, std::vector<CommMatrixLink>* links, Error* error) {
    Json root;
    if (!ascend::parseRawFloatJsonFile(path, "a cluster_communication_matrix.json object {group: {step: {op: {src-dst}}}}",
                                       &root, error))
        return false;
    forEachThirdLevelObject(root, [&](const std::string& group, const std::string& step, const std::string& key,
                                      const Json& op) {
        for (auto link = op.begin(); link != op.end(); ++link) {
            int src = -1, dst = -1;
            if (!link->is_object() || !linkKey(link.key(), &src, &dst)) continue;
            CommMatrixLink l = parseLink(*link);
            l.step = step;
            l.kind = "collective";
            l.opKey = key;
            l.group = group;
            l.srcRank = src;
            l.dstRank = dst;
            l.globalRanks = true; // msprof-analyze writes global ranks here
            links->push_back(std::move(l));
        }
    });
    return true;
}

bool readCommunicationGroups(const std::string& path, std::vector<CommGroup>* groups, Error* error) {
    std::string text;
    if (!readSmallFile(path, &text, error, "a communication_group.json file")) return false;
    Json root = Json::parse(text, nullptr, false);
    if (!root.is_object()) {
        *error = Error{ErrorCode::JsonSyntax, path, -1, -1, -1, "a communication_group.json object {p2p, collective}", {}};
        return false;
    }
    // {"collective": [[0, 1], [2, 3]], "p2p": [[0, 2]]} (older) or
    // {"collective": [{"group_name": ..., "global_ranks": [...]}]} (newer).
    for (auto kind = root.begin(); kind != root.end(); ++kind) {
        if (!kind->is_array()) continue;
        int index = 0;
        for (const Json& g : *kind) {
            CommGroup group;
            group.kind = kind.key();
            const Json* ranks = &g;
            if (g.is_object()) {
                if (auto n = g.find("group_name"); n != g.end() && n->is_string()) group.name = n->get<std::string>();
                auto r = g.find("global_ranks");
                if (r == g.end()) r = g.find("ranks");
                if (r == g.end()) continue;
                ranks = &*r;
            }
            if (!ranks->is_array()) continue;
            for (const Json& r : *ranks)
                if (r.is_number_integer()) group.ranks.push_back(r.get<int>());
            if (group.name.empty()) group.name = kind.key() + " " + std::to_string(index);
            ++index;
            groups->push_back(std::move(group));
        }
    }
    return true;
}

std::map<std::string, std::vector<int>> parallelGroupRanks(const std::string& profilerMetadataPath) {
    std::map<std::string, std::vector<int>> out;
    std::string text;
    Error error;
    if (!readSmallFile(profilerMetadataPath, &text, &error)) return out;
    Json root = Json::parse(text, nullptr, false);
    if (!root.is_object()) return out;
    auto groups = root.find("parallel_group");
    if (groups == root.end() || !groups->is_object()) return out;
    for (auto g = groups->begin(); g != groups->end(); ++g) {
        if (!g->is_object()) continue;
        auto hash = g->find("group_name");
        auto ranks = g->find("global_ranks");
        if (hash == g->end() || ranks == g->end() || !ranks->is_array()) continue;
        std::string key = hash->is_string() ? hash->get<std::string>() : hash->dump();
        std::vector<int>& list = out[key];
        for (const Json& r : *ranks)
            if (r.is_number_integer()) list.push_back(r.get<int>());
    }
    return out;
}

} // namespace opscope::cluster
