// Slice colours and labels for the timeline's draw list and paint loop.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/theme.h"

#include <QFont>
#include <QHash>
#include <QRgb>
#include <QStaticText>
#include <QString>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace opscope {

// Plain text laid out once for this font, to be drawn many times without shaping it again.
QStaticText preparedText(const QString& text, const QFont& font);

// Slice colours (per name or per category string) and label texts, each made once on first use
// (never per frame): labels are elided by a table of prefix widths and drawn as prepared static text.
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
    // Height of a label line (ascent + descent), to centre it in a row.
    double lineHeight() const { return lineHeight_; }
    ColourMode mode() const { return mode_; }

private:
    struct NameText {
        QString text;
        std::vector<std::pair<int, float>> prefixWidths; // (units, width) at each cursor position
        QStaticText whole;
    };
    NameText& name(std::uint32_t nameId);
    QRgb colourOfString(std::uint32_t stringId);

    const TimelineData* data_ = nullptr;
    ColourMode mode_ = ColourMode::ByName;
    QFont font_;
    QString ellipsis_;
    float ellipsisWidth_ = 0;
    double lineHeight_ = 0;
    std::vector<QRgb> colours_; // by string id: names or categories
    std::vector<std::unique_ptr<NameText>> names_; // by name id, made on first use (stores hold many strings)
    QHash<quint64, QStaticText> elided_; // (name id, units) -> prepared text; bounded
};

} // namespace opscope
