// The cluster summary view: a rank × step heatmap of one figure (free, communication not overlapped,
// compute or stage), the rank × step table, and the slow ranks each rule names with its reason.
#pragma once
#include "core/analysis/cluster/cluster_summary.h"

#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QTableView;

namespace opscope {

class TraceDocument;

class ClusterStepsModel;
class RankGridPlot;
class TimelineData;
class ZoomControl;

class ClusterView : public QWidget {
    Q_OBJECT
public:
    explicit ClusterView(ZoomControl* zoom, QWidget* parent = nullptr);
    // Reads the store's cluster summary (small: one row per rank and step) and shows it.
    void setStore(const std::string& storePath, std::shared_ptr<const TimelineData> timeline);
    // The opened trace's document: this view still reads its tables through its own read-only connection
    // to the document's store (tests/layering/known_violations.txt), not yet through the session.
    void setDocument(TraceDocument* document);
    void setSummary(ClusterSummary summary);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    RankGridPlot* plot() const { return plot_; }
    ClusterStepsModel* model() const { return model_; }
    QLabel* slowRanksLabel() const { return slow_; }

private:
    void showFigure();
    QComboBox* figure_;
    RankGridPlot* plot_;
    QTableView* table_;
    ClusterStepsModel* model_;
    QLabel* slow_;
};

// "rank 1: advisor_slow_rank (communication_not_overlapped, others wait for it)" lines, translated.
QString slowRanksText(const ClusterSummary& summary);

} // namespace opscope
