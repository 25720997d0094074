// The timeline's draw list (after Tracy's timeline controller): rebuilt only when the window, the size,
// the rows or the data change; the paint loop and hover then work from it. Building it walks only the
// visible part of each depth run and folds runs of sub-pixel slices into one merged block; zoomed out,
// it folds the items of the run's level-of-detail summary instead of the slices.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/time_mapper.h"
#include "widgets/timeline/counter_points_cache.h"
#include "widgets/timeline/slice_style_cache.h"

#include <QPointF>
#include <QRectF>
#include <QRgb>
#include <QVector>

#include <vector>

namespace opscope {

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
    std::uint32_t nameId;
    int chars; // as SliceStyleCache::fittingChars()
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
    // A lane of a collapsed process group, drawn inside its header row as a density preview (as MindStudio
    // Insight does): the top level only, faded, without labels.
    bool preview = false;
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
    bool labels = true;
    bool useLod = true; // false: fold the slices themselves even when zoomed out (for tests)
    QRgb background = 0xffffffff; // device waits are drawn pale, towards it (then hatched by the painter)
    // Non-null: counter plots whose inputs are unchanged since the last build with this cache take their kept
    // points instead of walking their samples again. One cache per draw list (a track keyed once per build).
    CounterPointsCache* counterPoints = nullptr;
};

// The fill of a device wait task: its colour washed out towards the background, so a wait reads as a gap.
QRgb waitFill(QRgb fill, QRgb background);

void buildDrawList(const DrawListInput& input, const std::vector<TrackOnScreen>& tracks, SliceStyleCache* style,
                   DrawList* out);

// Slice under a point, from the data (not the draw list, which folds slices). Null if none.
const TimelineSlice* sliceAt(const TimelineData& data, const TrackOnScreen& track, const TimeMapper& mapper,
                             QPointF pos, double slopPx = 2.0);

// Slice rows are kSliceRowHeight apart; the box is one pixel shorter to leave a gap.
double depthRowTop(const TrackOnScreen& track, int depth);

} // namespace opscope
