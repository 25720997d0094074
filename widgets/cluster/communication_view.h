// The communication view: the communication matrix (source rank × destination rank heatmap of
// bandwidth, size or time, with the transport types), the per-rank communication table with the
// 0.2 ratio guidance, packet sizes per link type, and the slow rank and slow links the rules name.
#pragma once
#include "core/analysis/cluster/cluster_query.h"
#include "core/analysis/communication/communication_analysis.h"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QTableView;

namespace opscope {

class AnalysisRunner;
class TraceDocument;

class CommunicationOpsModel;
class CommunicationRanksModel;
class NcclCollectivesModel;
class RankGridPlot;
class TimelineData;
class ZoomControl;

class CommunicationView : public QWidget {
    Q_OBJECT
public:
    explicit CommunicationView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~CommunicationView() override;
    // The opened trace: its communication is computed on a worker through the session
    // (TraceSession::communication), with progress and a cancel.
    void setDocument(TraceDocument* document);
    void setReport(CommunicationReport report, std::vector<SlowLink> slowLinks);
    // The report with the operators and matrix links behind it (what a click reaches on the timeline).
    void setOverview(CommunicationOverview overview);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    // Selects the operator's slices on the timeline (its rank's slices named as it, overlapping its time)
    // and frames them; done on a worker, the selection arrives when it is found.
    void showOperatorOnTimeline(const CommOpRank& op);
    // A matrix cell: the source rank's operator with the longest transit towards the destination.
    void showMatrixCellOnTimeline(int row, int column);
    // The slices the last jump selected (empty when none was found).
    const std::vector<std::int64_t>& lastJumpSlices() const { return lastJump_; }

    RankGridPlot* plot() const { return plot_; }
    CommunicationRanksModel* model() const { return model_; }
    CommunicationOpsModel* opsModel() const { return opsModel_; }
    QTableView* opsTable() const { return opsTable_; }
    NcclCollectivesModel* ncclModel() const { return ncclModel_; }
    QTableView* ncclTable() const { return ncclTable_; }
    QLabel* notesLabel() const { return notes_; }

    struct Result;
    struct Jump;

signals:
    // A jump to the timeline finished (slices found or not).
    void operatorShown();

private:
    void recompute();
    void showMatrix();
    void takeJump(const std::vector<std::int64_t>& sliceIds, const CommOpRank& op);
    ZoomControl* zoom_;
    QComboBox* measure_;
    RankGridPlot* plot_;
    QTableView* table_;
    CommunicationRanksModel* model_;
    QLabel* notes_;
    std::vector<SlowLink> slowLinks_;
    CommunicationOpsModel* opsModel_;
    QTableView* opsTable_;
    NcclCollectivesModel* ncclModel_;
    QTableView* ncclTable_;
    std::vector<CommMatrixLink> links_;
    std::vector<int> matrixRows_, matrixColumns_; // the ranks of the plot's rows and columns
    std::vector<std::int64_t> lastJump_;
    AnalysisRunner* runner_;
};

} // namespace opscope
