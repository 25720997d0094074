// The Compare window's host-operator tab: one row per cpu_op name with its class by count, the counts
// and totals of both sides, changed operators first; the summary counts each class.
#include "widgets/compare/compare_panel.h"
#include "widgets/common/duration_cell.h"
#include "widgets/compare/host_operator_diff_tab.h"

#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>

#include <catch2/catch.hpp>

using namespace opscope;

TEST_CASE("compare: the host-operator tab lists added, deleted, increased and decreased operators", "[launch][compare]") {
    const std::vector<HostOperatorCount> base{{"aten::mm", 4, 40'000}, {"aten::relu", 2, 2'000}, {"aten::add", 3, 3'000}};
    const std::vector<HostOperatorCount> current{{"aten::mm", 5, 60'000}, {"aten::add", 1, 1'000}, {"aten::gelu", 2, 4'000}};
    HostOperatorDiffTab tab;
    tab.setDiff(diffHostOperators(base, current));
    HostOperatorDiffModel* m = tab.model();
    REQUIRE(m->rowCount() == 4);
    auto rowOf = [&](const char* name) {
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->row(r).name == name) return r;
        return -1;
    };
    CHECK(m->index(rowOf("aten::gelu"), HostOperatorDiffModel::ChangeColumn).data().toString() == QStringLiteral("added"));
    CHECK(m->index(rowOf("aten::relu"), HostOperatorDiffModel::ChangeColumn).data().toString() == QStringLiteral("deleted"));
    CHECK(m->index(rowOf("aten::mm"), HostOperatorDiffModel::ChangeColumn).data().toString() == QStringLiteral("increased"));
    // Shown in the one human format; the CSV keeps plain µs under "Difference (µs)".
    CHECK(m->index(rowOf("aten::mm"), HostOperatorDiffModel::DiffColumn).data().toString() == QStringLiteral("20µs"));
    CHECK(m->index(rowOf("aten::mm"), HostOperatorDiffModel::DiffColumn).data(kCsvRole).toString() == QStringLiteral("20.000"));
    CHECK(m->headerData(HostOperatorDiffModel::DiffColumn, Qt::Horizontal, kCsvRole).toString() == QStringLiteral("Difference (µs)"));
    CHECK(m->index(rowOf("aten::add"), HostOperatorDiffModel::ChangeColumn).data().toString() == QStringLiteral("decreased"));
    CHECK(m->index(rowOf("aten::add"), HostOperatorDiffModel::BaseCountColumn).data().toString() == QStringLiteral("3"));
    CHECK(tab.summaryLabel()->text().contains(QStringLiteral("1 added, 1 deleted, 1 increased, 1 decreased, 0 unchanged")));
    // Sorted by class as the CLI lists them: added first.
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(tab.table()->model());
    REQUIRE(proxy);
    CHECK(proxy->index(0, HostOperatorDiffModel::NameColumn).data().toString() == QStringLiteral("aten::gelu"));

    // The Compare window shows it as a tab of its own.
    ComparePanel panel;
    bool found = false;
    for (int i = 0; i < panel.tabs()->count(); ++i) found |= panel.tabs()->widget(i) == panel.hostOperatorTab();
    CHECK(found);
}
