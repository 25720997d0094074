#include "widgets/timeline/timeline_header_text.h"

#include "widgets/timeline/slice_style_cache.h"
#include "widgets/timeline/timeline_layout.h"

#include <QFontMetricsF>
#include <QRect>

namespace opscope {

namespace {

// Where drawText(box, Qt::AlignVCenter | Qt::AlignLeft) would put the top-left of one line of text.
QPointF leftCentred(const QRect& box, const QFont& font) {
    const QFontMetricsF metrics(font);
    return QPointF(box.left(), box.top() + (box.height() - (metrics.ascent() + metrics.descent())) / 2);
}

} // namespace

TrackHeaderText layoutTrackHeader(const QString& title, const QString& sub, QSize row, int textLeft, int textRightPad,
                                  const HeaderFonts& fonts) {
    TrackHeaderText out;
    // Integer metrics for widths, as QPainter::drawText() with a QRect lays headers out.
    const QFontMetrics fm(fonts.header), fms(fonts.small);
    const QRect line(textLeft, TimelineLayout::kTrackPadding, row.width() - textLeft - textRightPad,
                     TimelineLayout::kSliceRowHeight);
    const QString elided = fm.elidedText(title, Qt::ElideRight, line.width());
    out.title = preparedText(elided, fonts.header);
    out.titlePos = leftCentred(line, fonts.header);
    out.ready = true;
    if (sub.isEmpty()) return out;
    if (row.height() >= 2 * TimelineLayout::kSliceRowHeight) {
        out.sub = preparedText(fms.elidedText(sub, Qt::ElideRight, line.width()), fonts.small);
        out.subPos = leftCentred(line.translated(0, TimelineLayout::kSliceRowHeight - 3), fonts.small);
        out.hasSub = true;
        return out;
    }
    const int used = fm.horizontalAdvance(elided) + 8;
    if (used + 30 >= line.width()) return out;
    out.sub = preparedText(fms.elidedText(sub, Qt::ElideRight, line.width() - used), fonts.small);
    out.subPos = leftCentred(line.adjusted(used, 0, 0, 0), fonts.small);
    out.hasSub = true;
    return out;
}

ProcessHeaderText layoutProcessHeader(const QString& name, const QString& pid, const QString& count, QSize row,
                                      const HeaderFonts& fonts) {
    ProcessHeaderText out;
    const QFontMetrics fmBold(fonts.bold), fmSmall(fonts.small);
    const QRect rect(0, 0, row.width(), row.height());
    const int countWidth = fmSmall.horizontalAdvance(count);
    const QRect textRect = rect.adjusted(24, 0, -(countWidth + 8) - 4, 0);
    const QString elided = fmBold.elidedText(name, Qt::ElideRight, textRect.width());
    out.name = preparedText(elided, fonts.bold);
    out.namePos = leftCentred(textRect, fonts.bold);
    const int used = fmBold.horizontalAdvance(elided);
    if (!pid.isEmpty() && used + 40 < textRect.width()) {
        out.pid = preparedText(fmSmall.elidedText(pid, Qt::ElideRight, textRect.width() - used - 8), fonts.small);
        out.pidPos = leftCentred(textRect.adjusted(used + 8, 0, 0, 0), fonts.small);
        out.hasPid = true;
    }
    out.count = preparedText(count, fonts.small);
    // Right-aligned as drawText() does it: by the exact width, not the rounded one.
    const double exactCountWidth = QFontMetricsF(fonts.small).horizontalAdvance(count);
    out.countPos = QPointF(rect.x() + rect.width() - 8 - exactCountWidth, leftCentred(rect, fonts.small).y());
    out.countRect = QRectF(out.countPos.x(), rect.top(), exactCountWidth, rect.height());
    out.ready = true;
    return out;
}

} // namespace opscope
