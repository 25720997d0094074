// Exporting any view as PNG, SVG or PDF at screen size or a chosen size and pixel ratio, and copying
// it to the clipboard. Builds on view_snapshot (widget rendering); QCustomPlot charts go through
// QCustomPlot's own savePdf/saveRastered/toPainter so that their PDF and SVG are vector output.
#pragma once
#include <QImage>
#include <QSize>
#include <QString>

class QCustomPlot;
class QWidget;

namespace opscope {

enum class ImageFormat { Png, Svg, Pdf };

// By the file suffix (".svg", ".pdf"); anything else is PNG.
ImageFormat imageFormatForPath(const QString& path);
// Filter for a save dialog: PNG, SVG, PDF.
QString imageExportFilter();

struct ImageExportOptions {
    QSize size;                 // invalid: the view's current size (what is on screen)
    double devicePixelRatio = 1; // raster output only: 2 gives twice the pixels with the same layout
};

// The chart a view draws with: the view itself when it is a QCustomPlot, else its only QCustomPlot
// descendant; null when it has none or several.
QCustomPlot* chartOf(QWidget* view);

// A raster picture of the view (charts re-plotted at the pixel ratio so they stay sharp).
QImage viewImage(QWidget* view, const ImageExportOptions& options = {});
bool exportViewImage(QWidget* view, const QString& path, const ImageExportOptions& options, QString* errorMessage);
// Puts viewImage() on the system clipboard.
void copyViewImageToClipboard(QWidget* view, const ImageExportOptions& options = {});

// Which view of a window an export means: walking up from the focus widget, the content of its dock
// or the window's central widget; fallback when nothing of the window has focus.
QWidget* exportableViewFor(QWidget* focus, QWidget* fallback);

} // namespace opscope
