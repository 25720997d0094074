// Track and process header texts of the timeline, elided and laid out once per row as prepared
// static text, so that painting a header draws glyphs and never shapes or elides text.
#pragma once
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QStaticText>
#include <QString>

namespace opscope {

struct HeaderFonts {
    QFont header, bold, small;
};

// Positions are relative to the row's top-left corner.
struct TrackHeaderText {
    QStaticText title, sub;
    QPointF titlePos, subPos;
    bool hasSub = false;
    bool ready = false;
};

struct ProcessHeaderText {
    QStaticText name, pid, count;
    QPointF namePos, pidPos, countPos;
    QRectF countRect; // where the count is drawn: a click there shows or hides the series hidden by default
    bool hasPid = false;
    bool ready = false;
};

// Title on the first slice row; the subtitle under it when the row has room, else after the title.
TrackHeaderText layoutTrackHeader(const QString& title, const QString& sub, QSize row, int textLeft, int textRightPad,
                                  const HeaderFonts& fonts);
// Name (bold), then the pid when it fits, and the track count at the right.
ProcessHeaderText layoutProcessHeader(const QString& name, const QString& pid, const QString& count, QSize row,
                                      const HeaderFonts& fonts);

} // namespace opscope
