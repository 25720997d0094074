#include "core/report/comparison_csv.h"

#include <cmath>
#include <cstdio>

namespace opscope {

std::string exactMicros(TimeNs ns) {
    char buf[48];
    const bool negative = ns < 0;
    const unsigned long long v = negative ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu", negative ? "-" : "", v / 1000, v % 1000);
    return buf;
}

namespace {

std::string micros(double ns) { return exactMicros(static_cast<TimeNs>(std::llround(ns))); }

std::string ratio(double r) {
    if (std::isnan(r)) return {};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", r);
    return buf;
}

std::string operatorStatus(const OperatorDiff& d) {
    if (d.regressed()) return "regressed";
    if (d.presence != Presence::Both) return presenceName(d.presence);
    return d.deltaTotalNs() == 0 ? "same" : "changed";
}

std::string findingStatus(const FindingDiff& f) {
    if (f.regressed) return "regressed";
    if (f.presence == Presence::New) return "appeared";
    if (f.presence == Presence::Vanished) return "disappeared";
    return "persists";
}

} // namespace

std::vector<std::string> comparisonCsvHeader() {
    return {"section", "name", "base count", "new count", "base total (us)", "new total (us)", "delta total (us)",
            "total ratio", "base mean (us)", "new mean (us)", "mean ratio", "status"};
}

std::vector<std::vector<std::string>> comparisonCsvRows(const ComparisonResult& r) {
    std::vector<std::vector<std::string>> rows;
    for (const MetricDiff& m : r.totals) {
        if (m.unit == "ratio") continue; // neither a count nor a time
        std::vector<std::string> row{"total", m.name, "", "", "", "", "", ratio(m.ratio()), "", "", "",
                                     m.regressed ? "regressed" : "ok"};
        if (m.unit == "ns") {
            row[4] = micros(m.base);
            row[5] = micros(m.current);
            row[6] = micros(m.delta());
        } else {
            row[2] = std::to_string(std::llround(m.base));
            row[3] = std::to_string(std::llround(m.current));
        }
        rows.push_back(std::move(row));
    }
    for (const DeviceDiff& d : r.devices)
        rows.push_back({"device", d.label, "", "", exactMicros(d.baseBusyNs), exactMicros(d.newBusyNs),
                        exactMicros(d.newBusyNs - d.baseBusyNs), ratio(d.busyRatio()), "", "", "",
                        d.regressed ? "regressed" : presenceName(d.presence)});
    for (const OperatorDiff& d : r.operators)
        rows.push_back({"operator", d.name, std::to_string(d.baseCount), std::to_string(d.newCount),
                        exactMicros(d.baseTotalNs), exactMicros(d.newTotalNs), exactMicros(d.deltaTotalNs()),
                        ratio(d.totalRatio()), micros(d.baseMeanNs), micros(d.newMeanNs), ratio(d.meanRatio()),
                        operatorStatus(d)});
    for (const FindingDiff& f : r.findings)
        rows.push_back({"finding", f.ruleId, "", "", "", "", "", "", "", "", "", findingStatus(f)});
    // HTA's trace diff: host operators by count; their total times are beside, never gated.
    for (const HostOperatorDiff& h : r.hostOperators)
        rows.push_back({"host_operator", h.name, std::to_string(h.baseCount), std::to_string(h.newCount),
                        exactMicros(h.baseTotalNs), exactMicros(h.newTotalNs), exactMicros(h.diffDurationNs()), "", "", "", "",
                        countChangeName(h.change)});
    return rows;
}

} // namespace opscope
