#include "widgets/common/view_snapshot.h"

#include <QApplication>
#include <QCoreApplication>
#include <QPainter>
#include <QSvgGenerator>
#include <QWidget>

namespace opscope {

namespace {
void prepare(QWidget* widget, QSize size) {
    if (size.isValid() && widget->size() != size) widget->resize(size);
    if (!widget->isVisible() && !widget->parentWidget()) {
        // Shown off screen so layouts and resize events run as they would in a window.
        widget->setAttribute(Qt::WA_DontShowOnScreen, true);
        widget->show();
    }
    widget->ensurePolished();
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
}
} // namespace

QImage renderWidgetImage(QWidget* widget, QSize size) { return renderWidgetImage(widget, size, 1.0); }

QImage renderWidgetImage(QWidget* widget, QSize size, qreal devicePixelRatio) {
    prepare(widget, size);
    const qreal ratio = devicePixelRatio > 0 ? devicePixelRatio : 1.0;
    QImage image(widget->size() * ratio, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(widget->palette().color(QPalette::Window));
    QPainter painter(&image);
    widget->render(&painter);
    painter.end();
    return image;
}

bool saveWidgetImage(QWidget* widget, const QString& path, QSize size, QString* errorMessage) {
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        prepare(widget, size);
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(widget->size());
        generator.setViewBox(QRect(QPoint(0, 0), widget->size()));
        generator.setTitle(QCoreApplication::translate("ViewSnapshot", "opscope view"));
        QPainter painter;
        if (!painter.begin(&generator)) {
            if (errorMessage) *errorMessage = QCoreApplication::translate("ViewSnapshot", "Cannot write %1").arg(path);
            return false;
        }
        widget->render(&painter);
        painter.end();
        return true;
    }
    QImage image = renderWidgetImage(widget, size);
    if (!image.save(path)) {
        if (errorMessage) *errorMessage = QCoreApplication::translate("ViewSnapshot", "Cannot write %1").arg(path);
        return false;
    }
    return true;
}

} // namespace opscope
