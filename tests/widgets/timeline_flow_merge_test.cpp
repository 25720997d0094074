// Zoomed out over a trace with many flows, the flows between the same two rows that leave within one
// 8 px column share an arrow, so the slices under them stay readable; zoomed in, every arrow is
// drawn, and the selected slice's arrows are drawn whatever the zoom.
#include "core/store/timeline_data.h"
#include "core/session/open_trace.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;

namespace {

constexpr int kFlows = 400;

// A host op every 2 µs, each launching a device task through a flow.
std::string denseFlowTrace() {
    std::string json = "[";
    for (int i = 0; i < kFlows; ++i) {
        const std::string t = std::to_string(i * 2), id = std::to_string(i);
        json += R"({"ph":"X","name":"launch","pid":1,"tid":1,"ts":)" + t + R"(,"dur":1},)";
        json += R"({"ph":"s","name":"f","cat":"c","id":)" + id + R"(,"pid":1,"tid":1,"ts":)" + t + R"(.2},)";
        json += R"({"ph":"X","name":"task","pid":2,"tid":1,"ts":)" + t + R"(.5,"dur":1},)";
        json += R"({"ph":"f","bp":"e","name":"f","cat":"c","id":)" + id + R"(,"pid":2,"tid":1,"ts":)" + t + R"(.5})";
        json += i + 1 < kFlows ? "," : "]";
    }
    return json;
}

struct DenseFlows {
    QTemporaryDir dir;
    ZoomControl zoom;
    TimelineView view{&zoom};
    DenseFlows() {
        const QString trace = dir.filePath(QStringLiteral("flows.json"));
        QFile file(trace);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(denseFlowTrace()));
        file.close();
        OpenOptions options;
        options.storePath = dir.filePath(QStringLiteral("flows.opscope.sqlite")).toStdString();
        OpenResult result;
        Error error;
        REQUIRE(openTrace({trace.toStdString()}, options, {}, &result, &error));
        view.setData(TimelineData::load(result.storePath, &error));
        view.setFlowsVisible(true); // every flow, not only the selection's
        REQUIRE(view.data()->flows().size() == kFlows);
        view.resize(1200, 400);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
    void paint() { view.viewport()->grab(); }
};

} // namespace

TEST_CASE("zoomed out, flows between the same places are drawn once", "[timeline_view][flows]") {
    DenseFlows f;
    f.zoom.fitAll();
    f.paint();
    CHECK(f.view.flowsMerged() > kFlows / 2); // about 2.5 px apart, 8 px columns
    CHECK(f.view.flowsDrawn() + f.view.flowsMerged() == kFlows);
    CHECK(f.view.flowsDrawn() > 10); // still one arrow per place, not none
}

TEST_CASE("zoomed in, every flow on screen gets its own arrow", "[timeline_view][flows]") {
    DenseFlows f;
    const TimeNs start = f.view.data()->traceRange().startNs;
    f.zoom.setVisibleRange({start, start + 40'000}); // 20 flows, about 50 px apart
    f.paint();
    CHECK(f.view.flowsMerged() == 0);
    CHECK(f.view.flowsDrawn() >= 19);
    CHECK(f.view.flowsDrawn() <= 21);
}

TEST_CASE("the selected slice's flow is drawn even where others merge", "[timeline_view][flows]") {
    DenseFlows f;
    f.zoom.fitAll();
    f.paint();
    CHECK(f.view.flowsHighlighted() == 0);
    const TimelineFlow& flow = f.view.data()->flows()[kFlows / 2];
    f.view.setSelectedSlice(f.view.data()->flowOut(flow).sliceId);
    f.paint();
    CHECK(f.view.flowsHighlighted() == 1);
    CHECK(f.view.flowsMerged() > kFlows / 2); // the others still merge
}

TEST_CASE("past the arrow budget the shared column doubles, exactly from one arrow over it", "[timeline_view][flows]") {
    DenseFlows f;
    f.zoom.fitAll();
    f.paint();
    REQUIRE(f.view.lastFlowBucketPx() == TimelineView::kFlowBucketPx); // 8 px columns fit the default budget
    const int atEightPx = f.view.flowsDrawn();
    REQUIRE(atEightPx > 2);
    f.view.setMaxFlowArrows(atEightPx); // exactly at the budget: kept
    f.paint();
    CHECK(f.view.lastFlowBucketPx() == 8);
    CHECK(f.view.flowsDrawn() == atEightPx);
    f.view.setMaxFlowArrows(atEightPx - 1); // one over it: 16 px columns
    f.paint();
    CHECK(f.view.lastFlowBucketPx() == 16);
    CHECK(f.view.flowsDrawn() < atEightPx);
    CHECK(f.view.flowsDrawn() <= atEightPx - 1);
    CHECK(f.view.flowsDrawn() + f.view.flowsMerged() == kFlows); // every flow still accounted for
    f.view.setMaxFlowArrows(1); // never past 64 px, however many arrows remain
    f.paint();
    CHECK(f.view.lastFlowBucketPx() == TimelineView::kMaxFlowBucketPx);
    CHECK(f.view.flowsDrawn() >= 1);
}
