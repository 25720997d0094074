// Slice colours and labels for the timeline's draw list and paint loop.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/theme.h"

#include <QFont>
#include <QGlyphRun>
#include <QPainter>
#include <QPointF>
#include <QRawFont>
#include <QHash>
#include <QRgb>
#include <QStaticText>
#include <QTextLayout>
#include <QString>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace opscope {

// Plain text laid out once for this font, to be drawn many times without shaping it again.
QStaticText preparedText(const QString& text, const QFont& font);

// The glyphs of a text laid out in one run with one glyph per UTF-16 unit, so that a prefix of the
// text is a prefix of the glyphs; empty for any other text.
struct LabelGlyphs {
    QRawFont font;
    std::vector<quint32> indexes;
    std::vector<QPointF> positions; // from the top-left of the text
};
LabelGlyphs simpleGlyphs(const QTextLayout& layout);

// Slice colours (per name or per category string) and label texts, each made once on first use
// (never per frame): labels are elided by a table of prefix widths. A name whose glyphs are one per
// character is drawn from its glyph run, cut to the prefix, and an ellipsis; other names from static
// text prepared per elided length. So zooming, which changes every label's width, shapes no text.
class SliceStyleCache {
public:
    void reset(const TimelineData* data, ColourMode mode);
    // The font labels are measured and prepared with; changing it drops the label caches.
    void setFont(const QFont& font);
    QRgb colour(const TimelineSlice& slice, std::size_t sliceIndex);
    // How much of a name fits in widthPx: -1 all of it, 0 nothing worth drawing, k > 0 its first k
    // UTF-16 units and an ellipsis.
    int fittingChars(std::uint32_t nameId, double widthPx);
    // The label as fittingChars() described it, prepared for drawing with the font.
    const QStaticText& label(std::uint32_t nameId, int chars);
    // Draws that label with its top-left corner at topLeft, in the painter's pen.
    void drawLabel(QPainter& p, QPointF topLeft, std::uint32_t nameId, int chars);
    // Height of a label line (ascent + descent), to centre it in a row.
    double lineHeight() const { return lineHeight_; }
    ColourMode mode() const { return mode_; }

private:
    struct NameText {
        QString text;
        std::vector<std::pair<int, float>> prefixWidths; // (units, width) at each cursor position
        LabelGlyphs glyphs; // empty unless the text maps one to one onto glyphs
        QStaticText whole;  // for names drawn without their glyphs
    };
    NameText& name(std::uint32_t nameId);
    QRgb colourOfString(std::uint32_t stringId);

    const TimelineData* data_ = nullptr;
    ColourMode mode_ = ColourMode::ByName;
    QFont font_;
    QString ellipsis_;
    float ellipsisWidth_ = 0;
    LabelGlyphs ellipsisGlyphs_;
    QGlyphRun run_; // reused to draw cut glyph runs without allocating
    double lineHeight_ = 0;
    std::vector<QRgb> colours_; // by string id: names or categories
    std::vector<std::unique_ptr<NameText>> names_; // by name id, made on first use (stores hold many strings)
    QHash<quint64, QStaticText> elided_; // (name id, units) -> prepared text; bounded
};

} // namespace opscope
