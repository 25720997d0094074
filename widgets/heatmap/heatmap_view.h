// The operator heatmap view: operators (top N by time, or types) by time buckets over the timeline's
// visible range, coloured by execution time (the row's compute, communication or memory time),
// executions, mean duration or a metric the store holds.
// Recomputed off the GUI thread when the range or the options change (stale results dropped);
// hovering tells a cell's value, clicking zooms the timeline to the bucket and selects the executions.
#pragma once
#include "core/analysis/heatmap/heatmap_rows.h"
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"
#include "widgets/common/operator_executions.h"
#include "widgets/heatmap/heatmap_plot.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTimer;

namespace opscope {

class AnalysisRunner;
class TraceDocument;
class ZoomControl;

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    struct Result; // a finished computation (defined with the worker)

    explicit HeatmapView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~HeatmapView() override;

    // The trace to show (null: none); what was computed for the previous one is dropped.
    void setDocument(TraceDocument* document);
    void setGroupBy(GroupBy by);
    void setTopN(int rows);
    // "busy", "count", "mean" or a metric name the store holds; false when it is not offered.
    bool setValue(const QString& value);
    void recompute();
    // Runs a pending recomputation now and waits for the results (screenshots and tests); false on timeout.
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    // About 4 px per bucket, at least 100 and at most 400 buckets.
    static int bucketCountForWidth(int widthPx);

    HeatmapPlot* plot() const { return plot_; }
    const HeatmapResult& result() const { return result_; }
    const std::vector<HeatmapMetricChoice>& metrics() const { return metrics_; }
    QComboBox* valueBox() const { return value_; }
    // Text the tooltip shows for a cell: the row's class names what the cell measures ("Compute time").
    QString cellText(int row, int bucket) const;
    // The definition of the execution-time value, as the value box and the info line's tooltip give it.
    static QString definitionText();
    // "Compute time", "Communication time", "Memory time", or "Execution time" without a class.
    static QString classTimeName(std::optional<DeviceClass> deviceClass);
    // The colour scale's title: the value and its unit (a class when every row has the same one).
    QString valueLabel() const;
    // What a click on a cell does: select the operator's executions in the bucket; the overview stays.
    void activateCell(int row, int bucket);
    // What a double-click adds to the click's selection: the timeline zoomed to the bucket (zoom back undoes it).
    void zoomToCell(int row, int bucket);
    // Off (the default): the heatmap bins the whole trace and a zoom leaves it alone; on: it bins the
    // timeline's visible range and recomputes as it changes.
    void setFollowView(bool follow);
    bool followsView() const;
    // Outlines the row of the operator a timeline slice belongs to.
    void showOperatorOfSlice(qint64 sliceId);

signals:
    void computed();
    void slicesHighlighted(std::shared_ptr<const SliceSearchResult> slices, int current);

private:
    void take(Result result);
    void scheduleRecompute();
    void plotResized();
    int wantedBuckets() const;
    void fillValueBox();
    QString valueText(double v) const;
    QWidget* buildToolbar();

    ZoomControl* zoom_;
    AnalysisRunner* runner_; // debounce, job, cancel, over the document's session
    std::shared_ptr<const TimelineData> timeline_;
    HeatmapPlot* plot_;
    QComboBox *groupBy_, *value_, *gradient_;
    QSpinBox* topN_;
    QCheckBox *other_, *logScale_, *followView_;
    QLabel* info_;
    HeatmapResult result_;
    OperatorExecutions index_;
    std::vector<HeatmapMetricChoice> metrics_;
    bool metricsLoaded_ = false;
    QString pendingValue_; // asked for before the metric list arrived
};

} // namespace opscope
