#include "core/analysis/compare/baseline_json.h"

#include "core/model/json_depth.h"
#include "core/model/small_file.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>

namespace opscope {

using nlohmann::ordered_json;

std::string baselineToJson(const BaselineAggregates& b) {
    ordered_json j;
    j["format"] = kBaselineFormat;
    j["version"] = kBaselineVersion;
    j["source"] = b.source;
    j["trace_duration_ns"] = b.traceDurationNs;
    j["busy_ns"] = b.busyNs; // device busy: compute, communication and memory united
    j["compute_ns"] = b.computeNs;
    j["executions"] = b.executions;
    j["imbalance"] = b.imbalance;
    j["fell_back_to_all_tracks"] = b.fellBackToAll;
    j["bubbles"] = {{"min_bubble_ns", b.minBubbleNs}, {"count", b.bubbleCount}, {"total_ns", b.bubbleTotalNs},
                    {"largest_ns", b.largestBubbleNs}};
    ordered_json devices = ordered_json::array();
    for (const DeviceAggregate& d : b.devices)
        devices.push_back({{"label", d.label}, {"busy_ns", d.busyNs}, {"span_ns", d.spanNs}, {"bubble_ns", d.bubbleTotalNs},
                           {"compute_ns", d.computeNs}});
    j["devices"] = std::move(devices);
    ordered_json ops = ordered_json::array();
    for (const OperatorAggregate& o : b.operators)
        ops.push_back({{"name", o.name}, {"count", o.count}, {"total_ns", o.totalNs}, {"mean_ns", o.meanNs},
                       {"p90_ns", o.p90Ns}});
    j["operators"] = std::move(ops);
    if (b.hasFindings) {
        ordered_json findings = ordered_json::array();
        for (const FindingAggregate& f : b.findings)
            findings.push_back({{"rule", f.ruleId}, {"title", f.title}, {"severity", f.severity},
                                {"measured", f.measured}, {"unit", f.unit}, {"time_at_stake_ns", f.timeAtStakeNs}});
        j["findings"] = std::move(findings);
    }
    return j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

Error jsonError(const std::string& expected, const std::string& detail) {
    return Error{ErrorCode::WrongType, {}, -1, -1, -1, expected, detail};
}

void readBody(const nlohmann::json& j, BaselineAggregates* out) {
    out->source = j.value("source", std::string());
    out->traceDurationNs = j.value("trace_duration_ns", TimeNs{0});
    out->busyNs = j.value("busy_ns", TimeNs{0});
    out->computeNs = j.value("compute_ns", TimeNs{0});
    out->executions = j.value("executions", std::int64_t{0});
    out->imbalance = j.value("imbalance", 0.0);
    out->fellBackToAll = j.value("fell_back_to_all_tracks", false);
    if (j.contains("bubbles")) {
        const auto& bu = j.at("bubbles");
        out->minBubbleNs = bu.value("min_bubble_ns", TimeNs{0});
        out->bubbleCount = bu.value("count", std::int64_t{0});
        out->bubbleTotalNs = bu.value("total_ns", TimeNs{0});
        out->largestBubbleNs = bu.value("largest_ns", TimeNs{0});
    }
    for (const auto& d : j.value("devices", nlohmann::json::array()))
        out->devices.push_back({d.at("label").get<std::string>(), d.value("busy_ns", TimeNs{0}),
                                d.value("span_ns", TimeNs{0}), d.value("bubble_ns", TimeNs{0}),
                                d.value("compute_ns", TimeNs{0})});
    for (const auto& o : j.value("operators", nlohmann::json::array()))
        out->operators.push_back({o.at("name").get<std::string>(), o.value("count", std::int64_t{0}),
                                  o.value("total_ns", TimeNs{0}), o.value("mean_ns", 0.0),
                                  o.value("p90_ns", TimeNs{0})});
    out->hasFindings = j.contains("findings");
    for (const auto& f : j.value("findings", nlohmann::json::array()))
        out->findings.push_back({f.at("rule").get<std::string>(), f.value("title", std::string()),
                                 f.value("severity", std::string("low")), f.value("measured", 0.0),
                                 f.value("unit", std::string()), f.value("time_at_stake_ns", TimeNs{0})});
}

} // namespace

bool baselineFromJson(const std::string& text, BaselineAggregates* out, Error* error) {
    *out = BaselineAggregates{};
    nlohmann::json j = jsonNestingExceeds(text, kMaxDocumentDepth) ? nlohmann::json(nlohmann::json::value_t::discarded)
                                                                    : nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        if (error) *error = Error{ErrorCode::NotJson, {}, -1, -1, -1, "a baseline JSON object", {}};
        return false;
    }
    // Compared as JSON values, not read as a type: "format": 1 or "version": "1" is a wrong value.
    auto format = j.find("format");
    if (format == j.end() || *format != kBaselineFormat) {
        if (error)
            *error = jsonError("\"format\": \"opscope-baseline\"",
                               format == j.end() ? std::string() : format->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return false;
    }
    auto version = j.find("version");
    if (version == j.end() || !version->is_number_integer() || *version != kBaselineVersion) {
        if (error)
            *error = jsonError("\"version\": " + std::to_string(kBaselineVersion),
                               version == j.end() ? std::string() : version->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return false;
    }
    try {
        readBody(j, out);
    } catch (const nlohmann::json::exception& e) {
        if (error) *error = jsonError("baseline fields of the documented types", e.what());
        return false;
    }
    return true;
}

bool writeBaselineFile(const std::string& path, const BaselineAggregates& baseline, Error* error) {
    const std::string text = baselineToJson(baseline);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) {
        if (error) *error = Error{ErrorCode::ReadFailed, path, -1, -1, -1, "a writable file", {}};
        return false;
    }
    return true;
}

bool readBaselineFile(const std::string& path, BaselineAggregates* out, Error* error) {
    std::string text;
    if (!readSmallFile(path, &text, error, "a baseline JSON file")) return false;
    if (!baselineFromJson(text, out, error)) {
        if (error) error->file = path;
        return false;
    }
    return true;
}

bool looksLikeBaselineFile(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    char head[4096];
    const std::size_t n = std::fread(head, 1, sizeof head, f);
    std::fclose(f);
    return std::string_view(head, n).find(std::string("\"") + kBaselineFormat + "\"") != std::string_view::npos;
}

} // namespace opscope
