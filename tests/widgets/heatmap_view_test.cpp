#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/heatmap/heatmap_plot.h"
#include "widgets/heatmap/heatmap_view.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace opscope;
using opscope::testing::AnalysisViewsFixture;

namespace {

struct HeatmapFixture {
    AnalysisViewsFixture data{"heatmap-view"};
    HeatmapView view{&data.zoom};
    HeatmapFixture() {
        opscope::testing::showAt(view, QSize(1100, 500));
        view.setDocument(data.document.get());
        REQUIRE(view.waitForLoaded());
    }
    // The bucket holding t.
    int bucketOf(TimeNs t) const {
        const std::vector<TimeNs>& edges = view.result().bucketEdgesNs;
        return static_cast<int>(std::upper_bound(edges.begin(), edges.end(), t) - edges.begin()) - 1;
    }
};

} // namespace

TEST_CASE("Bucket count follows the plot width within 100..400", "[heatmap_view]") {
    CHECK(HeatmapView::bucketCountForWidth(0) == 100);
    CHECK(HeatmapView::bucketCountForWidth(1000) == 250);
    CHECK(HeatmapView::bucketCountForWidth(5000) == 400);
}

TEST_CASE("The heatmap shows the operators by busy time over the visible range", "[heatmap_view]") {
    HeatmapFixture f;
    const HeatmapResult& r = f.view.result();
    REQUIRE(r.rows.size() == 2);
    CHECK(r.rows[0].label == "MatMul");
    CHECK(r.rows[0].totalNs == 12'000);
    CHECK(r.rows[1].label == "Add");
    CHECK(r.range.startNs == 0);
    CHECK(r.range.endNs == AnalysisViewsFixture::kEndNs);
    CHECK(r.bucketCount >= 100);
    CHECK(r.bucketCount <= 400);
    CHECK(f.view.plot()->colorMap()->data()->keySize() == r.bucketCount);
    CHECK(f.view.plot()->colorMap()->data()->valueSize() == 2);
    CHECK(f.view.cellText(0, f.bucketOf(17'000)).contains(QStringLiteral("MatMul")));
}

TEST_CASE("Clicking a heatmap cell selects the executions in it and keeps the overview", "[heatmap_view]") {
    HeatmapFixture f;
    QSignalSpy highlighted(&f.view, &HeatmapView::slicesHighlighted);
    QSignalSpy zoomed(&f.data.zoom, &ZoomControl::visibleRangeChanged);
    const TimeRange before = f.data.zoom.visibleRange();
    const int bucket = f.bucketOf(17'000);
    const QPointF at = f.view.plot()->cellCentre({0, bucket});
    const std::optional<HeatmapCell> hit = f.view.plot()->cellAt(at);
    REQUIRE(hit);
    CHECK(hit->row == 0);
    CHECK(hit->bucket == bucket);
    QTest::mouseClick(f.view.plot(), Qt::LeftButton, {}, at.toPoint());
    CHECK(zoomed.count() == 0); // a click does not zoom
    CHECK(f.data.zoom.visibleRange().startNs == before.startNs);
    CHECK(f.data.zoom.visibleRange().endNs == before.endNs);
    CHECK_FALSE(f.data.zoom.canZoomBack());
    REQUIRE(highlighted.count() == 1);
    auto slices = highlighted.first().at(0).value<std::shared_ptr<const SliceSearchResult>>();
    REQUIRE(slices);
    REQUIRE(slices->matches.size() == 1);
    CHECK(slices->matches.front().sliceId == f.data.matmul[1]);
    CHECK(highlighted.first().at(1).toInt() == 0);
}

TEST_CASE("Double-clicking a heatmap cell zooms the timeline to the bucket; the binning stays whole", "[heatmap_view]") {
    HeatmapFixture f;
    QSignalSpy zoomed(&f.data.zoom, &ZoomControl::visibleRangeChanged);
    QSignalSpy computed(&f.view, &HeatmapView::computed);
    const int bucket = f.bucketOf(17'000);
    const TimeRange expected{f.view.result().bucketEdgesNs[static_cast<std::size_t>(bucket)],
                             f.view.result().bucketEdgesNs[static_cast<std::size_t>(bucket) + 1]};
    QTest::mouseDClick(f.view.plot(), Qt::LeftButton, {}, f.view.plot()->cellCentre({0, bucket}).toPoint());
    REQUIRE(zoomed.count() == 1);
    CHECK(f.data.zoom.visibleRange().startNs == expected.startNs);
    CHECK(f.data.zoom.visibleRange().endNs == expected.endNs);
    CHECK(f.data.zoom.canZoomBack());
    REQUIRE(f.view.waitForLoaded());
    CHECK(computed.count() == 0); // not following the view: the whole trace stays binned
    CHECK(f.view.result().range.startNs == 0);
    CHECK(f.view.result().range.endNs == AnalysisViewsFixture::kEndNs);
}

TEST_CASE("Following the view, the heatmap recomputes for the visible range and drops stale results", "[heatmap_view]") {
    HeatmapFixture f;
    // Let the first load settle (it also fills the metric list, which may compute once more) so the
    // spy counts only what the range changes below cause.
    REQUIRE(f.view.waitForLoaded());
    CHECK_FALSE(f.view.followsView());
    f.view.setFollowView(true);
    REQUIRE(f.view.waitForLoaded());
    QSignalSpy computed(&f.view, &HeatmapView::computed);
    f.data.zoom.setVisibleRange({2'000, 30'000});
    f.data.zoom.setVisibleRange({10'000, 30'000}); // arrives before the first one is computed
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(computed.count() == 1); // one computation for the settled range
    CHECK(f.view.result().range.startNs == 10'000);
    CHECK(f.view.result().range.endNs == 30'000);
    // Start two jobs directly: only the second reaches the view.
    f.data.zoom.setVisibleRange({15'000, 25'000});
    f.view.recompute();
    f.data.zoom.setVisibleRange({0, 25'000});
    f.view.recompute();
    REQUIRE(f.view.waitForLoaded());
    CHECK(computed.count() == 2);
    CHECK(f.view.result().range.startNs == 0);
    CHECK(f.view.result().range.endNs == 25'000);
}

TEST_CASE("The heatmap offers the store's numeric metrics and colours by them", "[heatmap_view]") {
    HeatmapFixture f;
    REQUIRE(f.view.valueBox()->findData(QStringLiteral("aic_mac_ratio")) > 0);
    REQUIRE(f.view.setValue(QStringLiteral("aic_mac_ratio")));
    REQUIRE(f.view.waitForLoaded());
    const HeatmapResult& r = f.view.result();
    CHECK(r.value == HeatmapValue::Metric);
    CHECK(r.valueName == "aic_mac_ratio");
    CHECK(r.cell(0, static_cast<std::size_t>(f.bucketOf(17'000))) == Approx(0.8));
    CHECK(std::isnan(r.cell(0, static_cast<std::size_t>(f.bucketOf(30'000)))));
    CHECK(f.view.plot()->colorScale()->axis()->label() == QStringLiteral("aic_mac_ratio"));
    CHECK_FALSE(f.view.setValue(QStringLiteral("no_such_metric")));
}

TEST_CASE("Executions and types as heatmap rows", "[heatmap_view]") {
    HeatmapFixture f;
    REQUIRE(f.view.setValue(QStringLiteral("count")));
    f.view.setTopN(1);
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.result().rows.size() == 1);
    CHECK(f.view.result().value == HeatmapValue::Count);
    double executions = 0;
    for (int b = 0; b < f.view.result().bucketCount; ++b) executions += f.view.result().cell(0, static_cast<std::size_t>(b));
    CHECK(executions == 3);
    f.view.setGroupBy(GroupBy::Type);
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.result().rows.size() == 1);
    CHECK(f.view.result().rows[0].label == "kernel"); // the category, as no type column is set
}
