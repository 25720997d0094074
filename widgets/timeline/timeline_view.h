// The timeline: track headers grouped by process (collapsible, pinnable), nested slices, counters as step
// charts, flow arrows and a time ruler, over one shared ZoomControl. Paints from a cached draw list that is
// rebuilt only when the window, size, rows or data change; never queries the store.
#pragma once
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_flows.h"
#include "widgets/common/theme.h"
#include "widgets/common/time_mapper.h"
#include "widgets/timeline/counter_image_cache.h"
#include "widgets/timeline/counter_raster.h"
#include "widgets/timeline/timeline_draw_list.h"
#include "widgets/timeline/timeline_header_text.h"
#include "widgets/timeline/timeline_layout.h"
#include "widgets/timeline/timeline_ruler.h"
#include "widgets/timeline/time_area_image.h"

#include <QAbstractScrollArea>
#include <QElapsedTimer>
#include <QHash>
#include <QLineF>
#include <QStaticText>
#include <QLoggingCategory>
#include <QVector>

class QMenu;

#include <array>
#include <memory>
#include <string_view>
#include <optional>

Q_DECLARE_LOGGING_CATEGORY(lcTimeline)

namespace opscope {

class ZoomControl;

// Counter values for headers and hover: "1,024,000" rather than "1.024e+06".
QString formatCounterValue(double value);

class TimelineView : public QAbstractScrollArea {
    Q_OBJECT
public:
    static constexpr int kHeaderWidth = 260;
    static constexpr int kRulerHeight = 30;

    explicit TimelineView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~TimelineView() override;

    // Also resets the zoom control to the trace's range, and shows all of it but outlier slices (those far
    // from the rest: core/analysis/first_view/outlier_window.h).
    // flowsLater: the data was loaded without its flows (loadTimelineDeferringFlows); setFlows() brings them.
    void setData(std::shared_ptr<const TimelineData> data, bool flowsLater = false);
    // Slices the first view left out as outliers (0: none), and how far the farthest lies outside it.
    std::int64_t firstViewOutliers() const { return firstViewOutliers_; }
    TimeNs firstViewFarthestNs() const { return firstViewFarthestNs_; }
    const TimelineData* data() const { return data_.get(); }
    ZoomControl* zoomControl() const { return zoom_; }

    // The flows of data() when they come later (setData(data, true)): until then, a frame that would draw
    // arrows says "Loading flows…" instead of drawing none. Flows read for other data are ignored.
    void setFlows(std::shared_ptr<const TimelineFlowSet> flows);
    bool flowsPending() const { return flowsPending_; }
    bool flowsLoadingShown() const { return flowsLoadingShown_; } // the last paint said "Loading flows…"
    // The flows drawn: data()->flows(), or those setFlows() brought; empty while pending.
    const TimelineFlowArray& flows() const;
    void setFlowsVisible(bool visible);
    bool flowsVisible() const { return flowsVisible_; }
    // Arrows of the last paint. Zoomed out on a trace with hundreds of thousands of flows, the flows
    // between the same two rows that leave within one kFlowBucketPx column share one arrow (a second
    // one when their targets lie apart), so the slices under them stay readable and a frame is cheap.
    // flowsMerged() counts the flows left to a shared arrow; the selected slice's are drawn apart.
    int flowsDrawn() const { return flowsDrawn_; }
    int flowsMerged() const { return flowsMerged_; }
    int flowsHighlighted() const { return flowsHighlighted_; }
    static constexpr int kFlowBucketPx = 8;
    // At most this many ordinary arrows a frame: past it, the column flows share an arrow in doubles
    // (16, 32, 64 px) until they fit. The selected slice's arrows are drawn besides.
    static constexpr int kMaxFlowArrows = 512;
    static constexpr int kMaxFlowBucketPx = 64;
    void setMaxFlowArrows(int arrows) { maxFlowArrows_ = arrows; } // tests
    int lastFlowBucketPx() const { return flowBucketPx_; }           // the column of the last paint
    void setColourMode(ColourMode mode);
    ColourMode colourMode() const { return colourMode_; }
    void setAbsoluteTime(bool absolute);
    bool absoluteTime() const { return absoluteTime_; }

    // 0: no slice. Does not emit sliceSelected.
    void setSelectedSlice(std::int64_t sliceId);
    std::int64_t selectedSlice() const { return selectedSlice_; }
    // Scrolls to the slice's track and centres it in time, zooming out if it does not fit.
    void revealSlice(std::int64_t sliceId);
    // Highlights matches (non-matching slices are dimmed); null clears. currentMatch is outlined.
    void setSearchResult(std::shared_ptr<const SliceSearchResult> result, int currentMatch = -1);

    void setProcessCollapsed(int processIndex, bool collapsed);
    bool processCollapsed(int processIndex) const;
    void setTrackPinned(int trackIndex, bool pinned);
    bool trackPinned(int trackIndex) const;
    void setAllProcessesCollapsed(bool collapsed);
    // Counter series hidden by default (all zero, or identifiers: TimelineLayout::hiddenByDefault) shown again
    // in one process group, or in all of them; a new trace hides them again.
    void setHiddenSeriesShown(int processIndex, bool shown);
    bool hiddenSeriesShown(int processIndex) const;
    void setAllHiddenSeriesShown(bool shown);
    // Series hidden by default in the whole trace, and how many of them are hidden now.
    int hiddenSeriesCount() const;
    int hiddenSeriesHiddenCount() const;

    int visibleTrackCount() const { return layout_.visibleTrackCount(); }
    const TimelineLayout& layout() const { return layout_; }
    // Viewport rectangle where time is drawn (right of the headers, below the ruler).
    QRect timeArea() const;
    TimeMapper mapper() const;
    // Centre of a slice on the viewport, if it is on screen (for tests and "jump" actions).
    std::optional<QPointF> sliceCenter(std::int64_t sliceId) const;
    // Where a flow's arrow starts and ends on the viewport: at its slices, or at the header of a
    // collapsed process holding one; nullopt when an end is not shown.
    std::optional<QLineF> flowLine(const TimelineFlow& flow) const;
    // Items drawn and folded in the last frame.
    std::int64_t lastDrawnItems() const { return lastDrawn_; }
    std::int64_t lastFoldedSlices() const { return lastFolded_; }
    // Forces the draw list to be rebuilt at the next paint (the benchmark measures full frames). Counter
    // plots whose range, width, data, scale and place are unchanged keep their points.
    void invalidateDrawList();
    // Counter plots whose points were computed, and taken as kept, since construction (tests).
    std::int64_t counterPlotsComputed() const { return pinnedCounterPoints_.computed() + scrolledCounterPoints_.computed(); }
    std::int64_t counterPlotsReused() const { return pinnedCounterPoints_.reused() + scrolledCounterPoints_.reused(); }
    // Frames whose time area (rows, slices, counters, ordinary arrows) was painted into the kept image, and
    // frames that copied it, since construction (tests).
    std::int64_t timeAreaImagesPainted() const { return timeAreaImage_.imagesPainted(); }
    std::int64_t timeAreaFramesCopied() const { return timeAreaImage_.framesCopied(); }
    // The hover line of a device wait (drawn pale and hatched): what it waits for, and that it is no work.
    static QString waitHoverText(std::string_view waitName);

signals:
    void sliceSelected(qint64 sliceId); // 0: selection cleared
    void regionSelected(qint64 startNs, qint64 endNs, const QVector<qint64>& trackIds);
    void cursorTimeChanged(bool valid, qint64 timeNs);
    void frameRendered(double milliseconds, qint64 itemsDrawn, qint64 slicesFolded);
    void hiddenSeriesChanged(); // shown or hidden again, or a new trace
    void flowsWanted();         // arrows are to be drawn while the flows are pending (setFlows())

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    enum class Drag { None, Pan, Measure, Region };
    struct HitRow {
        const TimelineRow* row = nullptr;
        bool pinned = false;
        double yTop = 0; // on the viewport
    };

    // Geometry
    int pinnedAreaHeight() const;
    QRect scrolledArea() const;
    QRect flowArea() const; // where arrows, the selected slice and the selection are clipped to
    HitRow rowAtViewportY(int y) const;
    std::optional<double> trackYTop(int trackIndex, bool* pinned = nullptr) const;
    void relayout();
    void updateScrollBar();
    void rebuildDrawLists();
    void collectTracks(bool pinned, std::vector<TrackOnScreen>* out) const;
    // The lanes of a collapsed process group, drawn as a density preview in its header row at top.
    void addPreviewLanes(const TimelineRow& processRow, double top, std::vector<TrackOnScreen>* out) const;
    // At the first paint after setData (when the height is known): host groups above the first device lane
    // are collapsed, tallest first, until a few rows of it are in view, so the first screen shows where the
    // device is rather than screens of Python stack.
    void collapseHostGroupsAboveDevice();

    // Painting (timeline_view_paint.cpp)
    struct GridLines {
        std::array<int, 64> xPx{};
        int count = 0;
    };
    // What the time area image is compared by: this frame's draw lists, rows, grid, arrows and target.
    TimeAreaInputs timeAreaInputs(const QPainter& p, const GridLines& grid) const;
    // Everything the kept image holds: rows, slices and counters of both areas, then the ordinary arrows.
    void paintTimeArea(QPainter& p, const GridLines& grid);
    void paintRows(QPainter& p, bool pinned, const GridLines& grid);
    void paintSlices(QPainter& p, const DrawList& list);
    void paintCounters(QPainter& p, const DrawList& list, bool pinned);
    // Headers (timeline_view_headers.cpp)
    void paintHeaders(QPainter& p, bool pinned);
    void paintTrackHeader(QPainter& p, const TimelineRow& row, QRect rect, bool pinned);
    void paintProcessHeader(QPainter& p, const TimelineRow& row, QRect rect);
    const TrackHeaderText& trackHeaderText(const TimelineRow& row, QSize size, bool pinned);
    const ProcessHeaderText& processHeaderText(const TimelineRow& row, QSize size);
    void resetHeaderTexts();
    void paintRuler(QPainter& p);
    const QStaticText& rulerLabel(const QString& text);
    // The ruler's ticks, spaced so that their labels never overlap.
    RulerTicks rulerTicks(const TimeMapper& m, TimeNs origin) const;
    GridLines gridLines() const;
    void paintGridRect(QPainter& p, QRect rect, const QColor& fill, const GridLines& grid);
    // This frame's ordinary arrows and their lines (flowLines_), before anything is painted.
    void prepareFlowArrows();
    void paintFlowArrows(QPainter& p);       // the ordinary arrows of flowLines_
    void paintHighlightedFlows(QPainter& p); // the selected slice's, or "Loading flows…"
    void paintFlowsLoading(QPainter& p);
    void collectFlowArrows();                                      // fills flowsToDraw_ within the budget
    void collectFlowArrows(const FlowGroup& group, int bucketPx); // appends to flowsToDraw_
    void paintDenseFlow(QPainter& p, const QLineF& line);
    std::optional<QLineF> onScreenFlowLine(const TimelineFlow& flow) const; // null: no row for it, or above or below the view
    bool touchesSelection(const TimelineFlow& flow) const;
    void paintFlow(QPainter& p, const QLineF& line, bool highlighted);
    std::optional<double> flowEndY(const TimelineFlowEnd& end) const;
    void paintSelectionOverlay(QPainter& p);
    void paintSelectedSlice(QPainter& p);
    void paintHover(QPainter& p);
    QString hoverText() const;

    // Input (timeline_view_input.cpp)
    void zoomByKey(double factor);
    void clickAt(QPointF pos);
    void finishRegion();
    const TimelineSlice* sliceUnder(QPointF pos, int* trackIndex = nullptr) const;
    TimeNs timeAtX(double x) const;
    bool headerClick(QPoint pos);
    void addHiddenSeriesActions(QMenu& menu, const TimelineRow* processRow);
    void updateMinimumZoom();

    ZoomControl* zoom_;
    std::shared_ptr<const TimelineData> data_;
    TimelineLayout layout_;
    TimelineTheme theme_;
    std::vector<bool> collapsed_, pinned_, hiddenShown_;
    bool firstScreenPending_ = false; // collapseHostGroupsAboveDevice() still to run (at the next paint)
    std::int64_t firstViewOutliers_ = 0;
    TimeNs firstViewFarthestNs_ = 0;
    DrawList pinnedList_, scrolledList_;
    SliceStyleCache style_;
    std::vector<TrackOnScreen> tracksScratch_;
    bool dirty_ = true;
    bool flowsVisible_ = false; // all flows; the selected slice's are drawn either way (Perfetto, Nsight)
    std::vector<std::array<QPointF, 3>> flowHeads_; // this frame's arrow heads, drawn after the curves
    CounterRasterScratch counterScratch_; // reused by each counter plot
    CounterImageCache counterImages_; // each counter track's plot, redrawn when it changes
    // Each counter track's points, recomputed only when their inputs change: one per draw list.
    CounterPointsCache pinnedCounterPoints_, scrolledCounterPoints_;
    // The flows and their groups: data_'s (grouped here), or a set read later; empty while pending.
    const TimelineFlowArray* flows_ = nullptr;
    const std::vector<FlowGroup>* flowGroups_ = nullptr;
    std::vector<FlowGroup> ownFlowGroups_;
    std::shared_ptr<const TimelineFlowSet> flowSet_;
    bool flowsPending_ = false;
    bool flowsLoadingShown_ = false;
    std::vector<std::uint32_t> flowsToDraw_;   // this paint's ordinary arrows, reused
    std::vector<QLineF> flowLines_;            // and those on screen, from end to end
    bool denseFlows_ = false;                  // drawn aliased
    TimeAreaImage timeAreaImage_;
    std::vector<std::uint32_t> selectedFlows_; // flows of selectedSlice_, drawn highlighted
    static constexpr std::size_t kAntialiasedFlowLimit = 400;
    int flowsDrawn_ = 0, flowsMerged_ = 0, flowsHighlighted_ = 0;
    int maxFlowArrows_ = kMaxFlowArrows, flowBucketPx_ = kFlowBucketPx;
    bool absoluteTime_ = false;
    ColourMode colourMode_ = ColourMode::ByName;
    std::int64_t selectedSlice_ = 0;
    std::shared_ptr<const SliceSearchResult> search_;
    int currentMatch_ = -1;

    Drag drag_ = Drag::None;
    QPointF pressPos_, mousePos_;
    bool mouseInside_ = false;
    TimeRange pressWindow_;
    int pressScroll_ = 0;
    TimeNs measureAnchorNs_ = 0;
    QRectF regionRect_;
    std::int64_t lastDrawn_ = 0, lastFolded_ = 0;
    QFont sliceFont_, headerFont_, smallFont_;
    std::vector<TrackHeaderText> trackHeaderText_[2]; // per track: scrolled, pinned
    std::vector<ProcessHeaderText> processHeaderText_;
    QStaticText rulerTitle_;
    QHash<QString, QStaticText> rulerLabels_; // tick labels seen lately; bounded
};

} // namespace opscope
