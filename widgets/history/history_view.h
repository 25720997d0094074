// The History view: a run history opened from its database, one metric and scope chosen at a time, its
// trend drawn with the noise band and the changes found, and the runs listed below. A click on a run
// asks to open its trace; Ctrl+click on two runs asks to compare them.
#pragma once
#include "core/history/run_history.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;

namespace opscope {

class HistoryPlot;

class HistoryView : public QWidget {
    Q_OBJECT
public:
    explicit HistoryView(QWidget* parent = nullptr);
    ~HistoryView() override;

    // Opens the history; false with a message when it is not one.
    bool openHistory(const QString& path, QString* errorMessage);
    // Chooses the metric (and scope) to draw; the trend is computed on a worker.
    void showMetric(const QString& metric, const QString& scope = {});
    // For headless rendering: waits (processing events) until the trend is drawn, at most timeoutMs.
    Q_INVOKABLE bool waitForLoaded(int timeoutMs);

    HistoryPlot* plot() const { return plot_; }
    QComboBox* metricBox() const { return metricBox_; }
    QComboBox* scopeBox() const { return scopeBox_; }

signals:
    void openTraceRequested(const QString& tracePath);
    void compareRequested(const QString& basePath, const QString& newPath);
    void trendShown();

private:
    void fillScopes();
    void startTrend();
    void trendReady();
    void describeChanges();

    std::shared_ptr<history::HistoryStore> store_;
    std::vector<std::pair<std::string, std::string>> keys_;
    QComboBox* metricBox_ = nullptr;
    QComboBox* scopeBox_ = nullptr;
    QLabel* summary_ = nullptr;
    HistoryPlot* plot_ = nullptr;
    QFutureWatcher<std::optional<history::Trend>> watcher_;
    bool pending_ = false;
};

} // namespace opscope
