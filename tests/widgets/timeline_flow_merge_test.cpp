// Zoomed out over a trace with many flows, the flows between the same two rows that leave within one
// 8 px column share an arrow, so the slices under them stay readable; zoomed in, every arrow is
// drawn, and the selected slice's arrows are drawn whatever the zoom.
#include "core/store/timeline_data.h"
#include "tests/widgets/flow_trace_fixture.h"
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

struct DenseFlows {
    QTemporaryDir dir;
    ZoomControl zoom;
    TimelineView view{&zoom};
    DenseFlows() {
        const std::string store = opscope::testing::importFlowTrace(dir, opscope::testing::launchFlowTrace(kFlows, 2, 1));
        Error error;
        view.setData(TimelineData::load(store, &error));
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
