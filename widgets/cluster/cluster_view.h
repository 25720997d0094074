// The cluster summary view: a rank × step heatmap of one figure (free, communication not overlapped,
// compute or stage), the rank × step table, and the slow ranks each rule names with its reason.
#pragma once
#include "core/analysis/cluster/cluster_query.h"
#include "core/analysis/cluster/cluster_summary.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QTableView;

namespace opscope {

class AnalysisRunner;
class RankOffsetsDialog;
class TraceDocument;

class ClusterStepsModel;
class RankGridPlot;
class TimelineData;
class ZoomControl;

class ClusterView : public QWidget {
    Q_OBJECT
public:
    explicit ClusterView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~ClusterView() override;
    // The opened trace: its cluster summary is computed on a worker through the session
    // (TraceSession::clusterSummary), with progress and a cancel.
    void setDocument(TraceDocument* document);
    void setSummary(ClusterSummary summary);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);
    // The rank-step figures come from ClusterQuery; recomputes with it.
    void setQuery(ClusterQuery query);
    const ClusterQuery& query() const { return query_; }

    // Opens the rank clock offsets dialog (once the automatic offsets are computed); OK stores the manual
    // offsets in the store and recomputes.
    void editClockOffsets();
    RankOffsetsDialog* offsetsDialog() const;

    RankGridPlot* plot() const { return plot_; }
    ClusterStepsModel* model() const { return model_; }
    QLabel* slowRanksLabel() const { return slow_; }

    struct Result;
    struct ClockRows;

signals:
    // The manual per-rank offsets were stored: views on the job clock (the aligned timeline) reload.
    void clockOffsetsChanged();

private:
    void recompute();
    void showFigure();
    QComboBox* figure_;
    RankGridPlot* plot_;
    QTableView* table_;
    ClusterStepsModel* model_;
    QLabel* slow_;
    AnalysisRunner* runner_;
    ClusterQuery query_;
    QPointer<RankOffsetsDialog> offsetsDialog_;
};

// "rank 1: advisor_slow_rank (communication_not_overlapped, others wait for it)" lines, translated.
QString slowRanksText(const ClusterSummary& summary);

} // namespace opscope
