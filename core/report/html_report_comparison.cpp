// The report's Comparison section (opscope-cli report TRACE --compare BASE [--step N[:M]]): the device
// operators and the host operators of the comparison `compare BASE TRACE` makes, with the same numbers.
#include "core/report/comparison_csv.h"
#include "core/report/html_report_parts.h"
#include "core/report/report_strings.h"

namespace opscope::report {

namespace t = text;

namespace {

constexpr std::size_t kMaxHostRows = 200;

std::string sideText(const char* side, const std::string& source, std::int64_t step) {
    return "<b>" + esc(tx(side)) + "</b> " + esc(source) + " (" +
           (step >= 0 ? esc(tx(t::kStep)) + " " + std::to_string(step) : esc(tx(t::kWholeTrace))) + ")";
}

const char* changeText(CountChange change) {
    switch (change) {
    case CountChange::Added: return t::kAdded;
    case CountChange::Deleted: return t::kDeleted;
    case CountChange::Increased: return t::kIncreased;
    case CountChange::Decreased: return t::kDecreased;
    case CountChange::Unchanged: break;
    }
    return t::kNoChange;
}

std::string num(TimeNs ns) { return td(esc(exactMicros(ns)), true); }
std::string num(std::int64_t count, bool) { return td(std::to_string(count), true); }

void writeDeviceOperators(std::string& out, const ComparisonResult& r, std::size_t limit) {
    out += "<h3>" + esc(tx(t::kDeviceOperators)) + "</h3>\n<table>";
    headerRow(out, {t::kOperator, t::kChange, t::kBaseCount, t::kNewCount, t::kBaseTotal, t::kNewTotal, t::kDifference});
    out += "<tbody>\n";
    std::size_t shown = 0;
    for (const OperatorDiff& d : r.operators) {
        if (shown++ == limit) break;
        const char* status = d.regressed() ? t::kRegressedLabel
                             : d.presence == Presence::New ? t::kNewOperator
                             : d.presence == Presence::Vanished ? t::kVanished : "";
        out += "<tr>" + td("<code>" + esc(d.name) + "</code>") + td(*status ? esc(tx(status)) : std::string()) +
               num(d.baseCount, true) + num(d.newCount, true) + num(d.baseTotalNs) + num(d.newTotalNs) + num(d.deltaTotalNs()) +
               "</tr>\n";
    }
    out += "</tbody></table>\n";
    if (r.operators.size() > limit)
        out += "<p>" + std::to_string(r.operators.size() - limit) + " " + esc(tx(t::kMoreRows)) + "</p>\n";
}

void writeHostOperators(std::string& out, const ComparisonResult& r) {
    out += "<h3>" + esc(tx(t::kHostOperators)) + "</h3>\n";
    std::size_t changed = 0;
    for (const HostOperatorDiff& h : r.hostOperators) changed += h.change != CountChange::Unchanged;
    if (changed == 0) {
        out += "<p>" + esc(tx(t::kNoHostChange)) + "</p>\n";
        return;
    }
    out += "<table>";
    headerRow(out, {t::kOperator, t::kChange, t::kBaseCount, t::kNewCount, t::kBaseTotal, t::kNewTotal, t::kDifference});
    out += "<tbody>\n";
    std::size_t shown = 0;
    for (const HostOperatorDiff& h : r.hostOperators) { // changed ones come first
        if (h.change == CountChange::Unchanged || shown++ == kMaxHostRows) break;
        out += "<tr>" + td("<code>" + esc(h.name) + "</code>") + td(esc(tx(changeText(h.change)))) + num(h.baseCount, true) +
               num(h.newCount, true) + num(h.baseTotalNs) + num(h.newTotalNs) + num(h.diffDurationNs()) + "</tr>\n";
    }
    out += "</tbody></table>\n";
    if (changed > kMaxHostRows) out += "<p>" + std::to_string(changed - kMaxHostRows) + " " + esc(tx(t::kMoreRows)) + "</p>\n";
}

} // namespace

void writeComparison(std::string& out, const ReportData& data) {
    if (!data.comparison) return;
    const ComparisonResult& r = data.comparison->result;
    sectionStart(out, "comparison", t::kComparison);
    out += "<p>" + esc(tx(t::kComparisonIntro)) + "</p>\n<p>" + sideText(t::kBase, r.baseSource, data.comparison->baseStep) +
           " &nbsp; " + sideText(t::kNew, r.newSource, data.comparison->newStep) + "</p>\n";
    out += "<div class=\"two\">";
    writeDeviceOperators(out, r, static_cast<std::size_t>(data.options.topOperators));
    writeHostOperators(out, r);
    out += "</div>\n";
    sectionEnd(out);
}

} // namespace opscope::report
