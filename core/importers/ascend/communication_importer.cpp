#include "core/importers/ascend/communication_importer.h"

#include "core/importers/ascend/csv_values.h"
#include "core/importers/chrome_json/decimal_time.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace opscope::ascend {

namespace {

using Json = nlohmann::json;

// Builds the DOM with every floating-point number kept as its text: "Start Timestamp(us)" has 16+
// significant digits and must reach nanoseconds without a double.
class RawFloatSax : public nlohmann::detail::json_sax_dom_parser<Json> {
public:
    using nlohmann::detail::json_sax_dom_parser<Json>::json_sax_dom_parser;
    bool number_float(Json::number_float_t /*value*/, const Json::string_t& raw) {
        Json::string_t text = raw;
        return string(text);
    }
};

constexpr TimeNs kCommunicationToleranceNs = 1'000'000; // names are unique per op; starts drift a little

std::string numberText(const Json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number()) return v.dump();
    return {};
}

std::optional<double> numberOf(const Json& v) {
    std::string text = numberText(v);
    return text.empty() ? std::nullopt : parseNumber(text);
}

void addTimeInfo(StoreWriter& w, PendingSliceIndex slice, const Json& info) {
    for (auto it = info.begin(); it != info.end(); ++it) {
        ColumnName name = splitColumnName(it.key());
        std::string key = "Comm " + name.key;
        if (name.key == "Start Timestamp") w.addMetric(slice, key, std::nullopt, numberText(*it), name.unit, "Communication");
        else w.addMetric(slice, key, numberOf(*it), {}, name.unit, "Communication");
    }
}

void addBandwidthInfo(StoreWriter& w, PendingSliceIndex slice, const Json& info) {
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
        slice = *hit;
        ++result->joined;
    } else {
        ProcessId process = deviceProcess(ctx, -1, "Communication");
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
    StoreWriter& w = ctx.writer;
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
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = Error{ErrorCode::ReadFailed, path, -1, -1, -1, "a readable file", {}};
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::string body = text.str();
    Json root;
    RawFloatSax sax(root, false);
    bool ok = Json::sax_parse(body, &sax, nlohmann::detail::input_format_t::json, false);
    if (!ok || sax.is_errored() || !root.is_object()) {
        bool cut = !body.empty() && body.find_last_not_of(" \t\r\n") != std::string::npos &&
                   body[body.find_last_not_of(" \t\r\n")] != '}';
        *error = Error{cut ? ErrorCode::Truncated : ErrorCode::JsonSyntax, path, -1, -1, -1,
                       "a communication.json object {step: {p2p, collective}}", {}};
        return false;
    }
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
