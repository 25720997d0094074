// Thread (CPU) time in the GUI: the details panel shows it beside wall time, operator statistics gain
// a "CPU time" column only when the trace has thread time (Chrome tts/tdur).
#include "core/store/slice_details.h"
#include "widgets/common/duration_cell.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/operators/operator_stats_model.h"

#include <QAbstractItemModelTester>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {
QString valueOfField(const SliceDetailsModel& model, const QString& field) {
    const QModelIndex slice = model.index(0, 0);
    for (int r = 0; r < model.rowCount(slice); ++r)
        if (model.index(r, 0, slice).data().toString() == field) return model.index(r, 1, slice).data().toString();
    return QStringLiteral("<absent>");
}
} // namespace

TEST_CASE("details show CPU time beside wall time only for slices that have it", "[details_model][chrome]") {
    SliceDetails d;
    d.id = 1;
    d.name = "RunTask";
    d.durNs = 100000;
    d.threadTsNs = 5000;
    d.threadDurNs = 60000;
    SliceDetailsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.resetData(d, 0);
    const QString cpu = valueOfField(model, QStringLiteral("CPU time"));
    CHECK(cpu.contains(QStringLiteral("60.0% of wall time")));
    CHECK(valueOfField(model, QStringLiteral("Thread clock at start")) != QStringLiteral("<absent>"));

    d.threadTsNs.reset();
    d.threadDurNs.reset();
    model.resetData(d, 0);
    CHECK(valueOfField(model, QStringLiteral("CPU time")) == QStringLiteral("<absent>"));
}

TEST_CASE("operator statistics gain a CPU time column only when the trace has thread time", "[stats_model][chrome]") {
    OperatorStats stats;
    OperatorStatsRow row;
    row.key = "Layout";
    row.count = 2;
    row.totalNs = 80000;
    row.cpuNs = 25000;
    row.cpuCount = 2;
    OperatorStatsRow other;
    other.key = "gemm";
    other.count = 1;
    other.totalNs = 10000;
    stats.rows = {row, other};
    stats.metrics.push_back({7, "occupancy", "%", ""});
    stats.rows[0].metricMeans = {50};
    stats.rows[1].metricMeans = {25};

    OperatorStatsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.resetData(stats);
    CHECK(model.columnCount() == OperatorStatsModel::FixedColumnCount + 1);

    stats.hasCpuTime = true;
    model.resetData(stats);
    REQUIRE(model.columnCount() == OperatorStatsModel::FixedColumnCount + 2);
    const int cpu = OperatorStatsModel::FixedColumnCount;
    CHECK(model.headerData(cpu, Qt::Horizontal).toString() == QStringLiteral("CPU time"));
    CHECK(model.headerData(cpu, Qt::Horizontal, kCsvRole).toString() == QStringLiteral("CPU time (µs)"));
    CHECK(model.index(0, cpu).data().toString() == QStringLiteral("25µs"));
    CHECK(model.index(0, cpu).data(kCsvRole).toString() == QStringLiteral("25.000"));
    CHECK(model.index(1, cpu).data().toString().isEmpty());
    CHECK(model.index(0, cpu).data(OperatorStatsModel::SortRole).toLongLong() == 25000);
    // The metric column moves one to the right and keeps its values.
    CHECK(model.headerData(cpu + 1, Qt::Horizontal).toString().startsWith(QStringLiteral("occupancy")));
    CHECK(model.index(0, cpu + 1).data().toString() == QStringLiteral("50.000"));
}
