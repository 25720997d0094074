// Renders a view widget to an image or an SVG file exactly as it paints on screen (used by
// File > Export image and by `opscope-cli screenshot`).
#pragma once
#include <QImage>
#include <QSize>
#include <QString>

class QWidget;

namespace opscope {

// Lays the widget out at `size` (when valid) and paints it into an image of that size.
QImage renderWidgetImage(QWidget* widget, QSize size = {});
// The same with devicePixelRatio times the pixels (same layout, sharper): the image's devicePixelRatio is set.
QImage renderWidgetImage(QWidget* widget, QSize size, qreal devicePixelRatio);
// ".svg" gives vector output through QSvgGenerator; anything else goes through QImage::save (PNG...).
bool saveWidgetImage(QWidget* widget, const QString& path, QSize size, QString* errorMessage);

} // namespace opscope
