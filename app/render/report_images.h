// The pictures of the HTML report, rendered with Qt from already computed data: the timeline view over
// the whole trace (widgets: GUI thread only), a heatmap drawn from HeatmapResult (any thread), and the
// graph view when one is registered and the store holds a graph. Shared by `opscope-cli report` and
// File > Export Report.
#pragma once
#include "core/report/html_report.h"
#include "core/store/timeline_data.h"

#include <QImage>

#include <memory>
#include <string>

namespace opscope {
class TraceDocument;
} // namespace opscope

namespace opscope::gui {

// Busy share per operator row and time bucket, colour-mapped, with the row labels, a time axis relative
// to originNs and a colour legend; widthPx logical pixels wide, devicePixelRatio times the pixels.
// Safe off the GUI thread (paints a QImage only).
QImage renderHeatmapImage(const HeatmapResult& heatmap, TimeNs originNs, int widthPx, qreal devicePixelRatio = 1.0);

// The PNG file of an image.
std::string encodePng(const QImage& image);

// GUI thread: builds the views offscreen over the document (null, or without a timeline: no timeline image).
ReportImages renderReportImages(const ReportData& data, TraceDocument* document);

} // namespace opscope::gui
