// Exporting views: PNG at screen size and at a chosen size or pixel ratio, SVG and PDF, for the timeline
// and for QCustomPlot charts (alone or inside a panel); the clipboard; which view an export means.
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/image_export.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QMainWindow>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

namespace {

QByteArray head(const QString& path, int n) {
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.read(n);
}

QCustomPlot* makePlot(QWidget* parent = nullptr) {
    auto* plot = new QCustomPlot(parent);
    QCPGraph* graph = plot->addGraph();
    graph->setData({0, 1, 2, 3}, {1, 3, 2, 4});
    plot->rescaleAxes();
    plot->resize(400, 300);
    return plot;
}

} // namespace

TEST_CASE("The timeline exports as PNG and SVG and PDF", "[image_export]") {
    FixtureStore store("image-export");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.db(), &error);
    REQUIRE(data);
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.setData(data);
    view.resize(700, 400);
    QTemporaryDir dir;
    QString message;

    const QString png = dir.filePath(QStringLiteral("t.png"));
    REQUIRE(exportViewImage(&view, png, {}, &message));
    CHECK(QImage(png).size() == QSize(700, 400)); // as on screen

    ImageExportOptions sharp;
    sharp.devicePixelRatio = 2;
    REQUIRE(exportViewImage(&view, png, sharp, &message));
    CHECK(QImage(png).size() == QSize(1400, 800)); // same layout, twice the pixels

    ImageExportOptions sized;
    sized.size = QSize(900, 300);
    REQUIRE(exportViewImage(&view, png, sized, &message));
    CHECK(QImage(png).size() == QSize(900, 300));

    const QString svg = dir.filePath(QStringLiteral("t.svg"));
    REQUIRE(exportViewImage(&view, svg, {}, &message));
    CHECK(head(svg, 200).contains("<svg"));
    const QString pdf = dir.filePath(QStringLiteral("t.PDF"));
    CHECK(imageFormatForPath(pdf) == ImageFormat::Pdf);
    REQUIRE(exportViewImage(&view, pdf, {}, &message));
    CHECK(head(pdf, 5) == "%PDF-");

    CHECK_FALSE(exportViewImage(&view, dir.filePath(QStringLiteral("no/such/t.png")), {}, &message));
    CHECK_FALSE(message.isEmpty());
}

TEST_CASE("QCustomPlot charts export through QCustomPlot", "[image_export]") {
    std::unique_ptr<QCustomPlot> plot(makePlot());
    CHECK(chartOf(plot.get()) == plot.get());
    QTemporaryDir dir;
    QString message;
    const QString pdf = dir.filePath(QStringLiteral("c.pdf"));
    REQUIRE(exportViewImage(plot.get(), pdf, {}, &message));
    CHECK(head(pdf, 5) == "%PDF-");
    const QString svg = dir.filePath(QStringLiteral("c.svg"));
    REQUIRE(exportViewImage(plot.get(), svg, {}, &message));
    CHECK(head(svg, 300).contains("<svg"));
    ImageExportOptions sharp;
    sharp.devicePixelRatio = 2;
    const QString png = dir.filePath(QStringLiteral("c.png"));
    REQUIRE(exportViewImage(plot.get(), png, sharp, &message));
    CHECK(QImage(png).size() == QSize(800, 600));

    // A panel with a toolbar and one chart: PNG shows the panel, PDF holds the chart.
    QWidget panel;
    auto* layout = new QVBoxLayout(&panel);
    layout->addWidget(new QLabel(QStringLiteral("toolbar"), &panel));
    QCustomPlot* inner = makePlot(&panel);
    layout->addWidget(inner);
    panel.resize(500, 400);
    CHECK(chartOf(&panel) == inner);
    REQUIRE(exportViewImage(&panel, png, sharp, &message));
    CHECK(QImage(png).size() == QSize(1000, 800));
    REQUIRE(exportViewImage(&panel, pdf, {}, &message));
    CHECK(head(pdf, 5) == "%PDF-");
    QWidget empty;
    CHECK(chartOf(&empty) == nullptr);
}

TEST_CASE("Copy image puts the view on the clipboard", "[image_export]") {
    std::unique_ptr<QCustomPlot> plot(makePlot());
    copyViewImageToClipboard(plot.get());
    CHECK(QGuiApplication::clipboard()->image().size() == QSize(400, 300));
}

TEST_CASE("The view an export means follows the focus", "[image_export]") {
    QMainWindow window;
    auto* central = new QLabel(QStringLiteral("central"), &window);
    window.setCentralWidget(central);
    auto* dock = new QDockWidget(&window);
    auto* content = new QWidget(dock);
    auto* inner = new QLabel(QStringLiteral("deep"), content);
    dock->setWidget(content);
    window.addDockWidget(Qt::BottomDockWidgetArea, dock);
    CHECK(exportableViewFor(inner, central) == content);
    CHECK(exportableViewFor(central, nullptr) == central);
    CHECK(exportableViewFor(nullptr, central) == central);
}
