#include "core/importers/ascend/communication_importer.h"

#include "core/importers/ascend/csv_values.h"
#include "core/importers/ascend/raw_float_json.h"
#include "core/importers/chrome_json/decimal_time.h"

#include <nlohmann/json.hpp>


namespace opscope::ascend {

namespace {

using Json = nlohmann::json;

constexpr TimeNs kCommunicationToleranceNs = 1'000'000; // names are unique per op; starts drift a little

void addTimeInfo(TraceSink& w, PendingSliceIndex slice, const Json& info) {
    for (auto it = info.begin(); it != info.end(); ++it) {
        ColumnName name = splitColumnName(it.key());
        std::string key = "Comm " + name.key;
        if (name.key == "Start Timestamp") w.addMetric(slice, key, std::nullopt, numberText(*it), name.unit, "Communication");
        else w.addMetric(slice, key, numberOf(*it), {}, name.unit, "Communication");
    }
}

void addBandwidthInfo(TraceSink& w, PendingSliceIndex slice, const Json& info) {
    for (auto transport = info.begin(); transport != info.end(); ++transport) {
        if (!transport->is_object()) continue;
        auto size = transport->find("Transit Size(MB)");
        if (size == transport->end() || numberOf(*size).value_or(0) == 0) continue; // unused link kinds
        for (auto it = transport->begin(); it != transport->end(); ++it) {
            if (it->is_object() || it->is_array()) continue; // "Size Distribution": a histogram
            ColumnName name = splitColumnName(it.key());
            w.addMetric(slice, transport.key() + " " + name.key, numberOf(*it), {}, name.unit, "Communication");
        }
    }
}

// One operator entry "hcom_allReduce__586_0_1@17522688603477080586".
void importOp(UnitContext& ctx, const std::string& step, const std::string& kind, const std::string& entry,
              const Json& op, CommunicationResult* result, JoinSet& used) {
    auto timeInfo = op.find("Communication Time Info");
    if (timeInfo == op.end() || !timeInfo->is_object()) return;
    std::size_t at = entry.rfind('@');
    std::string name = at == std::string::npos ? entry : entry.substr(0, at);
    std::string group = at == std::string::npos ? std::string() : entry.substr(at + 1);
    auto startIt = timeInfo->find("Start Timestamp(us)");
    auto elapseIt = timeInfo->find("Elapse Time(ms)");
    if (startIt == timeInfo->end()) return;
    auto startNs = parseMicrosToNs(numberText(*startIt));
    if (!startNs) return;
    TimeNs durNs = elapseIt == timeInfo->end() ? 0 : parseDecimalScaled(numberText(*elapseIt), 6).value_or(0);
    ++result->ops;
    PendingSliceIndex slice;
    if (auto hit = ctx.timeline.findCommunication(-1, name, *startNs, kCommunicationToleranceNs, used)) {
        slice = hit->slice;
        ++result->joined;
    } else {
        ProcessId process = communicationProcess(ctx, -1);
        SliceInput in;
        std::string thread = "Group " + group + " Communication";
        in.track = namedThreadTrack(ctx, process, thread, thread);
        in.tsNs = *startNs;
        in.durNs = std::max<TimeNs>(0, durNs);
        in.name = name;
        in.category = "communication";
        slice = ctx.writer.addSlice(in);
        ++result->unjoined;
    }
    used.insert(slice);
    TraceSink& w = ctx.writer;
    w.addMetric(slice, "Comm Step", std::nullopt, step, {}, "Communication");
    w.addMetric(slice, "Comm Kind", std::nullopt, kind, {}, "Communication");
    if (!group.empty()) w.addMetric(slice, "Comm Group", std::nullopt, group, {}, "Communication");
    addTimeInfo(w, slice, *timeInfo);
    if (auto bw = op.find("Communication Bandwidth Info"); bw != op.end() && bw->is_object()) addBandwidthInfo(w, slice, *bw);
}

} // namespace

bool looksLikeCommunicationJson(std::string_view head) {
    std::size_t p = head.find_first_not_of(" \t\r\n");
    if (p == std::string_view::npos || head[p] != '{') return false;
    return head.find("\"collective\"") != std::string_view::npos || head.find("\"p2p\"") != std::string_view::npos ||
           head.find("Communication Time Info") != std::string_view::npos;
}

bool importCommunicationJson(UnitContext& ctx, const std::string& path, CommunicationResult* result, Error* error) {
    Json root;
    if (!parseRawFloatJsonFile(path, "a communication.json object {step: {p2p, collective}}", &root, error))
        return false;
    JoinSet used;
    for (auto step = root.begin(); step != root.end(); ++step) {
        if (!step->is_object()) continue;
        for (auto kind = step->begin(); kind != step->end(); ++kind) {
            if (!kind->is_object()) continue;
            for (auto op = kind->begin(); op != kind->end(); ++op)
                // "Total Op Info" sums the step's ops; it is not an op of its own.
                if (op->is_object() && op.key() != "Total Op Info") importOp(ctx, step.key(), kind.key(), op.key(), *op, result, used);
        }
    }
    return true;
}

} // namespace opscope::ascend
