// The operator statistics view: the sortable, filterable table of OperatorStatsModel over a proxy, grouped
// by name, type, or type and input shapes (Ascend), filtered by Core Type, for the whole trace or the
// visible range; the same rows as `opscope-cli stats` (TraceSession::operatorStats). Selecting a row highlights the operator's
// executions on the timeline; Next/Previous (or Enter / Shift+Enter) centre the timeline on each in turn.
#pragma once
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"
#include "widgets/common/operator_executions.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class QToolButton;

namespace opscope {

class AnalysisRunner;
class OperatorStatsModel;
struct OperatorStats;
class TraceDocument;
class ZoomControl;

class OperatorStatsView : public QWidget {
    Q_OBJECT
public:
    struct Result; // a finished computation (defined with the worker)

    explicit OperatorStatsView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~OperatorStatsView() override;

    // Drops what was computed for the previous trace and computes the table for this one (null: none).
    void setDocument(TraceDocument* document);
    void setGroupBy(GroupBy by);
    void setGroupByTypeAndShapes(); // Ascend: one row per OP type and Input Shapes
    // Keeps one Ascend Core Type ("AI_CORE" ...); "" all.
    void setCoreTypeFilter(const QString& coreType);
    QString coreTypeFilter() const;
    void setVisibleRangeOnly(bool on);
    void recompute();
    // Runs a pending recomputation now and waits for the results (screenshots and tests); false on timeout.
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    OperatorStatsModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QTableView* tableView() const { return table_; }
    QLineEdit* filterEdit() const { return filter_; }

    // Selects the row of an operator (by its name or type); false when it is not in the table.
    bool selectOperator(const QString& key);
    // The row of the operator a timeline slice belongs to, without moving the timeline.
    void showOperatorOfSlice(qint64 sliceId);
    // Executions of the selected row (by start time) and the one the timeline was last centred on.
    const std::vector<std::int64_t>& executions() const { return executionIds_; }
    int currentExecution() const { return current_; }
    // "Execution 2 of 80", "3 executions", "No executions" or empty.
    QString stepperText() const;
    void stepExecution(bool forward);

    bool exportCsv(const QString& path, QString* errorMessage) const;

signals:
    void computed();
    void slicesHighlighted(std::shared_ptr<const SliceSearchResult> slices, int current);
    void sliceActivated(qint64 sliceId);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void take(Result result);
    void rowSelected();
    void goToExecution(int index);
    void updateStepper();
    void exportWithDialog();
    QWidget* buildToolbar();
    void fillCoreTypes(const OperatorStats& stats);

    ZoomControl* zoom_;
    AnalysisRunner* runner_; // debounce, job, cancel, over the document's session
    std::shared_ptr<const TimelineData> timeline_;
    OperatorExecutions index_;
    OperatorStatsModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QComboBox* groupBy_;
    QComboBox* coreType_;
    bool fillingCoreTypes_ = false;
    int pendingChoice_ = 0, shownChoice_ = 0; // grouping of the running computation and of the table
    QLineEdit* filter_;
    QCheckBox* visibleOnly_;
    QToolButton *prev_, *next_, *export_;
    QLabel *stepLabel_, *summary_;
    std::vector<std::int64_t> executionIds_;
    std::shared_ptr<const SliceSearchResult> highlight_;
    int current_ = -1;
    bool quietSelection_ = false; // selection made from the timeline: do not move it back
};

} // namespace opscope
