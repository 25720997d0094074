// The Summary view: one stacked bar per device and step from the breakdown, and a click on a bar selects
// that step's range on the shared zoom (what the timeline shows as its selection).
#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/analysis/breakdown/breakdown_json.h"
#include "core/report/html_report.h"
#include "core/report/report_data.h"
#include "core/report/report_format.h"
#include "core/session/open_trace.h"
#include "core/store/trace_store.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/trace_document.h"
#include "widgets/summary/summary_view.h"

#include <qcustomplot.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

#include <fstream>

using namespace opscope;

namespace {

// GPU 0: step 7 runs a kernel [10, 50) us and an NCCL kernel [30, 70) us; step 8 a kernel [120, 130) us.
// The trace text written to NAME in dir and imported beside it; the store's path.
std::string importedStore(const QTemporaryDir& dir, const QString& name, const char* traceText) {
    std::string trace = dir.filePath(name).toStdString();
    std::ofstream(trace) << traceText;
    OpenOptions options;
    options.storePath = trace + ".opscope.sqlite";
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &opened, &error));
    return opened.storePath;
}

std::string storeWithSteps(const QTemporaryDir& dir) {
    return importedStore(dir, QStringLiteral("summary.json"), R"json([
{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},
{"ph":"X","cat":"cpu_op","name":"ProfilerStep#7","pid":9,"tid":1,"ts":0,"dur":100},
{"ph":"X","cat":"cpu_op","name":"ProfilerStep#8","pid":9,"tid":1,"ts":100,"dur":100},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":10,"dur":40,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce","pid":0,"tid":8,"ts":30,"dur":40,"args":{"stream":8}},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":120,"dur":10,"args":{"stream":7}}
])json");
}

// The document the application would hand the view, over the store at path.
std::unique_ptr<TraceDocument> openDocument(const std::string& path) {
    Error error;
    std::unique_ptr<TraceDocument> document(TraceDocument::openStore(path, nullptr, &error));
    REQUIRE(document);
    return document;
}

} // namespace

TEST_CASE("The summary draws a bar per step; a click on a bar selects the step", "[summary_view][devicetime]") {
    QTemporaryDir dir;
    ZoomControl zoom;
    zoom.setTraceRange({0, 1'000'000});
    SummaryView view(&zoom);
    opscope::testing::showAt(view, QSize(900, 600));
    std::unique_ptr<TraceDocument> document = openDocument(storeWithSteps(dir));
    view.setDocument(document.get());
    REQUIRE(view.waitForLoaded());
    REQUIRE(view.bars().size() == 2);
    const SummaryView::Bar& step7 = view.bars()[0];
    CHECK(step7.computeNs == 40'000);
    CHECK(step7.communicationNotOverlappedNs == 20'000);
    CHECK(step7.freeNs == 0);
    CHECK(step7.range.startNs == 0);
    CHECK(step7.range.endNs == 100'000);
    const SummaryView::Bar& step8 = view.bars()[1];
    CHECK(step8.computeNs == 10'000);
    // One device: the header names it and each bar is named by its step alone.
    CHECK(step7.labelLines == QStringList{QStringLiteral("step 7")});
    CHECK(view.barText(0).contains(QStringLiteral("GPU 0 · step 7")));
    CHECK(view.barText(0).contains(QStringLiteral("Compute 40µs")));
    CHECK(view.barText(0).contains(QStringLiteral("Communication not overlapped 20µs")));

    QSignalSpy spy(&view, &SummaryView::stepSelected);
    QCustomPlot* plot = view.plot();
    plot->replot();
    const QPoint onStep8(static_cast<int>(plot->xAxis->coordToPixel(1.0)), static_cast<int>(plot->yAxis->coordToPixel(5'000.0)));
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, onStep8);
    REQUIRE(spy.count() == 1);
    CHECK(spy.at(0).at(0).toLongLong() == 100'000);
    CHECK(spy.at(0).at(1).toLongLong() == 200'000);
    CHECK(zoom.selection().startNs == 100'000);
    CHECK(zoom.selection().endNs == 200'000);
}

TEST_CASE("The summary of a trace without device work says so", "[summary_view][devicetime]") {
    QTemporaryDir dir;
    const std::string store =
        importedStore(dir, QStringLiteral("cpu.json"), R"([{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":0,"dur":5}])");
    ZoomControl zoom;
    SummaryView view(&zoom);
    std::unique_ptr<TraceDocument> document = openDocument(store);
    view.setDocument(document.get());
    REQUIRE(view.waitForLoaded());
    CHECK(view.bars().empty());
    QList<QLabel*> labels = view.findChildren<QLabel*>();
    bool said = false;
    for (QLabel* l : labels) said = said || l->text().contains(QStringLiteral("No device activity"));
    CHECK(said);
}

TEST_CASE("The summary's step bars carry memory, and equal breakdown --json and the report's table", "[summary_view][devicetime]") {
    QTemporaryDir dir;
    // GPU 0, step 7: gemm [10, 50), NCCL [30, 70), a copy [75, 85) in the free gap [70, 90), gemm [90, 95).
    const std::string store = importedStore(dir, QStringLiteral("memory.json"), R"json([
{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},
{"ph":"X","cat":"cpu_op","name":"ProfilerStep#7","pid":9,"tid":1,"ts":0,"dur":100},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":10,"dur":40,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce","pid":0,"tid":8,"ts":30,"dur":40,"args":{"stream":8}},
{"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pageable -> Device)","pid":0,"tid":9,"ts":75,"dur":10,"args":{"stream":9}},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":90,"dur":5,"args":{"stream":7}}
])json");
    ZoomControl zoom;
    SummaryView view(&zoom);
    std::unique_ptr<TraceDocument> document = openDocument(store);
    view.setDocument(document.get());
    REQUIRE(view.waitForLoaded());
    REQUIRE(view.bars().size() == 1);
    const SummaryView::Bar& bar = view.bars()[0];
    CHECK(bar.computeNs == 45'000);
    CHECK(bar.communicationNotOverlappedNs == 20'000);
    CHECK(bar.freeNs == 20'000);   // torch_npu's Free: [70, 90)
    CHECK(bar.memoryNs == 10'000); // the copy inside it

    Database db(store, Database::Mode::ReadOnly);
    BreakdownReport breakdown;
    Error error;
    REQUIRE(computeBreakdown(db, BreakdownOptions{}, &breakdown, &error));
    nlohmann::json step = breakdownJson(breakdown)["devices"][0]["steps"][0];
    CHECK(step["compute_ns"].get<TimeNs>() == bar.computeNs);
    CHECK(step["communication_not_overlapped_ns"].get<TimeNs>() == bar.communicationNotOverlappedNs);
    CHECK(step["free_ns"].get<TimeNs>() == bar.freeNs);
    CHECK(step["memory_not_overlapped_ns"].get<TimeNs>() == bar.memoryNs);

    ReportData data;
    REQUIRE(collectReportData(db, ReportOptions{}, &data, &error));
    std::string html = renderHtmlReport(data, ReportImages{});
    const double barNs = 85'000; // compute + not overlapped + free = stage + bubble
    for (TimeNs part : {bar.computeNs, bar.communicationNotOverlappedNs, bar.memoryNs, bar.freeNs - bar.memoryNs}) {
        std::string cell = report::durationLabel(part) + " (" + report::percentLabel(static_cast<double>(part) / barNs) + ")";
        CHECK(html.find(cell) != std::string::npos);
    }
}
