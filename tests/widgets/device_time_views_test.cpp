// Device time as the views show it (docs/device-time.md): waits drawn as gaps with a reason on the timeline
// and in Details, the profiler's start gap named in the Bubbles view, zero-duration kernels that neither add
// busy time nor split a bubble in the Summary, Bubbles and Heatmap views, and the HTA differences stated
// where HTA-named figures are shown.
#include "core/session/open_trace.h"
#include "core/store/timeline_data.h"
#include "core/model/slice_flags.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/bubbles/bubble_summary_model.h"
#include "widgets/bubbles/bubble_view.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/heatmap/heatmap_view.h"
#include "widgets/summary/summary_view.h"
#include "widgets/bubbles/bubble_table_model.h"
#include "widgets/timeline/timeline_view.h"

#include <QImage>
#include <QLabel>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <functional>

using namespace opscope;

namespace {

std::string task(const std::string& name, int tsUs, int durUs, const std::string& type, int stream = 2) {
    return R"({"ph":"X","pid":1024,"tid":)" + std::to_string(stream) + R"(,"name":")" + name + R"(","ts":)" +
           std::to_string(tsUs) + R"(,"dur":)" + std::to_string(durUs) + R"(,"args":{"Task Type":")" + type + R"("}},)";
}

std::string importJson(const QTemporaryDir& dir, const std::string& name, std::string events) {
    events.back() = ']';
    const std::string trace = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(trace) << "[" << events;
    OpenOptions options;
    options.storePath = trace + ".opscope.sqlite";
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &opened, &error));
    return opened.storePath;
}

// Stream 2: PROFILING_ENABLE, MatMul, an EVENT_WAIT, Add, a second EVENT_WAIT covered by an HCCL Notify Wait
// on stream 4 (it waits for the collective), Cast, PROFILING_DISABLE.
std::string ascendWithWaits(const QTemporaryDir& dir) {
    std::string t = R"({"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    t += task("PROFILING_ENABLE", 0, 1, "PLACE_HOLDER_SQE") + task("MatMul", 100, 10, "AI_CORE") +
         task("EVENT_WAIT", 110, 40, "EVENT_WAIT_SQE") + task("Add", 150, 10, "AI_VECTOR_CORE") +
         task("EVENT_WAIT", 170, 60, "EVENT_WAIT_SQE") + task("Cast", 230, 10, "AI_CORE") +
         task("Notify Wait", 165, 70, "Notify Wait", 4) + task("PROFILING_DISABLE", 299, 1, "PLACE_HOLDER_SQE");
    return importJson(dir, "waits.json", t);
}

std::int64_t sliceNamed(const TimelineData& data, const std::string& name, TimeNs tsNs) {
    for (const TimelineSlice& s : data.slices())
        if (data.string(s.nameId) == name && s.tsNs == tsNs) return s.id;
    FAIL("no slice " << name);
    return 0;
}

struct DocumentFixture {
    QTemporaryDir dir;
    std::unique_ptr<TraceDocument> document;
    ZoomControl zoom;
    explicit DocumentFixture(const std::function<std::string(const QTemporaryDir&)>& make) {
        Error error;
        document.reset(TraceDocument::openStore(make(dir), nullptr, &error));
        REQUIRE(document);
        zoom.setTraceRange(document->timeline()->traceRange());
    }
};

int distinctColours(const QImage& image, QRect rect) {
    QSet<QRgb> colours;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

} // namespace

TEST_CASE("Device waits are drawn pale and hatched, named in the hover, and a click selects them", "[devicetime][timeline]") {
    DocumentFixture f(ascendWithWaits);
    std::shared_ptr<const TimelineData> data = f.document->timeline();
    const std::int64_t wait = sliceNamed(*data, "EVENT_WAIT", 110'000);
    const std::int64_t matmul = sliceNamed(*data, "MatMul", 100'000);
    for (const TimelineSlice& s : data->slices()) {
        INFO(data->string(s.nameId));
        const bool isWait = data->string(s.nameId) == "EVENT_WAIT";
        CHECK(((s.flags & kTimelineSliceDeviceWait) != 0) == isWait); // the HCCL Notify Wait is communication, not a wait
    }
    TimelineView view(&f.zoom);
    view.setData(data);
    view.resize(1200, 400);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(50);
    const QImage image = view.viewport()->grab().toImage();
    const auto waitCentre = view.sliceCenter(wait);
    const auto workCentre = view.sliceCenter(matmul);
    REQUIRE(waitCentre);
    REQUIRE(workCentre);
    // A wait is hatched (several colours inside its box), work is solid; both boxes lie left of the labels.
    const QPoint w = waitCentre->toPoint(), m = workCentre->toPoint();
    // Two columns one pixel in from the slice's left edge: past an edge pixel's blending, before the label (4 px in).
    auto leftEdge = [&](TimeNs startNs) { return static_cast<int>(std::ceil(view.mapper().toPx(startNs))) + 1; };
    const QRect waitBox(leftEdge(110'000), w.y() - 4, 2, 8), workBox(leftEdge(100'000), m.y() - 4, 2, 8);
    CHECK(distinctColours(image, waitBox) >= 2);
    CHECK(distinctColours(image, workBox) == 1);
    // ... and pale: its fill is washed out towards the (light) background.
    int lightest = 0;
    for (int y = waitBox.top(); y <= waitBox.bottom(); ++y)
        for (int x = waitBox.left(); x <= waitBox.right(); ++x) lightest = std::max(lightest, qGray(image.pixel(x, y)));
    CHECK(lightest >= 180);
    QSignalSpy selected(&view, &TimelineView::sliceSelected);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, w);
    REQUIRE(selected.count() == 1);
    CHECK(selected.at(0).at(0).toLongLong() == wait);
    CHECK(TimelineView::waitHoverText("EVENT_WAIT").contains(QStringLiteral("an event")));
    CHECK(TimelineView::waitHoverText("Notify_Wait").contains(QStringLiteral("a notify")));
    CHECK(TimelineView::waitHoverText("EVENT_WAIT").contains(QStringLiteral("not work")));
}

TEST_CASE("Details name a wait's reason: an event, or the collective running meanwhile", "[devicetime][details]") {
    DocumentFixture f(ascendWithWaits);
    std::shared_ptr<const TimelineData> data = f.document->timeline();
    SliceDetails first, second, work;
    Error error;
    REQUIRE(f.document->session()->sliceDetails(sliceNamed(*data, "EVENT_WAIT", 110'000), &first, &error));
    REQUIRE(f.document->session()->sliceDetails(sliceNamed(*data, "EVENT_WAIT", 170'000), &second, &error));
    REQUIRE(f.document->session()->sliceDetails(sliceNamed(*data, "MatMul", 100'000), &work, &error));
    CHECK(first.deviceClass == "wait");
    CHECK(first.waitFor == "event");
    CHECK(second.waitFor == "collective");
    CHECK(second.waitCollective == "Notify Wait");
    CHECK(work.deviceClass == "compute");
    CHECK(work.waitFor.empty());
    CHECK(SliceDetailsModel::deviceTimeText(first) == QStringLiteral("wait for an event: a gap in device busy, not work"));
    CHECK(SliceDetailsModel::deviceTimeText(second).contains(QStringLiteral("the collective Notify Wait")));
    CHECK(SliceDetailsModel::deviceTimeText(work) == QStringLiteral("compute (device busy)"));
    SliceDetailsModel model;
    model.resetData(first, 0);
    bool shown = false;
    for (int r = 0; r < model.rowCount(model.index(0, 0)); ++r)
        shown = shown || model.index(r, 1, model.index(0, 0)).data().toString().startsWith(QStringLiteral("wait for an event"));
    CHECK(shown);
}

TEST_CASE("The Bubbles view names the profiler's start and stop gaps", "[devicetime][bubbles_view]") {
    DocumentFixture f(ascendWithWaits);
    BubbleView view(&f.zoom);
    opscope::testing::showAt(view, QSize(1200, 700));
    view.setMinBubbleNs(0);
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    const BubbleReport& r = view.report();
    REQUIRE_FALSE(r.deviceBubbles.empty());
    CHECK(r.deviceBubbles.front().cause == BubbleCause::ProfilerStart);
    CHECK(r.deviceBubbles.front().durNs == 100'000);
    CHECK(r.deviceBubbles.back().cause == BubbleCause::ProfilerStop);
    int startRows = 0;
    for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
        const QModelIndex cause = view.tableModel()->index(row, BubbleTableModel::CauseColumn);
        if (cause.data().toString() != QStringLiteral("Profiler start")) continue;
        ++startRows;
        CHECK(cause.data(Qt::ToolTipRole).toString().contains(QStringLiteral("PROFILING_ENABLE")));
    }
    CHECK(startRows == 1);
    // The HTA-named columns say where they differ from HTA.
    const QString hta = view.summaryModel()->headerData(BubbleSummaryModel::HostWaitColumn, Qt::Horizontal, Qt::ToolTipRole).toString();
    CHECK(hta.contains(QStringLiteral("exact ns")));
    CHECK(hta.contains(QStringLiteral("last ProfilerStep")));
    CHECK(view.summaryModel()->headerData(BubbleSummaryModel::BusyColumn, Qt::Horizontal, Qt::ToolTipRole)
              .toString().contains(QStringLiteral("HTA has no wait class")));
}

TEST_CASE("A zero-duration kernel adds no busy time and splits no bubble in the Summary, Bubbles and Heatmap",
          "[devicetime][zero_duration]") {
    // GPU 0: gemm [10, 20) us, an empty kernel at 50 us (dur 0), gemm [100, 110) us.
    DocumentFixture f([](const QTemporaryDir& dir) {
        return importJson(dir, "zero.json", R"({"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":10,"dur":10,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"empty_kernel","pid":0,"tid":7,"ts":50,"dur":0,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":100,"dur":10,"args":{"stream":7}},)");
    });
    SummaryView summary(&f.zoom);
    summary.resize(900, 600);
    summary.setDocument(f.document.get());
    REQUIRE(summary.waitForLoaded());
    REQUIRE(summary.bars().size() == 1); // no steps: one bar over the span
    CHECK(summary.bars()[0].computeNs == 20'000);

    BubbleView bubbles(&f.zoom);
    opscope::testing::showAt(bubbles, QSize(1200, 700));
    bubbles.setMinBubbleNs(0);
    bubbles.setDocument(f.document.get());
    REQUIRE(bubbles.waitForLoaded());
    const BubbleReport& r = bubbles.report();
    REQUIRE(r.deviceBubbles.size() == 1); // [20, 100): one bubble, not split at 50
    CHECK(r.deviceBubbles[0].startNs == 20'000);
    CHECK(r.deviceBubbles[0].durNs == 80'000);
    REQUIRE(bubbles.summaryModel()->rowCount() >= 1);
    CHECK(bubbles.summaryModel()->summary(0).busyNs == 20'000);

    HeatmapView heatmap(&f.zoom);
    opscope::testing::showAt(heatmap, QSize(900, 400));
    heatmap.setDocument(f.document.get());
    REQUIRE(heatmap.waitForLoaded());
    const HeatmapResult& h = heatmap.result();
    const HeatmapRow* empty = nullptr;
    for (const HeatmapRow& row : h.rows)
        if (row.label == "empty_kernel") empty = &row;
    REQUIRE(empty != nullptr); // an execution: counted, with no time
    CHECK(empty->count == 1);
    CHECK(empty->totalNs == 0);
    double total = 0;
    for (std::size_t row = 0; row < h.rows.size(); ++row)
        for (int b = 0; b < h.bucketCount; ++b) total += h.cell(row, static_cast<std::size_t>(b));
    CHECK(total == 20'000.0);
}

TEST_CASE("The heatmap names its cells by the row's class, with the definition", "[devicetime][heatmap_view]") {
    DocumentFixture f(ascendWithWaits);
    HeatmapView view(&f.zoom);
    opscope::testing::showAt(view, QSize(900, 400));
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    const HeatmapResult& h = view.result();
    REQUIRE_FALSE(h.rows.empty());
    for (const HeatmapRow& row : h.rows) {
        INFO(row.label);
        CHECK(row.label != "EVENT_WAIT"); // waits are gaps, never rows
        CHECK(row.deviceClass == DeviceClass::Compute);
    }
    CHECK(view.valueLabel() == QStringLiteral("Compute time per bucket")); // the scale labels durations itself
    int bucket = -1;
    for (int b = 0; b < h.bucketCount && bucket < 0; ++b)
        if (h.cell(0, static_cast<std::size_t>(b)) > 0) bucket = b;
    REQUIRE(bucket >= 0);
    const QString text = view.cellText(0, bucket);
    CHECK(text.contains(QStringLiteral("Compute time: ")));
    CHECK(text.contains(QStringLiteral("not device busy")));
    CHECK(view.valueBox()->itemData(0, Qt::ToolTipRole).toString().contains(QStringLiteral("not device busy")));
    CHECK(HeatmapView::classTimeName(DeviceClass::Communication) == QStringLiteral("Communication time"));
}

TEST_CASE("The Summary states where its figures differ from HTA's", "[devicetime][summary_view]") {
    DocumentFixture f(ascendWithWaits);
    SummaryView summary(&f.zoom);
    summary.resize(900, 600);
    summary.setDocument(f.document.get());
    REQUIRE(summary.waitForLoaded());
    QString note;
    for (QLabel* l : summary.findChildren<QLabel*>())
        if (l->text().contains(QStringLiteral("HTA"))) note = l->text() + l->toolTip();
    CHECK(note.contains(QStringLiteral("exact ns")));
    CHECK(note.contains(QStringLiteral("last ProfilerStep")));
    CHECK(note.contains(QStringLiteral("stream")));
    CHECK(note.contains(QStringLiteral("wait")));
}
