// The Summary view, shown first after a trace opens: per device and step, stacked bars of compute /
// communication not overlapped / free (torch_npu's step_trace_time columns), the overlap percentage,
// the top operators by compute share and the diagnosis headlines. A click on a bar selects that step;
// hovering it tells its figures, which matters once hundreds of steps leave room for a few names only.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QCPBars;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace opscope {

class TraceDocument;
class TraceSession;

class AnalysisRunner;
class BarChartPlot;
class ZoomControl;

class SummaryView : public QWidget {
    Q_OBJECT
public:
    explicit SummaryView(ZoomControl* zoom, QWidget* parent = nullptr);
    // The opened trace's document: the summary is computed through its session, off the GUI thread.
    void setDocument(TraceDocument* document);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    // One bar per (device, step), or per device when the trace has no steps; in drawing order.
    struct Bar {
        QStringList labelLines; // step first, then the device when the trace has several
        QString device;
        TimeRange range;        // what a click selects
        TimeNs computeNs = 0, communicationNotOverlappedNs = 0, freeNs = 0;
        TimeNs memoryNs = 0; // memory not overlapped: drawn between communication and free, a part of freeNs
    };
    const std::vector<Bar>& bars() const { return bars_; }
    QCustomPlot* plot() const;
    QString barText(int index) const; // the tooltip of bar index: its figures and what a click does

    struct Content {
        BreakdownReport breakdown;
        std::vector<std::pair<std::string, double>> topOperators; // name, compute share
        std::vector<std::string> headlines;                       // fired findings, English and zh_CN titles
        std::vector<std::string> headlinesZh;
        QString error;
    };

signals:
    void stepSelected(qint64 startNs, qint64 endNs);

private:
    void recompute();
    void show(const Content& content);
    void barClicked(int index);
    void showBarTip(QMouseEvent* event);

    ZoomControl* zoom_;
    AnalysisRunner* runner_;
    QLabel* header_;
    BarChartPlot* plot_;
    QCPBars *compute_, *communication_, *memory_, *free_;
    QLabel* operators_;
    QLabel* findings_;
    std::vector<Bar> bars_;
};

} // namespace opscope
