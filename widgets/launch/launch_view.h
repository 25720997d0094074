// The Launch view (a dock): one row per kernel launch (runtime call, kernel, stream, CPU and GPU time,
// launch delay, HTA's outlier flags) in a sortable table with the per-kernel summary beside it; a click
// on a launch selects its kernel on the timeline, a click on a kernel filters the launches to it.
// Computed off the GUI thread through the document's session (AnalysisRunner).
#pragma once
#include "core/analysis/launch/launch_stats.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace opscope {

class AnalysisRunner;
class KernelLaunchModel;
class LaunchTableModel;
class TraceDocument;
class ZoomControl;

class LaunchView : public QWidget {
    Q_OBJECT
public:
    struct Result; // a finished computation (defined with the worker)

    explicit LaunchView(ZoomControl* zoom, QWidget* parent = nullptr);
    ~LaunchView() override;

    void setDocument(TraceDocument* document);
    void recompute();
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    LaunchTableModel* launchModel() const { return launches_; }
    KernelLaunchModel* kernelModel() const { return kernels_; }
    QSortFilterProxyModel* launchProxy() const { return launchProxy_; }
    QTableView* launchTable() const { return launchView_; }
    QTableView* kernelTable() const { return kernelView_; }
    QLineEdit* kernelFilter() const { return filter_; }
    QLabel* summaryLabel() const { return summary_; }

signals:
    void computed();
    void sliceActivated(qint64 sliceId);

private:
    void take(Result result);

    AnalysisRunner* runner_;
    LaunchTableModel* launches_;
    KernelLaunchModel* kernels_;
    QSortFilterProxyModel *launchProxy_, *kernelProxy_;
    QTableView *launchView_, *kernelView_;
    QLineEdit* filter_;
    QLabel* summary_;
};

} // namespace opscope
