#include "core/report/html_report.h"

#include "core/report/html_report_parts.h"
#include "core/report/report_format.h"
#include "core/report/report_strings.h"

#include <algorithm>
#include <fstream>

namespace opscope {

const ReportImage* ReportImages::find(const std::string& key) const {
    for (const ReportImage& image : images)
        if (image.key == key && !image.pngBytes.empty()) return &image;
    return nullptr;
}

namespace report {

namespace {
// The table of the render in progress on this thread (renderHtmlReport sets it for its duration).
thread_local const ReportTranslations* currentTranslations = nullptr;
thread_local bool currentChinese = false;

class TranslationScope {
public:
    TranslationScope(const ReportTranslations& table, const std::string& language)
        : previous_(currentTranslations), previousChinese_(currentChinese) {
        currentTranslations = &table;
        currentChinese = language.rfind("zh", 0) == 0;
    }
    ~TranslationScope() {
        currentTranslations = previous_;
        currentChinese = previousChinese_;
    }

private:
    const ReportTranslations* previous_;
    bool previousChinese_;
};
} // namespace

std::string tx(const char* english) {
    const std::string_view text(english);
    const bool numeric = !text.empty() && text.front() == '>';
    const std::string key(numeric ? text.substr(1) : text);
    if (currentTranslations) {
        auto it = currentTranslations->find(key);
        if (it != currentTranslations->end()) return numeric ? ">" + it->second : it->second;
    }
    return std::string(text);
}

const std::string& localized(const LocalizedText& text) {
    return currentChinese && !text.zhCN.empty() ? text.zhCN : text.en;
}

std::string esc(std::string_view text) { return htmlEscape(text); }

void sectionStart(std::string& out, const char* id, const char* title) {
    out += "<section id=\"";
    out += id;
    out += "\"><h2>";
    out += esc(tx(title));
    out += "</h2>\n";
}

void sectionEnd(std::string& out) { out += "</section>\n"; }

std::string shareBar(double share, const char* cssClass) {
    const double clamped = std::clamp(share, 0.0, 1.0);
    char width[32];
    std::snprintf(width, sizeof width, "%.2f%%", clamped * 100.0);
    return std::string("<div class=\"") + cssClass + "\"><span style=\"width:" + width + "\"></span></div>";
}

void headerRow(std::string& out, std::initializer_list<const char*> labels) {
    out += "<thead><tr>";
    for (const char* english : labels) {
        const std::string label = tx(english);
        const bool numeric = !label.empty() && label[0] == '>';
        out += numeric ? "<th class=\"num\">" : "<th>";
        out += esc(numeric ? std::string_view(label).substr(1) : std::string_view(label));
        out += "</th>";
    }
    out += "</tr></thead>\n";
}

std::string td(std::string_view escapedHtml, bool numeric) {
    std::string cell = numeric ? "<td class=\"num\">" : "<td>";
    cell += escapedHtml;
    cell += "</td>";
    return cell;
}

namespace {

namespace t = text;

void card(std::string& out, const std::string& label, const std::string& value, const std::string& note, const char* tone = "") {
    out += "<div class=\"card ";
    out += tone;
    out += "\"><div class=\"card-label\">" + esc(label) + "</div><div class=\"card-value\">" + esc(value) +
           "</div><div class=\"card-note\">" + esc(note) + "</div></div>\n";
}

int firedCount(const DiagnosisReport& d, Severity severity) {
    return static_cast<int>(std::count_if(d.findings.begin(), d.findings.end(), [&](const Finding& f) {
        return f.status == FindingStatus::Fired && f.severity == severity;
    }));
}

void writeHeader(std::string& out, const ReportData& data) {
    out += "<header><div class=\"brand\">opscope</div><h1>" + esc(data.title) + "</h1><div class=\"meta\">" +
           esc(tx(t::kGeneratedAt)) + " " + esc(data.generatedAt) + " &middot; " + esc(data.summary.sourcePath) +
           "</div></header>\n";
    out += "<nav><span>" + esc(tx(t::kContents)) + ":</span>";
    const std::pair<const char*, const char*> links[] = {
        {"summary", t::kSummary},   {"devices", t::kDevices}, {"timeline", t::kTimeline}, {"operators", t::kOperators},
        {"heatmap", t::kHeatmap},   {"bubbles", t::kBubbles}, {"findings", t::kFindings}};
    for (const auto& [id, title] : links) out += std::string(" <a href=\"#") + id + "\">" + esc(tx(title)) + "</a>";
    if (data.comparison) out += std::string(" <a href=\"#comparison\">") + esc(tx(t::kComparison)) + "</a>";
    if (data.graph) out += std::string(" <a href=\"#graph\">") + esc(tx(t::kGraph)) + "</a>";
    out += "</nav>\n<main>\n";
}

void writeCards(std::string& out, const ReportData& data) {
    const DeviceBalance& b = data.balance;
    TimeNs span = 0, bubbles = 0;
    for (const DeviceStats& d : b.devices) {
        span += d.spanNs();
        bubbles += d.bubbleTotalNs;
    }
    const double busyShare = span > 0 ? static_cast<double>(b.totalBusyNs) / static_cast<double>(span) : 0;
    const int high = firedCount(data.diagnosis, Severity::High), medium = firedCount(data.diagnosis, Severity::Medium),
              low = firedCount(data.diagnosis, Severity::Low);
    out += "<div class=\"cards\">\n";
    card(out, tx(t::kTraceDuration), durationLabel(data.summary.endNs - data.summary.startNs),
         countLabel(static_cast<std::int64_t>(b.devices.size())) + " " + (b.devices.size() == 1 ? tx(t::kDeviceOne) : tx(t::kDeviceMany)));
    card(out, tx(t::kComputeBusy), percentLabel(busyShare), durationLabel(b.totalBusyNs) + " " + tx(t::kOfSpan), "good");
    card(out, tx(t::kBubbleTime), durationLabel(bubbles),
         percentLabel(span > 0 ? static_cast<double>(bubbles) / static_cast<double>(span) : 0) + " " + tx(t::kOfSpan), "warn");
    card(out, tx(t::kFindingsFired), std::to_string(high + medium + low),
         std::to_string(high) + " " + tx(t::kHigh) + " \xC2\xB7 " + std::to_string(medium) + " " + tx(t::kMedium) + " \xC2\xB7 " +
             std::to_string(low) + " " + tx(t::kLow),
         high > 0 ? "bad" : "");
    out += "</div>\n";
}

// The Summary view's table: per device and step, compute / communication not overlapped / memory not
// overlapped / free (as the Summary's bars: free less the memory inside it) as shares of the bar (stage +
// bubble, so no share passes 100 %), and the overlap percentage; the whole device when the trace has no steps.
void writeDeviceTime(std::string& out, const BreakdownReport& b) {
    out += "<h3>" + esc(tx(t::kDeviceTime)) + "</h3>\n";
    if (b.devices.empty()) {
        out += "<p class=\"empty\">" + esc(tx(t::kNoDeviceActivity)) + "</p>\n";
        return;
    }
    out += "<table><thead><tr><th>" + esc(tx(t::kDevice)) + "</th><th>" + esc(tx(t::kStepCol)) + "</th><th>" +
           esc(tx(t::kStageCol)) + "</th><th>" + esc(tx(t::kComputeCol)) + "</th><th>" + esc(tx(t::kCommNotOverlappedCol)) +
           "</th><th>" + esc(tx(t::kMemoryNotOverlappedCol)) + "</th><th>" + esc(tx(t::kFreeCol)) + "</th><th>" +
           esc(tx(t::kOverlapPctCol)) + "</th></tr></thead><tbody>\n";
    auto share = [](TimeNs part, TimeNs whole) { return whole > 0 ? static_cast<double>(part) / static_cast<double>(whole) : 0.0; };
    auto cell = [&](TimeNs part, TimeNs whole) {
        return "<td class=\"num\">" + esc(durationLabel(part)) + " (" + esc(percentLabel(share(part, whole))) + ")</td>";
    };
    for (const DeviceBreakdown& d : b.devices) {
        if (d.steps.empty()) {
            const TimeNs memoryNs = d.busyNs - d.computeNs - d.communicationNotOverlappedNs;
            out += "<tr><td>" + esc(d.name) + "</td><td>&ndash;</td><td class=\"num\">" + esc(durationLabel(d.spanNs)) +
                   "</td>" + cell(d.computeNs, d.spanNs) + cell(d.communicationNotOverlappedNs, d.spanNs) +
                   cell(memoryNs, d.spanNs) + cell(d.idleNs, d.spanNs) + "<td class=\"num\">" +
                   esc(percentLabel(d.commComputeOverlapPct / 100.0)) + "</td></tr>\n";
            continue;
        }
        for (const StepBreakdown& s : d.steps) {
            double overlapPct = s.communicationNs > 0 ? share(s.overlapNs, s.communicationNs) : 0.0;
            const TimeNs barNs = s.computeNs + s.communicationNotOverlappedNs + s.freeNs; // = stage + bubble
            out += "<tr><td>" + esc(d.name) + "</td><td>" + std::to_string(s.step) + "</td><td class=\"num\">" +
                   esc(durationLabel(s.stageNs)) + "</td>" + cell(s.computeNs, barNs) +
                   cell(s.communicationNotOverlappedNs, barNs) + cell(s.memoryNs, barNs) +
                   cell(s.freeNs - s.memoryNs, barNs) + "<td class=\"num\">" + esc(percentLabel(overlapPct)) + "</td></tr>\n";
        }
    }
    out += "</tbody></table>\n<p class=\"note\">" + esc(tx(t::kDeviceTimeNote)) + "</p>\n";
}

void summaryRow(std::string& out, const std::string& label, const std::string& value) {
    out += "<tr><th>" + esc(label) + "</th><td>" + esc(value) + "</td></tr>\n";
}

void writeSummary(std::string& out, const ReportData& data) {
    const StoreSummary& s = data.summary;
    sectionStart(out, "summary", t::kSummary);
    writeCards(out, data);
    out += "<table class=\"kv\"><tbody>\n";
    summaryRow(out, tx(t::kSource), s.sourcePath);
    summaryRow(out, tx(t::kStore), data.storePath);
    summaryRow(out, tx(t::kSpan), durationLabel(s.endNs - s.startNs) + "  (" + std::to_string(s.startNs) + " – " +
                                  std::to_string(s.endNs) + " ns)");
    summaryRow(out, tx(t::kProcesses), countLabel(s.processes));
    summaryRow(out, tx(t::kThreads), countLabel(s.threads));
    summaryRow(out, tx(t::kTracks), countLabel(s.tracks));
    summaryRow(out, tx(t::kComputeTracks), countLabel(s.computeTracks));
    summaryRow(out, tx(t::kSlices), countLabel(s.slices));
    summaryRow(out, tx(t::kCounters), countLabel(s.counters));
    summaryRow(out, tx(t::kFlows), countLabel(s.flows));
    summaryRow(out, tx(t::kMetrics), countLabel(s.metrics));
    summaryRow(out, tx(t::kWarnings), countLabel(s.warningTotal()));
    out += "</tbody></table>\n";
    if (data.operators.fellBackToAll) out += "<p class=\"note\">" + esc(tx(t::kFellBack)) + "</p>\n";
    writeDeviceTime(out, data.breakdown);
    sectionEnd(out);
}

void writeDevices(std::string& out, const ReportData& data) {
    const DeviceBalance& b = data.balance;
    sectionStart(out, "devices", t::kDevices);
    if (b.devices.empty()) {
        out += "<p class=\"empty\">" + esc(tx(t::kNoDevices)) + "</p>\n";
        sectionEnd(out);
        return;
    }
    out += "<table>";
    headerRow(out, {t::kDevice, t::kDeviceSpanCol, t::kBusyShare, t::kBusyCol, t::kIdleCol, t::kBubbleCountCol,
                    t::kLargestBubbleCol});
    out += "<tbody>\n";
    for (std::size_t i = 0; i < b.devices.size(); ++i) {
        const DeviceStats& d = b.devices[i];
        std::string name = esc(d.label);
        // Named only when it stands out: equal ranks have no straggler.
        if (static_cast<int>(i) == b.slowest && b.devices.size() > 1 && b.imbalance > 0.01)
            name += " <span class=\"tag\">" + esc(tx(t::kSlowest)) + "</span>";
        out += "<tr>" + td(name) + td(esc(durationLabel(d.spanNs())), true) + "<td class=\"barcell\">" +
               shareBar(d.busyShare, "bar busy") + "<span class=\"barlabel\">" + esc(percentLabel(d.busyShare)) +
               "</span></td>" + td(esc(durationLabel(d.busyNs)), true) + td(esc(durationLabel(d.idleNs)), true) +
               td(esc(countLabel(d.bubbleCount)), true) + td(esc(durationLabel(d.largestBubbleNs)), true) + "</tr>\n";
    }
    out += "</tbody></table>\n";
    if (b.devices.size() > 1)
        out += "<p class=\"note\">" + esc(tx(t::kImbalance)) + ": <b>" + esc(percentLabel(b.imbalance)) + "</b>. " +
               esc(tx(t::kSpread)) + ": <b>" + esc(percentLabel(b.spread)) + "</b>.</p>\n";
    sectionEnd(out);
}

void writeImage(std::string& out, const ReportImages& images, const char* key, const char* id, const char* title,
                const char* caption) {
    sectionStart(out, id, title);
    const ReportImage* image = images.find(key);
    if (!image) {
        out += "<p class=\"empty\">" + esc(tx(t::kNoImage)) + "</p>\n";
    } else {
        out += "<figure><img alt=\"" + esc(tx(title)) + "\" src=\"data:image/png;base64,";
        out += base64Encode(image->pngBytes);
        out += "\"";
        if (image->width > 0 && image->height > 0)
            out += " width=\"" + std::to_string(image->width) + "\" height=\"" + std::to_string(image->height) + "\"";
        out += "><figcaption>" + esc(tx(caption)) + "</figcaption></figure>\n";
    }
    sectionEnd(out);
}

void writeGraph(std::string& out, const ReportData& data, const ReportImages& images) {
    if (!data.graph) return;
    const ReportGraphSection& g = *data.graph;
    sectionStart(out, "graph", t::kGraph);
    out += "<table class=\"kv\"><tbody>\n";
    summaryRow(out, tx(t::kGraphFile), g.derived ? std::string(tx(t::kGraphDerived)) : g.sourcePath + " (" + g.format + ")");
    summaryRow(out, tx(t::kNodes), countLabel(g.nodes));
    summaryRow(out, tx(t::kEdges), countLabel(g.edges));
    summaryRow(out, tx(t::kJoined), countLabel(g.joinedNodes) + " (" +
                                    percentLabel(g.nodes > 0 ? static_cast<double>(g.joinedNodes) / static_cast<double>(g.nodes) : 0) + ")");
    summaryRow(out, tx(t::kUnjoined), countLabel(g.unjoinedExecutions));
    out += "</tbody></table>\n";
    if (const ReportImage* image = images.find("graph"))
        out += "<figure><img alt=\"" + esc(tx(t::kGraph)) + "\" src=\"data:image/png;base64," + base64Encode(image->pngBytes) +
               "\"><figcaption>" + esc(tx(t::kGraphCaption)) + "</figcaption></figure>\n";
    sectionEnd(out);
}

} // namespace
} // namespace report

std::string renderHtmlReport(const ReportData& data, const ReportImages& images, const ReportTranslations& translations,
                             const std::string& language) {
    using namespace report;
    TranslationScope scope(translations, language);
    std::string out;
    out.reserve(64 * 1024);
    out += std::string("<!DOCTYPE html>\n<html lang=\"") + (language.rfind("zh", 0) == 0 ? "zh-CN" : "en") + "\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<meta name=\"generator\" content=\"opscope " OPSCOPE_VERSION "\">\n<title>";
    out += esc(std::string(tx(text::kDocumentTitle)) + " \xE2\x80\x94 " + data.title);
    out += "</title>\n<style>\n";
    out += reportCss();
    out += "</style>\n</head>\n<body>\n";
    writeHeader(out, data);
    writeSummary(out, data);
    writeDevices(out, data);
    writeImage(out, images, "timeline", "timeline", text::kTimeline, text::kTimelineCaption);
    writeOperators(out, data);
    writeImage(out, images, "heatmap", "heatmap", text::kHeatmap, text::kHeatmapCaption);
    writeBubbles(out, data);
    writeFindings(out, data);
    writePhases(out, data);
    writeTrends(out, data);
    writeComparison(out, data);
    writeGraph(out, data, images);
    out += "</main>\n<footer>" + esc(tx(text::kGeneratedBy)) + " " OPSCOPE_VERSION " &middot; " + esc(data.generatedAt) +
           "</footer>\n</body>\n</html>\n";
    return out;
}

bool writeHtmlReport(const std::string& path, const ReportData& data, const ReportImages& images, Error* error,
                     const ReportTranslations& translations, const std::string& language) {
    const std::string html = renderHtmlReport(data, images, translations, language);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (file) file.write(html.data(), static_cast<std::streamsize>(html.size()));
    file.close();
    if (!file) {
        if (error) *error = Error{ErrorCode::StoreFailed, path, -1, -1, -1, "a writable report file", {}};
        return false;
    }
    return true;
}

} // namespace opscope
