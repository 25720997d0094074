// The report's heatmap picture: one row per operator, one column per time bucket, the share of the
// bucket the operator was busy as colour (square-root scaled so short operators still show).
#include "app/render/report_images.h"

#include "widgets/common/time_format.h"

#include <QBuffer>
#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace opscope::gui {

namespace {

constexpr int kRowHeight = 20;
constexpr int kAxisHeight = 30;
constexpr int kTopMargin = 8;
constexpr int kLegendWidth = 92;

// Viridis-like control points: perceptually ordered and readable in grey scale.
QColor colourAt(double t) {
    static const std::array<QColor, 6> stops{QColor(68, 1, 84), QColor(65, 68, 135), QColor(42, 120, 142),
                                             QColor(34, 168, 132), QColor(122, 209, 81), QColor(253, 231, 37)};
    t = std::clamp(t, 0.0, 1.0) * (stops.size() - 1);
    const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(t), stops.size() - 2);
    const double f = t - static_cast<double>(i);
    auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
    return QColor(mix(stops[i].red(), stops[i + 1].red()), mix(stops[i].green(), stops[i + 1].green()),
                  mix(stops[i].blue(), stops[i + 1].blue()));
}

// The cell as a share of its bucket's duration (busy time), else the raw value.
double cellValue(const HeatmapResult& h, std::size_t row, std::size_t bucket) {
    const double v = h.cell(row, bucket);
    if (std::isnan(v) || h.value != HeatmapValue::BusyTime) return v;
    const TimeNs width = h.bucketEdgesNs[bucket + 1] - h.bucketEdgesNs[bucket];
    return width > 0 ? v / static_cast<double>(width) : 0.0;
}

void paintAxis(QPainter& p, const HeatmapResult& h, TimeNs originNs, QRect cells) {
    p.setPen(QColor(97, 110, 124));
    const TimeNs span = h.range.durationNs();
    const int ticks = std::max(2, cells.width() / 140);
    for (int i = 0; i <= ticks; ++i) {
        const TimeNs t = h.range.startNs + span * i / ticks;
        const int x = cells.left() + static_cast<int>(static_cast<double>(cells.width()) * i / ticks);
        p.drawLine(x, cells.bottom() + 1, x, cells.bottom() + 5);
        const QString label = formatTimeOffset(t - originNs, std::max<TimeNs>(1, span / ticks));
        const int w = p.fontMetrics().horizontalAdvance(label);
        const int left = std::clamp(x - w / 2, cells.left() - 20, cells.right() + 20 - w);
        p.drawText(QRect(left, cells.bottom() + 6, w + 2, kAxisHeight - 8), Qt::AlignLeft | Qt::AlignTop, label);
    }
}

void paintLegend(QPainter& p, QRect area, double maxValue, bool share) {
    const QRect bar(area.left() + 12, area.top(), 14, area.height());
    for (int y = 0; y < bar.height(); ++y) {
        const double t = 1.0 - static_cast<double>(y) / std::max(1, bar.height() - 1);
        p.setPen(colourAt(t));
        p.drawLine(bar.left(), bar.top() + y, bar.right(), bar.top() + y);
    }
    p.setPen(QColor(97, 110, 124));
    for (double f : {1.0, 0.25, 0.0}) {
        const double v = maxValue * f;
        const int y = bar.top() + static_cast<int>((1.0 - std::sqrt(f)) * (bar.height() - 1));
        const QString text = share ? QString::number(v * 100.0, 'f', v * 100 < 10 ? 1 : 0) + QLatin1Char('%')
                                   : QString::number(v, 'g', 3);
        p.drawText(QRect(bar.right() + 6, y - 8, area.width() - 30, 16), Qt::AlignLeft | Qt::AlignVCenter, text);
    }
}

} // namespace

QImage renderHeatmapImage(const HeatmapResult& h, TimeNs originNs, int widthPx, qreal devicePixelRatio) {
    if (h.rows.empty() || h.bucketCount <= 0) return {};
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(12);
    const QFontMetrics metrics(font);
    int labelWidth = 0;
    for (const HeatmapRow& r : h.rows) labelWidth = std::max(labelWidth, metrics.horizontalAdvance(QString::fromStdString(r.label)));
    labelWidth = std::clamp(labelWidth + 16, 120, widthPx / 3);
    const int rows = static_cast<int>(h.rows.size());
    const qreal ratio = devicePixelRatio > 0 ? devicePixelRatio : 1.0;
    const QSize logical(widthPx, kTopMargin + rows * kRowHeight + kAxisHeight);
    QImage image(logical * ratio, QImage::Format_RGB32);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setFont(font);
    const QRect cells(labelWidth, kTopMargin, widthPx - labelWidth - kLegendWidth, rows * kRowHeight);
    double maxValue = 0;
    for (std::size_t r = 0; r < h.rows.size(); ++r)
        for (int b = 0; b < h.bucketCount; ++b) {
            const double v = cellValue(h, r, static_cast<std::size_t>(b));
            if (!std::isnan(v)) maxValue = std::max(maxValue, v);
        }
    for (int r = 0; r < rows; ++r) {
        const int y = cells.top() + r * kRowHeight;
        p.setPen(QColor(31, 41, 51));
        const QString label = metrics.elidedText(QString::fromStdString(h.rows[static_cast<std::size_t>(r)].label),
                                                 Qt::ElideMiddle, labelWidth - 12);
        p.drawText(QRect(4, y, labelWidth - 10, kRowHeight), Qt::AlignRight | Qt::AlignVCenter, label);
        for (int b = 0; b < h.bucketCount; ++b) {
            const int x0 = cells.left() + cells.width() * b / h.bucketCount;
            const int x1 = cells.left() + cells.width() * (b + 1) / h.bucketCount;
            const double v = cellValue(h, static_cast<std::size_t>(r), static_cast<std::size_t>(b));
            const QColor fill = std::isnan(v) || v <= 0 || maxValue <= 0 ? QColor(240, 242, 245) : colourAt(std::sqrt(v / maxValue));
            p.fillRect(QRect(x0, y + 1, x1 - x0, kRowHeight - 2), fill);
        }
    }
    paintAxis(p, h, originNs, cells);
    paintLegend(p, QRect(cells.right() + 1, cells.top(), kLegendWidth, std::max(60, cells.height())), maxValue,
                h.value == HeatmapValue::BusyTime);
    return image;
}

std::string encodePng(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

} // namespace opscope::gui
