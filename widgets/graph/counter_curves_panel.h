// The counter-curves panel of a graph node: one point per execution for its duration and for each
// ratio and bandwidth metric, and the device's counter tracks over the executions' time windows
// (each window squeezed onto its execution's x position so the three plots line up), on QCustomPlot.
// A stepper walks through the executions; the current one is marked in every plot.
#pragma once
#include "core/analysis/graph/graph_measures.h"

#include <QWidget>

class QCustomPlot;
class QCPAxisRect;
class QCPMarginGroup;
class QLabel;
class QToolButton;

namespace opscope {

class CounterCurvesPanel : public QWidget {
    Q_OBJECT
public:
    explicit CounterCurvesPanel(QWidget* parent = nullptr);

    void setData(const QString& title, NodeExecutionData data);
    void clear(const QString& message);
    const NodeExecutionData& data() const { return data_; }

    void setCurrentExecution(int index); // -1: none; does not emit
    int currentExecution() const { return current_; }
    // What ◀ / ▶ do: moves delta executions (clamped) and emits executionChosen.
    void step(int delta);
    int executionCount() const { return static_cast<int>(data_.executions.size()); }
    // Points plotted in the duration plot (one per execution) and plots shown.
    int durationPointCount() const;
    int metricGraphCount() const;
    int counterGraphCount() const;
    QCustomPlot* plot() const { return plot_; }

signals:
    void executionChosen(int index); // from the stepper or a click on a point

private:
    void rebuild();
    void addDurationPlot(QCPAxisRect* rect);
    bool addMetricPlot(QCPAxisRect* rect);
    bool addCounterPlot(QCPAxisRect* rect);
    void updateMarkers();
    void updateStepper();

    QCustomPlot* plot_;
    QCPMarginGroup* margins_ = nullptr;
    QLabel* title_;
    QLabel* position_;
    QToolButton *prev_, *next_;
    NodeExecutionData data_;
    int current_ = -1;
    int metricGraphs_ = 0, counterGraphs_ = 0;
};

} // namespace opscope
