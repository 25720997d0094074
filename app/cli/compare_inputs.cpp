#include "app/cli/compare_inputs.h"

#include "app/cli/analysis_cli_support.h"
#include "core/analysis/compare/baseline_json.h"

#include <cstdio>

namespace opscope::cli {

bool parseStepPair(const std::string& text, std::int64_t* base, std::int64_t* current) {
    auto number = [](const std::string& t, std::int64_t* out) {
        if (t.empty() || t.size() > 15 || t.find_first_not_of("0123456789") != std::string::npos) return false;
        *out = std::stoll(t);
        return true;
    };
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos) return number(text, base) && number(text, current);
    return number(text.substr(0, colon), base) && number(text.substr(colon + 1), current);
}

bool loadAggregates(const std::string& input, const BaselineOptions& options, BaselineAggregates* out, const char* command) {
    Error error;
    if (looksLikeBaselineFile(input)) {
        if (options.step >= 0) {
            std::fprintf(stderr, "opscope-cli %s: %s is a baseline: it holds whole-trace aggregates, not steps\n", command,
                         input.c_str());
            return false;
        }
        if (readBaselineFile(input, out, &error)) return true;
        std::fprintf(stderr, "opscope-cli %s: %s\n", command, describe(error).c_str());
        return false;
    }
    std::shared_ptr<TraceSession> session = openInputSession(input, command);
    if (!session) return false;
    if (!session->baseline(options, out, &error)) {
        std::fprintf(stderr, "opscope-cli %s: %s: %s\n", command, input.c_str(), describe(error).c_str());
        return false;
    }
    return true;
}

nlohmann::ordered_json comparisonJson(const ComparisonResult& r) {
    nlohmann::ordered_json totals = nlohmann::ordered_json::array();
    for (const MetricDiff& m : r.totals)
        totals.push_back({{"name", m.name}, {"unit", m.unit}, {"base", m.base}, {"new", m.current}, {"regressed", m.regressed}});
    nlohmann::ordered_json operators = nlohmann::ordered_json::array();
    for (const OperatorDiff& d : r.operators)
        operators.push_back({{"name", d.name}, {"presence", presenceName(d.presence)}, {"base_count", d.baseCount},
                             {"new_count", d.newCount}, {"base_total_ns", d.baseTotalNs}, {"new_total_ns", d.newTotalNs},
                             {"delta_total_ns", d.deltaTotalNs()}, {"regressed", d.regressed()}});
    nlohmann::ordered_json hosts = nlohmann::ordered_json::array();
    for (const HostOperatorDiff& h : r.hostOperators)
        hosts.push_back({{"name", h.name}, {"change", countChangeName(h.change)}, {"base_count", h.baseCount},
                         {"new_count", h.newCount}, {"base_total_ns", h.baseTotalNs}, {"new_total_ns", h.newTotalNs},
                         {"diff_duration_ns", h.diffDurationNs()}});
    return {{"base", r.baseSource}, {"new", r.newSource}, {"threshold", r.options.threshold}, {"regressed", r.regressed()},
            {"regressions", r.regressions.size()}, {"totals", std::move(totals)}, {"operators", std::move(operators)},
            {"host_operators", std::move(hosts)}};
}

} // namespace opscope::cli
