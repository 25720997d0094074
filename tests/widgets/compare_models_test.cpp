// The comparison tables: valid models, numeric sort through the proxy, regressions marked, and CSV
// exports that read back exactly as the table shows them (columns, sort, filter, units in headers).
#include "core/analysis/compare/comparison.h"
#include "core/importers/ascend/csv_reader.h"
#include "widgets/common/duration_cell.h"
#include "widgets/compare/aligned_timelines.h"
#include "widgets/compare/compare_panel.h"
#include "widgets/compare/comparison_models.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QSplitter>
#include <QTabWidget>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

OperatorAggregate op(const std::string& name, std::int64_t count, TimeNs totalNs) {
    return {name, count, totalNs, static_cast<double>(totalNs) / static_cast<double>(count)};
}

CompareInputs inputs() {
    CompareInputs in;
    in.base.busyNs = 100'000'000;
    in.base.devices = {{"NPU 0", 100'000'000, 200'000'000, 1'000}};
    in.base.operators = {op("MatMul, fused", 10, 60'000'000), op("Add", 10, 30'000'000), op("\"quoted\" op", 1, 1'000'000)};
    in.base.hasFindings = true;
    in.current = in.base;
    in.current.busyNs = 104'000'000;
    in.current.devices[0].busyNs = 104'000'000;
    in.current.operators = {op("MatMul, fused", 10, 66'000'000), op("Add", 10, 24'000'000), op("\"quoted\" op", 1, 1'000'000),
                            op("MatMulGrad", 2, 1'000)};
    in.current.findings = {{"sync_wait", "Synchronisation waits", "medium", 0.3, "share", 10}};
    in.baseLabel = QStringLiteral("base.json");
    in.newLabel = QStringLiteral("new.json");
    return in;
}

std::vector<std::vector<std::string>> readCsv(const QString& path) {
    Error error;
    auto reader = CsvReader::open(path.toStdString(), &error);
    REQUIRE(reader);
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> fields;
    while (reader->next(&fields)) rows.push_back(fields);
    return rows;
}

} // namespace

TEST_CASE("The operator diff model sorts by numbers and marks regressions", "[compare]") {
    const CompareInputs in = inputs();
    const ComparisonResult result = compareBaselines(in.base, in.current, CompareOptions{});
    OperatorDiffModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.resetData(result.operators);
    CHECK(reset.count() == 1);
    REQUIRE(model.rowCount() == 4);
    // Shown: the human format under bare names; the CSV: plain microseconds with the unit in the name.
    CHECK(model.headerData(OperatorDiffModel::BaseTotalColumn, Qt::Horizontal).toString() == QStringLiteral("Base total"));
    CHECK(model.headerData(OperatorDiffModel::BaseTotalColumn, Qt::Horizontal, kCsvRole).toString() == QStringLiteral("Base total (µs)"));
    CHECK(model.headerData(OperatorDiffModel::DeltaTotalColumn, Qt::Horizontal, kCsvRole).toString() == QStringLiteral("Δ total (µs)"));
    CHECK_FALSE(model.headerData(OperatorDiffModel::StatusColumn, Qt::Horizontal, kCsvRole).isValid());

    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(OperatorDiffModel::SortRole);
    proxy.sort(OperatorDiffModel::DeltaTotalColumn, Qt::DescendingOrder);
    CHECK(proxy.index(0, 0).data().toString() == QStringLiteral("MatMul, fused"));
    CHECK(proxy.index(0, OperatorDiffModel::DeltaTotalColumn).data().toString() == QStringLiteral("6ms"));
    CHECK(proxy.index(0, OperatorDiffModel::DeltaTotalColumn).data(kCsvRole).toString() == QStringLiteral("6000.000"));
    CHECK(proxy.index(0, OperatorDiffModel::StatusColumn).data().toString() == QStringLiteral("regressed"));
    CHECK(proxy.index(0, 0).data(OperatorDiffModel::RegressedRole).toBool());
    CHECK(proxy.index(0, 0).data(Qt::ForegroundRole).value<QBrush>().color().red() > 150);
    CHECK(proxy.index(3, 0).data().toString() == QStringLiteral("Add"));
    CHECK(proxy.index(3, OperatorDiffModel::StatusColumn).data().toString() == QStringLiteral("faster"));
    CHECK(proxy.index(3, OperatorDiffModel::TotalRatioColumn).data().toString() == QStringLiteral("0.800"));
    // A new operator has no ratio.
    const QModelIndexList grad = proxy.match(proxy.index(0, 0), Qt::DisplayRole, QStringLiteral("MatMulGrad"), 1, Qt::MatchExactly);
    REQUIRE(grad.size() == 1);
    CHECK(proxy.index(grad[0].row(), OperatorDiffModel::TotalRatioColumn).data().toString().isEmpty());
    CHECK(proxy.index(grad[0].row(), OperatorDiffModel::StatusColumn).data().toString() == QStringLiteral("new"));
}

TEST_CASE("The summary model lists totals and devices and findings", "[compare]") {
    const CompareInputs in = inputs();
    const ComparisonResult result = compareBaselines(in.base, in.current, CompareOptions{});
    ComparisonSummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.resetData(result);
    CHECK(reset.count() == 1);
    REQUIRE(model.rowCount() == static_cast<int>(result.totals.size() + result.devices.size() + result.findings.size()));
    QStringList names;
    for (int r = 0; r < model.rowCount(); ++r) names << model.index(r, ComparisonSummaryModel::NameColumn).data().toString();
    CHECK(names.contains(QStringLiteral("Device busy time")));
    CHECK(names.contains(QStringLiteral("NPU 0")));
    CHECK(names.contains(QStringLiteral("Synchronisation waits")));
    // Shown in the one human format; the CSV keeps plain µs with the unit in the row's name.
    const int busy = static_cast<int>(names.indexOf(QStringLiteral("Device busy time")));
    CHECK(model.index(busy, ComparisonSummaryModel::BaseColumn).data().toString() == QStringLiteral("100ms"));
    CHECK(model.index(busy, ComparisonSummaryModel::NewColumn).data().toString() == QStringLiteral("104ms"));
    CHECK(model.index(busy, ComparisonSummaryModel::BaseColumn).data(kCsvRole).toString() == QStringLiteral("100000.000"));
    CHECK(model.index(busy, ComparisonSummaryModel::NameColumn).data(kCsvRole).toString() == QStringLiteral("Device busy time (µs)"));
    CHECK(model.index(busy, ComparisonSummaryModel::ChangeColumn).data().toString() == QStringLiteral("+4.0"));
    const int device = static_cast<int>(names.indexOf(QStringLiteral("NPU 0")));
    CHECK(model.index(device, ComparisonSummaryModel::SectionColumn).data().toString() == QStringLiteral("Device busy time"));
    CHECK(model.index(device, ComparisonSummaryModel::SectionColumn).data(kCsvRole).toString() == QStringLiteral("Device busy time (µs)"));
    CHECK(model.index(device, ComparisonSummaryModel::NewColumn).data().toString() == QStringLiteral("104ms"));
    CHECK(model.index(device, ComparisonSummaryModel::NewColumn).data(kCsvRole).toString() == QStringLiteral("104000.000"));
    // A time that is not whole milliseconds keeps every piece, as in the tooltip: never "399922.080".
    ComparisonResult odd = result;
    for (MetricDiff& m : odd.totals)
        if (m.name == "busy time") m.base = 399'922'080;
    model.resetData(odd);
    CHECK(model.index(busy, ComparisonSummaryModel::BaseColumn).data().toString() == QStringLiteral("399ms 922µs 80ns"));
    CHECK(model.index(busy, ComparisonSummaryModel::BaseColumn).data(kCsvRole).toString() == QStringLiteral("399922.080"));
    CHECK(model.index(busy, ComparisonSummaryModel::StatusColumn).data().toString() == QStringLiteral("ok"));
    CHECK(model.headerData(ComparisonSummaryModel::ChangeColumn, Qt::Horizontal).toString() == QStringLiteral("Change (%)"));
}

TEST_CASE("Comparison tables export to CSV exactly as shown", "[compare][csv]") {
    ComparePanel panel;
    panel.setInputs(inputs());
    panel.setOperatorFilter(QStringLiteral("matmul"));
    panel.operatorTable()->sortByColumn(OperatorDiffModel::NameColumn, Qt::AscendingOrder);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("operators.csv"));
    QString message;
    REQUIRE(panel.exportOperatorsCsv(path, &message));
    const auto rows = readCsv(path);
    REQUIRE(rows.size() == 3); // header + the two matching operators
    CHECK(rows[0][0] == "Operator");
    CHECK(rows[0][4] == "Base total (µs)");
    CHECK(rows[0].size() == static_cast<std::size_t>(OperatorDiffModel::ColumnCount));
    CHECK(rows[1][0] == "MatMul, fused");
    CHECK(rows[1][4] == "60000.000");
    CHECK(rows[1][5] == "66000.000");
    CHECK(rows[2][0] == "MatMulGrad");

    panel.setOperatorFilter(QString());
    panel.operatorTable()->sortByColumn(OperatorDiffModel::BaseTotalColumn, Qt::DescendingOrder);
    REQUIRE(panel.exportOperatorsCsv(path, &message));
    const auto all = readCsv(path);
    REQUIRE(all.size() == 5);
    CHECK(all[1][0] == "MatMul, fused");
    CHECK(all[2][0] == "Add");
    CHECK(all[3][0] == "\"quoted\" op");
    CHECK(all[4][0] == "MatMulGrad");

    // Hidden and moved columns export as the header shows them.
    QHeaderView* header = panel.operatorTable()->horizontalHeader();
    header->hideSection(OperatorDiffModel::StatusColumn);
    header->moveSection(header->visualIndex(OperatorDiffModel::NewTotalColumn), 0);
    REQUIRE(panel.exportOperatorsCsv(path, &message));
    const auto shown = readCsv(path);
    REQUIRE(shown[0].size() == static_cast<std::size_t>(OperatorDiffModel::ColumnCount - 1));
    CHECK(shown[0][0] == "New total (µs)");
    CHECK(shown[0][1] == "Operator");
    CHECK(shown[0][2] == "Base count");
    CHECK(shown[1][0] == "66000.000");

    const QString summary = dir.filePath(QStringLiteral("summary.csv"));
    REQUIRE(panel.exportSummaryCsv(summary, &message));
    const auto sum = readCsv(summary);
    REQUIRE(sum.size() == static_cast<std::size_t>(panel.summaryModel()->rowCount() + 1));
    CHECK(sum[0][4] == "Change (%)");
    bool sawBusy = false;
    for (const auto& row : sum)
        if (row[1] == "Device busy time (µs)") {
            sawBusy = true;
            CHECK(row[2] == "100000.000");
            CHECK(row[3] == "104000.000");
        }
    CHECK(sawBusy);
    CHECK_FALSE(panel.exportOperatorsCsv(dir.filePath(QStringLiteral("no/such/dir.csv")), &message));
    CHECK_FALSE(message.isEmpty());
}

TEST_CASE("The threshold decides the verdict", "[compare]") {
    ComparePanel panel;
    QSignalSpy changed(&panel, &ComparePanel::resultChanged);
    panel.setInputs(inputs());
    REQUIRE(changed.count() == 1);
    CHECK(changed.last().at(0).toBool()); // MatMul +10% at 5%
    CHECK(panel.verdictLabel()->text().contains(QStringLiteral("MatMul, fused")));
    panel.setThreshold(0.20);
    REQUIRE(changed.count() == 2);
    CHECK_FALSE(changed.last().at(0).toBool());
    CHECK(panel.verdictLabel()->text().contains(QStringLiteral("No regression beyond 20.0%")));
    CHECK(panel.threshold() == Approx(0.20));
}

TEST_CASE("The verdict is one line; long names are elided in the middle, whole in the tooltip and details",
          "[compare]") {
    CompareInputs in = inputs();
    const std::string longName =
        "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl<at::native::AddFunctor<float>>(at::TensorIteratorBase&, "
        "at::native::AddFunctor<float> const&)::{lambda(int)#1}>(int, at::native::AddFunctor<float>)";
    in.base.operators.push_back(op(longName, 4, 10'000'000));
    in.current.operators.push_back(op(longName, 4, 40'000'000)); // the largest regression
    ComparePanel panel;
    panel.resize(1900, 1000);
    panel.setInputs(in);
    REQUIRE(panel.result().regressed());
    const QString verdict = panel.verdictLabel()->text();
    CHECK_FALSE(panel.verdictLabel()->wordWrap());
    CHECK_FALSE(verdict.contains(QString::fromStdString(longName))); // shortened in the verdict
    CHECK(verdict.contains(QStringLiteral("void at::native::elementwise")));
    CHECK(verdict.contains(QStringLiteral("AddFunctor&lt;float&gt;)"))); // the end of the name, HTML-escaped
    CHECK(verdict.contains(QStringLiteral("more (hover for all)")));
    CHECK(panel.verdictLabel()->toolTip().contains(QString::fromStdString(longName)));
    CHECK(panel.verdictLabel()->toolTip().count(QLatin1Char('\n')) == static_cast<int>(panel.result().regressions.size()) - 1);

    CHECK(ComparePanel::elideMiddle(QStringLiteral("abcdefghij"), 10) == QStringLiteral("abcdefghij"));
    CHECK(ComparePanel::elideMiddle(QStringLiteral("abcdefghijk"), 10) == QStringLiteral("abcde…hijk"));

    CHECK(panel.operatorTable()->textElideMode() == Qt::ElideMiddle);
    const QModelIndexList hit = panel.operatorProxy()->match(panel.operatorProxy()->index(0, 0), Qt::DisplayRole,
                                                             QString::fromStdString(longName), 1, Qt::MatchExactly);
    REQUIRE(hit.size() == 1);
    CHECK(hit[0].data(Qt::ToolTipRole).toString() == QString::fromStdString(longName));
    panel.operatorTable()->setCurrentIndex(hit[0]);
    const QString details = panel.operatorDetails()->toPlainText();
    CHECK(details.contains(QString::fromStdString(longName)));
    CHECK(details.contains(QStringLiteral("10ms")));
    CHECK(details.contains(QStringLiteral("40ms")));

    auto* extra = new QLabel(QStringLiteral("per-step host operators"));
    const int tabs = panel.tabs()->count();
    panel.addSection(QStringLiteral("Host operators per step"), extra);
    CHECK(panel.tabs()->count() == tabs + 1);
    CHECK(panel.tabs()->widget(tabs) == extra);
}

TEST_CASE("The diff table takes the window's height; the timelines are two stacked, resizable, equal panes", "[compare]") {
    ComparePanel panel;
    panel.resize(1900, 1000);
    panel.setInputs(inputs());
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    // The operator table, not the few summary rows or the verdict, holds most of the height.
    CHECK(panel.operatorTable()->height() > panel.height() / 2);
    CHECK(panel.verdictLabel()->height() < 40);
    panel.tabs()->setCurrentWidget(panel.timelines());
    QCoreApplication::processEvents();
    auto* splitter = panel.timelines()->findChild<QSplitter*>();
    REQUIRE(splitter);
    CHECK(splitter->orientation() == Qt::Vertical);
    REQUIRE(splitter->count() == 2);
    const QList<int> sizes = splitter->sizes();
    CHECK(std::abs(sizes[0] - sizes[1]) <= 2);
    CHECK(sizes[0] > 300); // not two 60 px strips
    splitter->setSizes({sizes[0] + sizes[1] - 200, 200});
    CHECK(splitter->sizes()[1] == 200);
}
