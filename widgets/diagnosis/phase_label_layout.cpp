#include "widgets/diagnosis/phase_label_layout.h"

#include <algorithm>

namespace opscope {

PhaseLabelLayout fitPhaseLabels(const PhaseLabelRoom& room) {
    PhaseLabelLayout layout;
    const int spacing = std::max(room.barSpacingPx, 1);
    const int twoLines = 2 * room.lineHeightPx + kPhaseLabelGapPx;
    if (room.widestLinePx + kPhaseLabelGapPx <= spacing) {
        layout.tickAngle = 0;
    } else if (10 * spacing >= 14 * twoLines) {
        // Neighbouring slanted labels are spacing x sin 45 degrees apart across their lines.
        layout.tickAngle = -45;
    } else {
        layout.tickAngle = -90;
        layout.durationLine = twoLines <= spacing;
        const int needed = (layout.durationLine ? 2 : 1) * room.lineHeightPx + kPhaseLabelGapPx;
        layout.tickStride = std::max(1, (needed + spacing - 1) / spacing);
    }
    if (room.widestValuePx + kPhaseLabelGapPx <= spacing) layout.values = PhaseLabelLayout::Values::Level;
    else if (room.lineHeightPx + kPhaseLabelGapPx <= spacing) layout.values = PhaseLabelLayout::Values::Upright;
    else layout.values = PhaseLabelLayout::Values::Hidden;
    return layout;
}

} // namespace opscope
