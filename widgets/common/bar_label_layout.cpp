#include "widgets/common/bar_label_layout.h"

#include <algorithm>

namespace opscope {

int labelStride(int spacingPx, int extentPx) {
    const int spacing = std::max(spacingPx, 1);
    return std::max(1, (extentPx + kBarLabelGapPx + spacing - 1) / spacing);
}

BarLabelLayout fitBarLabels(const BarLabelRoom& room) {
    BarLabelLayout layout;
    const int spacing = std::max(room.barSpacingPx, 1);
    const int lineHeight = std::max(room.lineHeightPx, 1);
    const int lines = std::max(room.lineCount, 1);
    layout.shownLines = lines;
    if (room.widestLinePx + kBarLabelGapPx <= spacing) {
        layout.tickAngle = 0;
    } else if (10 * spacing >= 14 * (lines * lineHeight + kBarLabelGapPx)) {
        // Neighbouring slanted labels are spacing x sin 45 degrees apart across their lines.
        layout.tickAngle = -45;
    } else {
        layout.tickAngle = -90;
        layout.shownLines = std::clamp((spacing - kBarLabelGapPx) / lineHeight, 1, lines);
        layout.tickStride = labelStride(spacing, layout.shownLines * lineHeight);
    }
    if (room.widestValuePx + kBarLabelGapPx <= spacing) layout.values = BarLabelLayout::Values::Level;
    else if (lineHeight + kBarLabelGapPx <= spacing) layout.values = BarLabelLayout::Values::Upright;
    else layout.values = BarLabelLayout::Values::Hidden;
    return layout;
}

} // namespace opscope
