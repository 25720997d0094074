// The Memory view (a dock linked to the timeline): memory curves per device and component on the trace's
// time axis with each device's peak marked; a range dragged on the curves (or selected on the timeline)
// lists the allocations alive in it; tabs for the largest allocations, those never released and memory
// per operator; clicking an allocation selects its operator's slice on the timeline. Loads off the GUI thread.
#pragma once
#include "core/analysis/memory/memory_summary.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>
#include <string>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace opscope {

class TraceDocument;
class TraceSession;

class AnalysisRunner;
class MemoryBlockModel;
class MemoryOperatorModel;
class MemoryPlot;
class ZoomControl;

class MemoryView : public QWidget {
    Q_OBJECT
public:
    struct Result; // a finished load (defined with the worker)

    explicit MemoryView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~MemoryView() override;

    // The opened trace's document: memory is read through its session, off the GUI thread.
    void setDocument(TraceDocument* document);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    // Lists the allocations alive in range in the "Alive in selection" tab (and shows that tab).
    void selectRange(TimeRange range);
    // What a click on a row of a block table does: the allocation's operator slice is selected.
    void activateBlock(const QModelIndex& proxyIndex);

    const MemoryData* data() const { return data_.get(); }
    const std::vector<DeviceMemorySummary>& summaries() const { return summaries_; }
    MemoryPlot* plot() const { return plot_; }
    QTableView* aliveTable() const { return aliveView_; }
    QTableView* largestTable() const { return largestView_; }
    QTableView* unreleasedTable() const { return unreleasedView_; }
    QTableView* operatorTable() const { return operatorView_; }
    MemoryBlockModel* aliveModel() const { return alive_; }
    QSortFilterProxyModel* aliveProxy() const { return aliveProxy_; }
    QCheckBox* zeroSeriesBox() const { return showZero_; }
    QTabWidget* tabs() const { return tabs_; }

signals:
    void computed();
    void sliceActivated(qint64 sliceId);

private:
    void recompute();
    void take(Result result);
    QTableView* addBlockTable(MemoryBlockModel* model, QSortFilterProxyModel** proxy, const QString& title);

    ZoomControl* zoom_;
    AnalysisRunner* runner_;
    std::shared_ptr<const MemoryData> data_;
    std::vector<DeviceMemorySummary> summaries_;
    MemoryPlot* plot_;
    QLabel* info_;
    QCheckBox* showZero_;
    QTabWidget* tabs_;
    MemoryBlockModel *alive_, *largest_, *unreleased_;
    MemoryOperatorModel* operators_;
    QSortFilterProxyModel *aliveProxy_, *largestProxy_, *unreleasedProxy_, *operatorProxy_;
    QTableView *aliveView_, *largestView_, *unreleasedView_, *operatorView_;
};

} // namespace opscope
