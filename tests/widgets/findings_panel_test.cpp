#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/duration_cell.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/diagnosis/diagnosis_view.h"
#include "widgets/diagnosis/findings_panel.h"
#include "widgets/diagnosis/phase_compare_plot.h"
#include "widgets/diagnosis/roofline_plot.h"
#include "widgets/diagnosis/findings_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::AnalysisViewsFixture;

namespace {

struct DiagnosisFixture {
    AnalysisViewsFixture data{"findings-view"};
    DiagnosisView view{&data.zoom};
    DiagnosisFixture() {
        opscope::testing::showAt(view, QSize(1300, 700));
        view.setDocument(data.document.get());
        REQUIRE(view.waitForLoaded());
    }
    int rowOf(const std::string& ruleId) const {
        const std::vector<Finding>& all = view.findings()->model()->findings();
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i].ruleId == ruleId) return static_cast<int>(i);
        return -1;
    }
};

} // namespace

TEST_CASE("The findings table lists fired rules by time at stake, then the ones missing inputs", "[findings_view]") {
    DiagnosisFixture f;
    FindingsModel* model = f.view.findings()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(f.view.findings()->proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    const int sync = f.rowOf("sync_wait");
    REQUIRE(sync >= 0);
    const Finding& finding = model->finding(sync);
    REQUIRE(finding.status == FindingStatus::Fired);
    CHECK(model->index(sync, FindingsModel::SeverityColumn).data().toString() == QStringLiteral("High"));
    CHECK(model->index(sync, FindingsModel::ThresholdColumn).data().toString().startsWith(QStringLiteral(">")));
    CHECK(model->headerData(FindingsModel::AtStakeColumn, Qt::Horizontal, kCsvRole).toString().contains(QStringLiteral("µs")));
    // Fired first, by time at stake.
    for (int r = 1; r < model->rowCount(); ++r) {
        const Finding& a = model->finding(r - 1);
        const Finding& b = model->finding(r);
        if (a.status == FindingStatus::Fired && b.status == FindingStatus::Fired) CHECK(a.timeAtStakeNs >= b.timeAtStakeNs);
        if (b.status == FindingStatus::Fired) CHECK(a.status == FindingStatus::Fired);
    }
    // A rule without its inputs says what it needs.
    const int l2 = f.rowOf("low_l2_hit_rate");
    REQUIRE(l2 >= 0);
    CHECK(model->finding(l2).status == FindingStatus::MissingInput);
    CHECK(model->index(l2, FindingsModel::MeasuredColumn).data().toString().contains(QStringLiteral("L2")));
    CHECK(model->index(l2, FindingsModel::SeverityColumn).data().toString() == QStringLiteral("Needs input"));
    // Passed rules are hidden until asked for.
    const int shown = f.view.findings()->proxy()->rowCount();
    f.view.findings()->setShowPassed(true);
    CHECK(f.view.findings()->proxy()->rowCount() == model->rowCount());
    CHECK(shown <= model->rowCount());
}

TEST_CASE("Clicking a finding shows its evidence on the timeline", "[findings_view]") {
    DiagnosisFixture f;
    FindingsPanel* panel = f.view.findings();
    const int sync = f.rowOf("sync_wait");
    REQUIRE(sync >= 0);
    const Finding finding = panel->model()->finding(sync);
    REQUIRE(!finding.ranges.empty());
    CHECK(finding.ranges[0].startNs == 21'000);
    CHECK(finding.ranges[0].endNs == 41'000);
    panel->tableView()->clearSelection();
    QSignalSpy highlighted(panel, &FindingsPanel::slicesHighlighted);
    const QModelIndex index = panel->proxy()->mapFromSource(panel->model()->index(sync, FindingsModel::TitleColumn));
    QTest::mouseClick(panel->tableView()->viewport(), Qt::LeftButton, {}, panel->tableView()->visualRect(index).center());
    CHECK(panel->selectedFinding() == sync);
    CHECK(panel->currentRange() == 0);
    const TimeRange expected = framedRange(21'000, 41'000, 0.1);
    CHECK(f.data.zoom.visibleRange().startNs == expected.startNs);
    CHECK(f.data.zoom.visibleRange().endNs == expected.endNs);
    // The evidence operators' executions are highlighted: here the host synchronisation.
    std::size_t evidenceSlices = 0;
    for (const EvidenceOperator& op : finding.operators) evidenceSlices += op.sliceIds.size();
    REQUIRE(evidenceSlices > 0);
    REQUIRE(highlighted.count() == 1);
    auto slices = highlighted.first().at(0).value<std::shared_ptr<const SliceSearchResult>>();
    REQUIRE(slices);
    REQUIRE(slices->matches.size() == 1);
    CHECK(slices->matches[0].sliceId == f.data.sync);
    CHECK(panel->detailsView()->toPlainText().contains(QStringLiteral("Suggestion")));
    // Stepping wraps around the ranges.
    panel->stepRange(true);
    CHECK(panel->currentRange() == (finding.ranges.size() > 1 ? 1 : 0));
}

TEST_CASE("The roofline places the operators under the device's roof", "[findings_view]") {
    DiagnosisFixture f;
    QSignalSpy computed(&f.view, &DiagnosisView::computed);
    REQUIRE(f.view.setDevice(QStringLiteral("a100-sxm4-80gb")));
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(computed.count() == 1);
    f.view.setPage(DiagnosisView::Page::Roofline);
    RooflinePlot* plot = f.view.roofline();
    const RooflineData& r = plot->data();
    CHECK(r.hasProfile);
    CHECK(r.peakTflops == Approx(312.0));
    REQUIRE(r.points.size() == 2);
    CHECK(r.points[0].name == "MatMul");
    CHECK(r.points[0].intensity == Approx(200.0));
    CHECK(r.points[0].densityClass == DensityClass::ComputeBound);
    CHECK(r.points[1].densityClass == DensityClass::MemoryBound);
    QSignalSpy clicked(plot, &RooflinePlot::operatorClicked);
    plot->replot();
    const QPointF at = plot->pointCentre(0);
    REQUIRE(plot->pointAt(at) == 0);
    QTest::mouseClick(plot, Qt::LeftButton, {}, at.toPoint());
    REQUIRE(clicked.count() == 1);
    CHECK(clicked.first().at(0).toString() == QStringLiteral("MatMul"));
}

TEST_CASE("The phase comparison shows each step and frames it on click", "[findings_view]") {
    DiagnosisFixture f;
    f.view.setPage(DiagnosisView::Page::Phases);
    PhaseComparePlot* plot = f.view.phases();
    REQUIRE(plot->phases().size() == 1);
    const PhaseRow phase = plot->phases()[0];
    CHECK(phase.name == "ProfilerStep#1");
    CHECK(phase.utilization == Approx(14'000.0 / 48'000.0));
    f.data.zoom.setVisibleRange({30'000, 31'000});
    QSignalSpy clicked(plot, &PhaseComparePlot::phaseClicked);
    plot->replot();
    QTest::mouseClick(plot, Qt::LeftButton, {}, plot->barCentre(0).toPoint());
    REQUIRE(clicked.count() == 1);
    CHECK(f.data.zoom.visibleRange().startNs <= phase.startNs);
    CHECK(f.data.zoom.visibleRange().endNs >= phase.endNs);
}
