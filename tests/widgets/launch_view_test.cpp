// The Launch view: one row per launch with HTA's outlier flags (rows tinted), sortable, the per-kernel
// summary beside; a click on a launch asks for its kernel, a click on a kernel filters the launches.
#include "widgets/common/duration_cell.h"
#include "tests/launch_fixtures.h"
#include "tests/widgets/launch_document_fixture.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/launch/launch_table_models.h"
#include "widgets/launch/launch_view.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

#include <memory>

using namespace opscope;

namespace {

struct LaunchViewFixture {
    opscope::testing::LaunchDocument trace{QStringLiteral("launch.json"), opscope::test::kLaunchTrace};
    ZoomControl zoom;
    LaunchView view{&zoom};
    LaunchViewFixture() {
        view.resize(1400, 500);
        view.setDocument(trace.document.get());
        REQUIRE(view.waitForLoaded(30000));
    }
    int rowOf(const QString& kernel, TimeNs gpuNs) {
        LaunchTableModel* m = view.launchModel();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->data(m->index(r, LaunchTableModel::KernelColumn)).toString() == kernel && m->report().gpuDurationNs(m->row(r)) == gpuNs)
                return r;
        return -1;
    }
};

} // namespace

TEST_CASE("launch view: a row per launch with HTA's outliers, the flagging cells tinted", "[launch][launch_view]") {
    LaunchViewFixture f;
    LaunchTableModel* m = f.view.launchModel();
    REQUIRE(m->rowCount() == 5);
    const int l2 = f.rowOf(QStringLiteral("L2"), 100'000); // call of 50.001 us: long runtime
    REQUIRE(l2 >= 0);
    CHECK(m->index(l2, LaunchTableModel::OutliersColumn).data().toString() == QStringLiteral("long runtime"));
    CHECK(m->index(l2, LaunchTableModel::CpuColumn).data().toString() == QStringLiteral("50µs 1ns")); // never cut to "50µs"
    CHECK(m->index(l2, LaunchTableModel::CpuColumn).data(kCsvRole).toString() == QStringLiteral("50.001"));
    CHECK(m->index(l2, LaunchTableModel::CpuColumn).data(Qt::BackgroundRole).isValid());
    CHECK_FALSE(m->index(l2, LaunchTableModel::DelayColumn).data(Qt::BackgroundRole).isValid());
    const int l3 = f.rowOf(QStringLiteral("L3"), 10'000); // delay of exactly 100 us: not an outlier
    REQUIRE(l3 >= 0);
    CHECK(m->index(l3, LaunchTableModel::DelayColumn).data().toString() == QStringLiteral("100µs"));
    CHECK(m->headerData(LaunchTableModel::DelayColumn, Qt::Horizontal, kCsvRole).toString() == QStringLiteral("Launch delay (µs)"));
    CHECK(m->index(l3, LaunchTableModel::OutliersColumn).data().toString().isEmpty());
    CHECK_FALSE(m->index(l3, LaunchTableModel::DelayColumn).data(Qt::BackgroundRole).isValid());
    CHECK(f.view.kernelModel()->rowCount() == 4); // L1, L2, L3, Memcpy HtoD
    CHECK(f.view.summaryLabel()->text().contains(QStringLiteral("5 launches")));
}

TEST_CASE("launch view: sorted by delay, a click selects the kernel, a kernel click filters", "[launch][launch_view]") {
    LaunchViewFixture f;
    QSortFilterProxyModel* proxy = f.view.launchProxy();
    f.view.launchTable()->sortByColumn(LaunchTableModel::DelayColumn, Qt::DescendingOrder);
    // L4's memcpy waited 100.001 us, the longest delay.
    CHECK(proxy->index(0, LaunchTableModel::KernelColumn).data().toString() == QStringLiteral("Memcpy HtoD"));
    CHECK(proxy->index(0, LaunchTableModel::DelayColumn).data().toString() == QStringLiteral("100µs 1ns"));

    f.view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&f.view));
    QSignalSpy activated(&f.view, &LaunchView::sliceActivated);
    QTableView* table = f.view.launchTable();
    const QModelIndex first = proxy->index(0, LaunchTableModel::KernelColumn);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(first).center());
    REQUIRE(activated.count() == 1);
    const qint64 wanted = first.data(LaunchTableModel::SliceIdRole).toLongLong();
    CHECK(wanted != 0);
    CHECK(activated.first().at(0).toLongLong() == wanted);

    // A click on the kernel L1 in the summary leaves its two launches.
    QTableView* kernels = f.view.kernelTable();
    QModelIndex l1;
    for (int r = 0; r < kernels->model()->rowCount(); ++r)
        if (kernels->model()->index(r, 0).data().toString() == QStringLiteral("L1")) l1 = kernels->model()->index(r, 0);
    REQUIRE(l1.isValid());
    QTest::mouseClick(kernels->viewport(), Qt::LeftButton, {}, kernels->visualRect(l1).center());
    CHECK(f.view.kernelFilter()->text() == QStringLiteral("L1"));
    CHECK(proxy->rowCount() == 2);
}
