// The timeline's draw list (after Tracy's timeline controller): rebuilt only when the window, the size,
// the rows or the data change; the paint loop and hover then work from it. Building it walks only the
// visible part of each depth run and folds runs of sub-pixel slices into one merged block.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/theme.h"
#include "widgets/common/time_mapper.h"

#include <QFontMetricsF>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>

#include <vector>

namespace opscope {

// Per-name colours and label texts, filled once per name on first use (never per frame).
class SliceStyleCache {
public:
    void reset(const TimelineData* data, ColourMode mode);
    QRgb colour(std::uint32_t nameId);
    const QString& text(std::uint32_t nameId);
    double textWidth(std::uint32_t nameId, const QFontMetricsF& metrics);
    ColourMode mode() const { return mode_; }

private:
    const TimelineData* data_ = nullptr;
    ColourMode mode_ = ColourMode::ByName;
    std::vector<QRgb> colours_;
    std::vector<QString> texts_;
    std::vector<bool> haveText_;
    std::vector<float> widths_;
};

struct SliceDrawItem {
    float x, y, w, h;
    std::int64_t sliceId;    // first slice of a merged block
    std::uint32_t merged;    // 1: one slice; >1: a block of that many sub-pixel slices
    QRgb fill;
    std::uint16_t flags;
    bool dimmed;             // a search is active and this slice does not match
    int trackIndex;
};

struct LabelDrawItem {
    QRectF rect;
    QString text;
    QRgb colour;
};

struct CounterDrawItem {
    int trackIndex;
    QRectF rect;            // plot area
    int pointBegin, pointEnd; // into DrawList::counterPoints: a step line, already in pixels
};

// One track as it lies on screen, for the builder.
struct TrackOnScreen {
    int trackIndex;
    double yTop;
    double height;
};

struct DrawList {
    std::vector<SliceDrawItem> slices;
    std::vector<LabelDrawItem> labels;
    QVector<QPointF> counterPoints;
    std::vector<CounterDrawItem> counters;
    std::int64_t slicesVisited = 0; // slices the builder looked at
    std::int64_t slicesFolded = 0;  // of which drawn inside merged blocks

    void clear();
};

struct DrawListInput {
    const TimelineData* data = nullptr;
    TimeMapper mapper;
    double clipTop = 0, clipBottom = 0; // screen rows outside are skipped
    const std::vector<bool>* searchNames = nullptr; // non-null: dim names that are false
    QFontMetricsF* metrics = nullptr;
};

void buildDrawList(const DrawListInput& input, const std::vector<TrackOnScreen>& tracks, SliceStyleCache* style,
                   DrawList* out);

// Slice under a point, from the data (not the draw list, which folds slices). Null if none.
const TimelineSlice* sliceAt(const TimelineData& data, const TrackOnScreen& track, const TimeMapper& mapper,
                             QPointF pos, double slopPx = 2.0);

// Slice rows are kSliceRowHeight apart; the box is one pixel shorter to leave a gap.
double depthRowTop(const TrackOnScreen& track, int depth);

} // namespace opscope
