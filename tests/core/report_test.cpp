// The HTML report: every section is there, images are embedded as data URIs, trace text is escaped,
// nothing is fetched from elsewhere, and translations replace the English texts.
#include "analysis_fixture.h"
#include "core/report/html_report.h"
#include "core/report/report_format.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace opscope;

namespace {

// Two devices, host work in the gaps, and an operator name that would break naive HTML.
ReportData collect(test::AnalysisStore& s) {
    TrackId npu0 = s.computeTrack(0, "Stream 1");
    TrackId npu1 = s.computeTrack(1, "Stream 1");
    TrackId host = s.hostTrack("python", "MainThread");
    s.slice(host, 0, 10'000'000, "ProfilerStep#1");
    s.slice(host, 2'000'000, 1'000'000, "aclrtSynchronizeStream");
    for (int i = 0; i < 4; ++i) {
        s.slice(npu0, 1'000'000 * (i * 2), 900'000, "<script>alert('x')</script>");
        s.slice(npu1, 1'000'000 * (i * 2), 500'000, "MatMul & Add");
    }
    Database& db = s.finish();
    ReportData data;
    Error error;
    REQUIRE(collectReportData(db, ReportOptions{}, &data, &error));
    return data;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

} // namespace

TEST_CASE("The report has every section with embedded images and escaped text", "[report]") {
    test::AnalysisStore s;
    const ReportData data = collect(s);
    CHECK(data.balance.devices.size() == 2);
    CHECK(data.balance.slowest == 0);
    CHECK_FALSE(data.operators.rows.empty());
    CHECK_FALSE(data.heatmap.rows.empty());

    ReportImages images;
    images.images.push_back({"timeline", std::string("\x89PNG\r\n\x1a\n-timeline", 17), 800, 400});
    images.images.push_back({"heatmap", std::string("\x89PNG\r\n\x1a\n-heatmap", 16), 800, 200});
    const std::string html = renderHtmlReport(data, images);

    for (const char* id : {"summary", "devices", "timeline", "operators", "heatmap", "bubbles", "findings"})
        CHECK(html.find(std::string("<section id=\"") + id + "\">") != std::string::npos);
    CHECK(html.find("<h2>Top operators by time</h2>") != std::string::npos);
    CHECK(count(html, "src=\"data:image/png;base64,") == 2);
    CHECK(html.find(report::base64Encode(images.images[0].pngBytes)) != std::string::npos);
    CHECK(html.find("width=\"800\" height=\"400\"") != std::string::npos);

    // Trace text is escaped; the only markup is ours.
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") != std::string::npos);
    CHECK(html.find("MatMul &amp; Add") != std::string::npos);
    // Self-contained: no external style sheet, script, font or image.
    CHECK(html.find("<link") == std::string::npos);
    CHECK(html.find("http://") == std::string::npos);
    CHECK(html.find("https://") == std::string::npos);
    CHECK(html.find("@import") == std::string::npos);
    CHECK(html.find("<style>") != std::string::npos);
    // The slowest device is marked; the imbalance is stated.
    CHECK(html.find("slowest") != std::string::npos);
    CHECK(html.find("Load imbalance") != std::string::npos);
}

TEST_CASE("A report without images says so and still writes", "[report]") {
    test::AnalysisStore s;
    const ReportData data = collect(s);
    test::TempDir dir;
    const std::string path = dir.file("report.html");
    Error error;
    REQUIRE(writeHtmlReport(path, data, ReportImages{}, &error));
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    const std::string html = text.str();
    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(count(html, "No image was rendered for this section.") == 2);
    CHECK(html.find("</html>") != std::string::npos);
    CHECK_FALSE(writeHtmlReport(dir.file("missing/dir/report.html"), data, ReportImages{}, &error));
}

TEST_CASE("Report texts come from the translation table when given", "[report]") {
    test::AnalysisStore s;
    const ReportData data = collect(s);
    const ReportTranslations zh{{"Bubbles", "气泡"}, {"Count", "次数"}, {"Trace summary", "概要"}};
    const std::string html = renderHtmlReport(data, ReportImages{}, zh);
    CHECK(html.find("<h2>气泡</h2>") != std::string::npos);
    CHECK(html.find("<h2>概要</h2>") != std::string::npos);
    CHECK(html.find("<th class=\"num\">次数</th>") != std::string::npos); // ">Count" stays a numeric column
    CHECK(html.find("<h2>Bubbles</h2>") == std::string::npos);
    // A later English render is unaffected.
    CHECK(renderHtmlReport(data, ReportImages{}).find("<h2>Bubbles</h2>") != std::string::npos);
}

TEST_CASE("Rule texts follow the report's language", "[report]") {
    ReportData data;
    Finding f;
    f.ruleId = "sync_wait";
    f.status = FindingStatus::Fired;
    f.severity = Severity::High;
    f.title = {"Synchronisation waits", "同步等待"};
    f.suggestion = {"Remove syncs", ""};
    data.diagnosis.findings.push_back(f);
    const std::string en = renderHtmlReport(data, ReportImages{});
    CHECK(en.find("<h3>Synchronisation waits</h3>") != std::string::npos);
    CHECK(en.find("<html lang=\"en\">") != std::string::npos);
    const std::string zh = renderHtmlReport(data, ReportImages{}, {}, "zh_CN");
    CHECK(zh.find("<h3>同步等待</h3>") != std::string::npos);
    CHECK(zh.find("Remove syncs") != std::string::npos); // no Chinese suggestion: the English one
    CHECK(zh.find("<html lang=\"zh-CN\">") != std::string::npos);
}

TEST_CASE("Report formatting helpers", "[report]") {
    using namespace report;
    CHECK(base64Encode("") == "");
    CHECK(base64Encode("f") == "Zg==");
    CHECK(base64Encode("fo") == "Zm8=");
    CHECK(base64Encode("foo") == "Zm9v");
    CHECK(base64Encode("foobar") == "Zm9vYmFy");
    CHECK(base64Encode(std::string("\xff\x00\x10", 3)) == "/wAQ");
    CHECK(htmlEscape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
    CHECK(durationLabel(TimeNs{0}) == "0s");
    CHECK(durationLabel(TimeNs{740}) == "740ns");
    CHECK(durationLabel(TimeNs{1'250}) == "1us 250ns");
    CHECK(durationLabel(TimeNs{13'200'000}) == "13ms 200us");
    CHECK(durationLabel(TimeNs{2'500'000'000}) == "2s 500ms");
    CHECK(percentLabel(0.123) == "12.3%");
    CHECK(countLabel(1234567) == "1,234,567");
    CHECK(countLabel(-1000) == "-1,000");
}
