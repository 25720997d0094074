// The report's tables: operators, bubbles, diagnosis findings and phases.
#include "core/analysis/diagnosis/finding_value_text.h"
#include "core/report/html_report_parts.h"
#include "core/report/report_format.h"
#include "core/report/report_strings.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace opscope::report {

namespace t = text;

namespace {

// The metric columns worth a column of their own: hardware counters before bookkeeping (task ids,
// timings the table already shows), utilisation-like ratios first, then those most operators have;
// columns that are zero or empty for every shown operator say nothing and are left out.
bool isBookkeeping(const MetricColumn& m) { return m.group == "Task" || m.group == "Timing"; }

bool isRatio(const MetricColumn& m) {
    return m.unit == "%" || m.name.find("ratio") != std::string::npos || m.name.find("utilization") != std::string::npos;
}

std::vector<std::size_t> chooseMetricColumns(const OperatorStats& stats, int maxColumns) {
    struct Candidate {
        bool bookkeeping, ratio;
        int coverage;
        std::size_t column;
    };
    std::vector<Candidate> candidates;
    for (std::size_t c = 0; c < stats.metrics.size(); ++c) {
        int n = 0;
        bool nonZero = false;
        for (const OperatorStatsRow& r : stats.rows) {
            if (c >= r.metricMeans.size() || std::isnan(r.metricMeans[c])) continue;
            ++n;
            nonZero = nonZero || r.metricMeans[c] != 0;
        }
        if (n > 0 && nonZero) candidates.push_back({isBookkeeping(stats.metrics[c]), isRatio(stats.metrics[c]), n, c});
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        if (a.bookkeeping != b.bookkeeping) return !a.bookkeeping;
        if (a.ratio != b.ratio) return a.ratio;
        return a.coverage > b.coverage;
    });
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < candidates.size() && static_cast<int>(i) < maxColumns; ++i) {
        if (candidates[i].bookkeeping) break; // no hardware counters left: the details row has the rest
        out.push_back(candidates[i].column);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string metricHeader(const MetricColumn& m) {
    return m.unit.empty() ? m.name : m.name + " (" + m.unit + ")";
}

std::string allMetricsDetails(const OperatorStats& stats, const OperatorStatsRow& row) {
    std::string items;
    int n = 0;
    for (std::size_t c = 0; c < stats.metrics.size() && c < row.metricMeans.size(); ++c) {
        if (std::isnan(row.metricMeans[c])) continue;
        ++n;
        items += "<dt>" + esc(metricHeader(stats.metrics[c])) + "</dt><dd>" + esc(numberLabel(row.metricMeans[c])) + "</dd>";
    }
    if (n == 0) return {};
    return "<details><summary>" + esc(tx(t::kAllMetrics)) + " (" + std::to_string(n) + ")</summary><dl>" + items +
           "</dl></details>";
}

std::string causeClass(BubbleCause cause) { return std::string("cause-") + bubbleCauseId(cause); }

std::string offsetLabel(TimeNs ns) { return "+" + durationLabel(ns); }

} // namespace

void writeOperators(std::string& out, const ReportData& data) {
    const OperatorStats& s = data.operators;
    sectionStart(out, "operators", t::kOperators);
    if (s.rows.empty()) {
        out += "<p class=\"empty\">" + esc(tx(t::kNoOperators)) + "</p>\n";
        sectionEnd(out);
        return;
    }
    out += "<p class=\"note\">" + esc(tx(t::kOperatorsNote)) + "</p>\n";
    const std::vector<std::size_t> metricCols = chooseMetricColumns(s, data.options.maxMetricColumns);
    out += "<div class=\"scroll\"><table class=\"ops\"><thead><tr>";
    for (const char* h : {t::kRank, t::kOperator, t::kCount, t::kTotal, t::kShare, t::kMean, t::kP50, t::kP90, t::kP99,
                          t::kMax}) {
        const std::string label = tx(h);
        const bool numeric = label[0] == '>' || h == t::kRank;
        out += numeric ? "<th class=\"num\">" : "<th>";
        out += esc(label[0] == '>' ? std::string_view(label).substr(1) : std::string_view(label)) + "</th>";
    }
    for (std::size_t c : metricCols) {
        // Metric names are snake_case: let them wrap after an underscore rather than mid-word.
        std::string header = esc(metricHeader(s.metrics[c]));
        for (std::size_t at = header.find('_'); at != std::string::npos; at = header.find('_', at + 6)) header.insert(at + 1, "<wbr>");
        out += "<th class=\"num metric\">" + header + "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
        const OperatorStatsRow& r = s.rows[i];
        out += "<tr>" + td(std::to_string(i + 1), true) + "<td class=\"name\"><code>" + esc(r.key) + "</code>" +
               allMetricsDetails(s, r) + "</td>" + td(esc(countLabel(r.count)), true) +
               td(esc(durationLabel(r.totalNs)), true) + "<td class=\"barcell\">" + shareBar(r.busyShare) +
               "<span class=\"barlabel\">" + esc(percentLabel(r.busyShare)) + "</span></td>" +
               td(esc(durationLabel(r.avgNs)), true) + td(esc(durationLabel(r.p50Ns)), true) +
               td(esc(durationLabel(r.p90Ns)), true) + td(esc(durationLabel(r.p99Ns)), true) +
               td(esc(durationLabel(r.maxNs)), true);
        for (std::size_t c : metricCols)
            out += td(esc(c < r.metricMeans.size() ? numberLabel(r.metricMeans[c]) : numberLabel(NAN)), true);
        out += "</tr>\n";
    }
    out += "</tbody></table></div>\n";
    sectionEnd(out);
}

namespace {

void writeHistogram(std::string& out, const BubbleReport& b) {
    const auto& bins = b.deviceHistogram;
    std::size_t first = bins.size(), last = 0;
    std::int64_t maxCount = 0;
    for (std::size_t i = 0; i < bins.size(); ++i) {
        if (bins[i].count == 0) continue;
        first = std::min(first, i);
        last = i;
        maxCount = std::max(maxCount, bins[i].count);
    }
    if (first == bins.size()) return;
    out += "<h3>" + esc(tx(t::kDistribution)) + "</h3>\n<table class=\"hist\">";
    headerRow(out, {t::kRange, t::kBubbleCountCol, "", t::kTotal});
    out += "<tbody>\n";
    for (std::size_t i = first; i <= last; ++i) {
        const HistogramBin& bin = bins[i];
        const std::string range = bin.highNs < 0 ? "\xE2\x89\xA5 " + durationLabel(bin.lowNs)
                                                 : durationLabel(bin.lowNs) + " \xE2\x80\x93 " + durationLabel(bin.highNs);
        out += "<tr>" + td(esc(range)) + td(esc(countLabel(bin.count)), true) + "<td class=\"barcell wide\">" +
               shareBar(maxCount > 0 ? static_cast<double>(bin.count) / static_cast<double>(maxCount) : 0, "bar idle") +
               "</td>" + td(esc(durationLabel(bin.totalNs)), true) + "</tr>\n";
    }
    out += "</tbody></table>\n";
}

void writeCauses(std::string& out, const BubbleReport& b) {
    std::array<TimeNs, kBubbleCauseCount> causeNs{};
    std::array<std::int64_t, kBubbleCauseCount> causeCount{};
    for (const BubbleSummary& d : b.devices)
        for (std::size_t c = 0; c < kBubbleCauseCount; ++c) {
            causeNs[c] += d.causeNs[c];
            causeCount[c] += d.causeCount[c];
        }
    const TimeNs total = std::accumulate(causeNs.begin(), causeNs.end(), TimeNs{0});
    if (total <= 0) return;
    out += "<h3>" + esc(tx(t::kCauses)) + "</h3>\n<div class=\"stack\">";
    std::string legend = "<ul class=\"legend\">";
    for (std::size_t c = 0; c < kBubbleCauseCount; ++c) {
        if (causeNs[c] == 0) continue;
        const auto cause = static_cast<BubbleCause>(c);
        const double share = static_cast<double>(causeNs[c]) / static_cast<double>(total);
        char width[32];
        std::snprintf(width, sizeof width, "%.2f%%", share * 100.0);
        out += "<span class=\"" + causeClass(cause) + "\" style=\"width:" + width + "\" title=\"" +
               esc(bubbleCauseText(cause)) + "\"></span>";
        legend += "<li><i class=\"" + causeClass(cause) + "\"></i>" + esc(bubbleCauseText(cause)) + ": <b>" +
                  esc(durationLabel(causeNs[c])) + "</b> (" + esc(percentLabel(share)) + ", " +
                  esc(countLabel(causeCount[c])) + ")</li>";
    }
    out += "</div>\n" + legend + "</ul>\n";
}

std::string hostWorkList(const BubbleDetail& d) {
    std::string text;
    int shown = 0;
    for (const HostWorkOverlap& w : d.hostWork) {
        if (shown++ == 3) break;
        if (!text.empty()) text += "<br>";
        text += "<code>" + esc(w.name) + "</code> <span class=\"dim\">" + esc(durationLabel(w.overlapNs)) + "</span>";
    }
    return text;
}

std::string deviceLabelOf(const BubbleReport& b, std::int64_t deviceKey) {
    for (const BubbleSummary& s : b.devices)
        if (s.deviceKey == deviceKey) return s.label;
    return {};
}

void writeLargest(std::string& out, const ReportData& data) {
    const BubbleReport& b = data.bubbles;
    if (b.largest.empty()) return;
    out += "<h3>" + esc(tx(t::kLargest)) + "</h3>\n<p class=\"note\">" + esc(tx(t::kStartNote)) + "</p>\n";
    out += "<div class=\"scroll\"><table>";
    headerRow(out, {t::kStart, t::kDuration, t::kDevice, t::kCause, t::kBefore, t::kAfter, t::kHostWork});
    out += "<tbody>\n";
    const TimeNs origin = data.summary.startNs;
    for (const BubbleDetail& d : b.largest) {
        out += "<tr>" + td(esc(offsetLabel(d.bubble.startNs - origin)), true) + td(esc(durationLabel(d.bubble.durNs)), true) +
               td(esc(deviceLabelOf(b, d.bubble.deviceKey))) + "<td><span class=\"pill " + causeClass(d.bubble.cause) +
               "\">" + esc(bubbleCauseText(d.bubble.cause)) + "</span></td>" + td("<code>" + esc(d.opBefore) + "</code>") +
               td("<code>" + esc(d.opAfter) + "</code>") + td(hostWorkList(d)) + "</tr>\n";
    }
    out += "</tbody></table></div>\n";
}

} // namespace

void writeBubbles(std::string& out, const ReportData& data) {
    const BubbleReport& b = data.bubbles;
    sectionStart(out, "bubbles", t::kBubbles);
    out += "<p class=\"note\">" + esc(tx(t::kBubbleIntro)) + "</p>\n";
    if (b.deviceBubbles.empty()) {
        out += "<p class=\"empty\">" + esc(tx(t::kNoBubbles)) + "</p>\n";
        sectionEnd(out);
        return;
    }
    out += "<div class=\"two\"><div>";
    writeHistogram(out, b);
    out += "</div><div>";
    writeCauses(out, b);
    if (!b.hasHostTracks) out += "<p class=\"note\">" + esc(tx(t::kNoHostTracks)) + "</p>\n";
    out += "</div></div>\n";
    writeLargest(out, data);
    sectionEnd(out);
}

namespace {

void writeEvidence(std::string& out, const Finding& f, TimeNs origin) {
    if (f.ranges.empty() && f.operators.empty()) return;
    out += "<div class=\"evidence\"><h4>" + esc(tx(t::kEvidence)) + "</h4>";
    if (!f.operators.empty()) {
        out += "<table class=\"mini\">";
        headerRow(out, {t::kEvidenceOperators, t::kMeasured, t::kTotal, t::kCount});
        out += "<tbody>";
        for (std::size_t i = 0; i < f.operators.size() && i < 5; ++i) {
            const EvidenceOperator& o = f.operators[i];
            out += "<tr>" + td("<code>" + esc(o.name) + "</code>") + td(esc(findingValueText(o.value, f.unit))) +
                   td(esc(durationLabel(o.totalNs)), true) + td(esc(countLabel(o.count)), true) + "</tr>";
        }
        out += "</tbody></table>";
    }
    if (!f.ranges.empty()) {
        out += "<table class=\"mini\">";
        headerRow(out, {t::kEvidenceRanges, t::kStart, t::kDuration});
        out += "<tbody>";
        for (std::size_t i = 0; i < f.ranges.size() && i < 5; ++i) {
            const EvidenceRange& r = f.ranges[i];
            out += "<tr>" + td(esc(r.label)) + td(esc(offsetLabel(r.startNs - origin)), true) +
                   td(esc(durationLabel(r.endNs - r.startNs)), true) + "</tr>";
        }
        out += "</tbody></table>";
    }
    out += "</div>";
}

void writeFinding(std::string& out, const Finding& f, TimeNs origin) {
    const char* severity = severityName(f.severity);
    out += std::string("<article class=\"finding sev-") + severity + "\"><div class=\"finding-head\"><span class=\"badge\">" +
           esc(severity) + "</span><h3>" + esc(localized(f.title)) + "</h3><code class=\"rule\">" + esc(f.ruleId) +
           "</code></div>\n<div class=\"facts\"><span>" + esc(tx(t::kMeasured)) + " <b>" + esc(findingValueText(f.measured, f.unit)) +
           "</b></span><span>" + esc(tx(t::kThreshold)) + " <b>" + esc(f.comparison + " " + findingValueText(f.threshold, f.unit)) +
           "</b></span><span>" + esc(tx(t::kAtStake)) + " <b>" + esc(durationLabel(f.timeAtStakeNs)) + "</b> (" +
           esc(percentLabel(f.timeShare)) + " " + esc(tx(t::kOfDeviceTime)) + ")</span></div>\n";
    if (!f.detail.empty()) out += "<p class=\"detail\">" + esc(f.detail) + "</p>\n";
    writeEvidence(out, f, origin);
    if (!localized(f.suggestion).empty())
        out += "<div class=\"suggestion\"><b>" + esc(tx(t::kSuggestion)) + ":</b> " + esc(localized(f.suggestion)) + "</div>\n";
    out += "</article>\n";
}

void writeRuleList(std::string& out, const DiagnosisReport& d, FindingStatus status, const char* title) {
    std::string items;
    int n = 0;
    for (const Finding& f : d.findings) {
        if (f.status != status) continue;
        ++n;
        items += "<li><b>" + esc(localized(f.title)) + "</b> <code class=\"rule\">" + esc(f.ruleId) + "</code>";
        if (status == FindingStatus::MissingInput && !localized(f.needs).empty())
            items += " &mdash; " + esc(tx(t::kNeeds)) + " " + esc(localized(f.needs));
        else if (status == FindingStatus::Passed)
            items += " &mdash; " + esc(findingValueText(f.measured, f.unit));
        items += "</li>";
    }
    if (n == 0) return;
    out += "<details class=\"rules\"><summary>" + esc(tx(title)) + " (" + std::to_string(n) + ")</summary><ul>" + items +
           "</ul></details>\n";
}

} // namespace

void writeFindings(std::string& out, const ReportData& data) {
    const DiagnosisReport& d = data.diagnosis;
    sectionStart(out, "findings", t::kFindings);
    bool any = false;
    for (const Finding& f : d.findings) {
        if (f.status != FindingStatus::Fired) continue;
        writeFinding(out, f, data.summary.startNs);
        any = true;
    }
    if (!any) out += "<p class=\"empty ok\">" + esc(tx(t::kNoFindings)) + "</p>\n";
    writeRuleList(out, d, FindingStatus::MissingInput, t::kMissingInputs);
    writeRuleList(out, d, FindingStatus::Passed, t::kPassed);
    sectionEnd(out);
}

void writePhases(std::string& out, const ReportData& data) {
    const auto& phases = data.diagnosis.phases;
    if (phases.empty()) return;
    sectionStart(out, "phases", t::kPhases);
    out += "<table>";
    headerRow(out, {t::kPhase, t::kKind, t::kInstancesCol, t::kDuration, t::kDeviceBusyCol, t::kUtilization});
    out += "<tbody>\n";
    for (const PhaseRow& p : phases)
        out += "<tr>" + td("<code>" + esc(p.name) + "</code>") + td(esc(p.kind)) + td(esc(countLabel(p.instances)), true) +
               td(esc(durationLabel(p.durationNs)), true) + td(esc(durationLabel(p.deviceBusyNs)), true) +
               "<td class=\"barcell\">" + shareBar(p.utilization, "bar busy") + "<span class=\"barlabel\">" +
               esc(percentLabel(p.utilization)) + "</span></td></tr>\n";
    out += "</tbody></table>\n";
    sectionEnd(out);
}

} // namespace opscope::report
