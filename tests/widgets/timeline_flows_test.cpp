// Flow arrows whose slice lies in a collapsed process end on that process's header row, at the
// slice's time (as Perfetto draws them), and return to the slice when the process is expanded.
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/theme.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QImage>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

namespace {

struct FlowFixture {
    FixtureStore store{"timeline-flows"};
    SmallTimeline fx{store};
    ZoomControl zoom;
    TimelineView view{&zoom};
    std::shared_ptr<const TimelineData> data;
    FlowFixture() {
        Error error;
        data = TimelineData::load(store.path(), &error);
        REQUIRE(data);
        view.setData(data);
        view.resize(1200, 600);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
    const TimelineFlow& flowInto(std::int64_t sliceId) const {
        for (const TimelineFlow& f : data->flows())
            if (f.in.sliceId == sliceId) return f;
        FAIL("no flow into the slice");
        return data->flows().front();
    }
    int processOf(std::int64_t trackId) const {
        return static_cast<int>(data->tracks()[static_cast<std::size_t>(data->trackIndexOf(trackId))].processIndex);
    }
    // Centre of a process header row on the viewport.
    double headerCentreY(int processIndex) const {
        const TimelineRow& r = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(processIndex))];
        return TimelineView::kRulerHeight + r.y + r.height / 2.0;
    }
};

} // namespace

TEST_CASE("a flow into a collapsed process ends on its header at the slice's time", "[timeline_view][flows]") {
    FlowFixture f;
    const TimelineFlow& flow = f.flowInto(f.fx.kernelMatmul);
    const auto expanded = f.view.flowLine(flow);
    REQUIRE(expanded);
    CHECK(expanded->p1().x() == Approx(f.view.mapper().toPx(flow.out.endNs)));
    CHECK(expanded->p1().y() == Approx(f.view.sliceCenter(f.fx.matmul)->y()));
    CHECK(expanded->p2().x() == Approx(f.view.mapper().toPx(flow.in.tsNs)));
    CHECK(expanded->p2().y() == Approx(f.view.sliceCenter(f.fx.kernelMatmul)->y()));

    const int gpu = f.processOf(f.fx.streamTrack);
    f.view.setProcessCollapsed(gpu, true);
    const auto collapsed = f.view.flowLine(flow);
    REQUIRE(collapsed);
    CHECK(collapsed->p1() == expanded->p1()); // the host end did not move
    CHECK(collapsed->p2().x() == Approx(f.view.mapper().toPx(flow.in.tsNs)));
    CHECK(collapsed->p2().y() == Approx(f.headerCentreY(gpu)));

    // The arrow head is drawn there, on top of the header row's background.
    const QImage image = f.view.viewport()->grab().toImage();
    const QColor background = TimelineTheme::fromPalette(f.view.palette()).processHeaderBackground;
    const QPoint inHead = (collapsed->p2() - QPointF(3, 0)).toPoint();
    CHECK(image.pixelColor(inHead) != background);

    f.view.setProcessCollapsed(gpu, false);
    REQUIRE(f.view.flowLine(flow));
    CHECK(f.view.flowLine(flow)->p2() == expanded->p2());
}

TEST_CASE("a flow with both ends in collapsed processes joins the two headers", "[timeline_view][flows]") {
    FlowFixture f;
    const TimelineFlow& flow = f.flowInto(f.fx.kernelRelu);
    const int host = f.processOf(f.fx.mainTrack), gpu = f.processOf(f.fx.streamTrack);
    f.view.setAllProcessesCollapsed(true);
    const auto line = f.view.flowLine(flow);
    REQUIRE(line);
    CHECK(line->p1().x() == Approx(f.view.mapper().toPx(flow.out.endNs)));
    CHECK(line->p1().y() == Approx(f.headerCentreY(host)));
    CHECK(line->p2().x() == Approx(f.view.mapper().toPx(flow.in.tsNs)));
    CHECK(line->p2().y() == Approx(f.headerCentreY(gpu)));
}
