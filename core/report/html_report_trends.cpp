// The report's Trends section (opscope-cli report --history H): each chosen metric over the run history,
// the latest run against the median before it, a small inline SVG of the series, and the changes found.
#include "core/history/run_time.h"
#include "core/report/html_report_parts.h"
#include "core/report/report_format.h"
#include "core/report/report_strings.h"

#include <algorithm>
#include <cstdio>

namespace opscope::report {

namespace t = text;

namespace {

std::string valueLabel(double value, const std::string& unit) {
    if (unit == "ns") return durationLabel(value);
    if (unit == "count") return countLabel(static_cast<std::int64_t>(value));
    char text[64];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

// A 160×32 polyline of the values, points beyond their band as red dots; no script, no external file.
std::string sparkline(const history::Trend& trend) {
    constexpr double kWidth = 160, kHeight = 32, kPad = 3;
    if (trend.points.empty()) return {};
    double lo = trend.points.front().value, hi = lo;
    for (const auto& p : trend.points) {
        lo = std::min(lo, p.value);
        hi = std::max(hi, p.value);
    }
    const double span = hi > lo ? hi - lo : 1.0;
    const std::size_t n = trend.points.size();
    auto x = [&](std::size_t i) { return n > 1 ? kPad + (kWidth - 2 * kPad) * static_cast<double>(i) / static_cast<double>(n - 1) : kWidth / 2; };
    // A flat series is drawn through the middle.
    auto y = [&](double v) { return hi > lo ? kHeight - kPad - (kHeight - 2 * kPad) * (v - lo) / span : kHeight / 2; };
    std::string svg = "<svg class=\"spark\" width=\"160\" height=\"32\" viewBox=\"0 0 160 32\" role=\"img\"><polyline "
                      "fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.2\" points=\"";
    char buf[64];
    for (std::size_t i = 0; i < n; ++i) {
        std::snprintf(buf, sizeof buf, "%.1f,%.1f ", x(i), y(trend.points[i].value));
        svg += buf;
    }
    svg += "\"/>";
    for (std::size_t i = 0; i < n; ++i) {
        if (!trend.points[i].beyond) continue;
        std::snprintf(buf, sizeof buf, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" fill=\"#d62728\"/>", x(i),
                      y(trend.points[i].value));
        svg += buf;
    }
    return svg + "</svg>";
}

std::string changesText(const history::Trend& trend) {
    if (trend.changes.empty()) return esc(tx(t::kNoChange));
    std::string out;
    for (const history::TrendChange& c : trend.changes) {
        if (!out.empty()) out += "<br>";
        char size[32];
        std::snprintf(size, sizeof size, "%+.1f%%", c.change.relative() * 100.0);
        out += "<span class=\"bad\">" +
               esc(std::string(tx(c.change.kind == history::ChangeKind::Step ? t::kStep : t::kDrift)) + " " + size) +
               "</span> " + esc(tx(t::kFromRun)) + " " + esc(c.firstRun.label) + " (" +
               esc(history::formatRunTime(c.firstRun.runTimeNs)) + ")";
    }
    return out;
}

} // namespace

void writeTrends(std::string& out, const ReportData& data) {
    if (data.trends.empty()) return;
    sectionStart(out, "trends", t::kTrends);
    out += "<p>" + esc(tx(t::kTrendsIntro)) + "</p>\n<table>";
    headerRow(out, {t::kMetric, t::kOf, t::kRunsCol, t::kLatestCol, t::kMedianCol, t::kTrendCol, t::kChanges});
    out += "<tbody>\n";
    for (const history::Trend& trend : data.trends) {
        if (trend.points.empty()) continue;
        const history::TrendPoint& last = trend.points.back();
        const std::string median = last.band.judged ? valueLabel(last.band.median, trend.unit) : std::string("\xE2\x80\x94");
        out += "<tr>" + td("<code>" + esc(trend.metric) + "</code>") +
               td(esc(trend.scope.empty() ? std::string(tx(t::kWholeTrace)) : trend.scope)) +
               td(esc(countLabel(static_cast<std::int64_t>(trend.points.size()))), true) +
               td(esc(valueLabel(last.value, trend.unit)), true) + td(esc(median), true) + td(sparkline(trend)) +
               td(changesText(trend)) + "</tr>\n";
    }
    out += "</tbody></table>\n";
    sectionEnd(out);
}

} // namespace opscope::report
