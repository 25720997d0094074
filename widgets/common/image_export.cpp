#include "widgets/common/image_export.h"

#include "widgets/common/view_snapshot.h"

#include <QClipboard>
#include <QCoreApplication>
#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTabWidget>
#include <QWidget>
#include <qcustomplot.h>

#include <algorithm>
#include <vector>

namespace opscope {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("ImageExport", text); }

QSize targetSize(QWidget* view, const ImageExportOptions& options) {
    return options.size.isValid() && !options.size.isEmpty() ? options.size : view->size();
}

// Charts paint from cached buffers at the screen's ratio; re-plot them at the export ratio while rendering.
class ChartBufferRatio {
public:
    ChartBufferRatio(QWidget* view, double ratio) {
        if (ratio == 1.0) return;
        QList<QCustomPlot*> plots = view->findChildren<QCustomPlot*>();
        if (auto* self = qobject_cast<QCustomPlot*>(view)) plots.prepend(self);
        for (QCustomPlot* plot : plots) {
            saved_.push_back({plot, plot->bufferDevicePixelRatio()});
            plot->setBufferDevicePixelRatio(ratio);
            plot->replot(QCustomPlot::rpImmediateRefresh);
        }
    }
    ~ChartBufferRatio() {
        for (const auto& [plot, ratio] : saved_) {
            plot->setBufferDevicePixelRatio(ratio);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    }

private:
    std::vector<std::pair<QCustomPlot*, double>> saved_;
};

bool saveSvg(QWidget* view, const QString& path, QSize size, QString* errorMessage) {
    QCustomPlot* plot = qobject_cast<QCustomPlot*>(view);
    if (!plot) return saveWidgetImage(view, path, size, errorMessage);
    // A chart on its own: vector output through QCustomPlot's painter path.
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(tr("opscope view"));
    QCPPainter painter;
    if (!painter.begin(&generator)) {
        if (errorMessage) *errorMessage = tr("Cannot write %1").arg(path);
        return false;
    }
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    return true;
}

bool savePdf(QWidget* view, const QString& path, QSize size, QString* errorMessage) {
    if (QCustomPlot* plot = chartOf(view)) {
        const QSize chartSize = plot == view ? size : plot->size();
        if (plot->savePdf(path, chartSize.width(), chartSize.height(), QCP::epAllowCosmetic, QStringLiteral("opscope"),
                          tr("opscope view")))
            return true;
        if (errorMessage) *errorMessage = tr("Cannot write %1").arg(path);
        return false;
    }
    // Other views: their paint code into a PDF page of the view's size (vector where they draw vectors).
    renderWidgetImage(view, size); // lays the view out at the size
    QPdfWriter writer(path);
    writer.setCreator(QStringLiteral("opscope"));
    writer.setTitle(tr("opscope view"));
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&writer)) {
        if (errorMessage) *errorMessage = tr("Cannot write %1").arg(path);
        return false;
    }
    const double scale = writer.width() / static_cast<double>(std::max(1, size.width()));
    painter.scale(scale, scale);
    view->render(&painter);
    painter.end();
    return true;
}

} // namespace

ImageFormat imageFormatForPath(const QString& path) {
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) return ImageFormat::Svg;
    if (path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) return ImageFormat::Pdf;
    return ImageFormat::Png;
}

QString imageExportFilter() {
    return tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)");
}

QCustomPlot* chartOf(QWidget* view) {
    if (!view) return nullptr;
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) return plot;
    const QList<QCustomPlot*> plots = view->findChildren<QCustomPlot*>();
    return plots.size() == 1 ? plots.first() : nullptr;
}

QImage viewImage(QWidget* view, const ImageExportOptions& options) {
    const QSize size = targetSize(view, options);
    if (auto* plot = qobject_cast<QCustomPlot*>(view))
        return plot->toPixmap(size.width(), size.height(), options.devicePixelRatio).toImage();
    ChartBufferRatio sharpCharts(view, options.devicePixelRatio);
    return renderWidgetImage(view, size, options.devicePixelRatio);
}

bool exportViewImage(QWidget* view, const QString& path, const ImageExportOptions& options, QString* errorMessage) {
    if (!view) return false;
    const QSize size = targetSize(view, options);
    switch (imageFormatForPath(path)) {
    case ImageFormat::Svg: return saveSvg(view, path, size, errorMessage);
    case ImageFormat::Pdf: return savePdf(view, path, size, errorMessage);
    case ImageFormat::Png: break;
    }
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
        if (plot->saveRastered(path, size.width(), size.height(), options.devicePixelRatio, "PNG")) return true;
    } else {
        QImage image = viewImage(view, options);
        image.setDevicePixelRatio(1); // the file holds the pixels; no scaling hint
        if (image.save(path, "PNG")) return true;
    }
    if (errorMessage) *errorMessage = tr("Cannot write %1").arg(path);
    return false;
}

void copyViewImageToClipboard(QWidget* view, const ImageExportOptions& options) {
    if (!view) return;
    QImage image = viewImage(view, options);
    image.setDevicePixelRatio(1);
    QGuiApplication::clipboard()->setImage(image);
}

namespace {
// A tab widget stands for its current page.
QWidget* pageOf(QWidget* w) {
    auto* tabs = qobject_cast<QTabWidget*>(w);
    return tabs && tabs->currentWidget() ? tabs->currentWidget() : w;
}
} // namespace

QWidget* exportableViewFor(QWidget* focus, QWidget* fallback) {
    for (QWidget* w = focus; w; w = w->parentWidget()) {
        QWidget* parent = w->parentWidget();
        if (!parent) break;
        if (auto* dock = qobject_cast<QDockWidget*>(parent)) {
            if (dock->widget() == w) return pageOf(w);
        }
        if (auto* window = qobject_cast<QMainWindow*>(parent)) {
            if (window->centralWidget() == w) return pageOf(w);
        }
    }
    return fallback;
}

} // namespace opscope
