// The comparison of two traces in the GUI: the verdict at the chosen threshold, the summary (totals,
// devices, findings) and per-operator diff tables (sortable, filterable, exported as CSV as shown),
// and both timelines aligned on a common relative time axis.
#pragma once
#include "core/analysis/compare/comparison.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QModelIndex;

namespace opscope {

class AlignedTimelines;
class AsyncJob;
class TraceSession;
class HostOperatorDiffTab;
class ComparisonSummaryModel;
class OperatorDiffModel;

struct CompareInputs {
    BaselineAggregates base, current;
    std::shared_ptr<const TimelineData> baseTimeline;
    std::shared_ptr<const TimelineData> newTimeline; // loaded with AlignedTimelines::alignmentShiftNs()
    QString baseLabel, newLabel;
    // For the step selectors (ProfilerStep#N by launch, as `compare --step N:M`): each side's session and
    // step numbers. Without both sessions (a baseline file) the selectors stay hidden.
    std::shared_ptr<TraceSession> baseSession, newSession;
    std::vector<std::int64_t> baseSteps, newSteps;
};

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparePanel(QWidget* parent = nullptr);

    void setInputs(CompareInputs inputs);
    // ProfilerStep#baseStep of the base against #newStep of the new trace (-1: the whole trace): both
    // sides' aggregates are recomputed through their sessions off the GUI thread, then the diff.
    void setSteps(std::int64_t baseStep, std::int64_t newStep);
    QComboBox* baseStepBox() const { return baseStep_; }
    QComboBox* newStepBox() const { return newStep_; }
    // Waits until a step recomputation has reached the tables (tests, screenshots).
    bool waitForSteps(int timeoutMs = 30000);
    // Share, e.g. 0.05; recomputes the diff (cheap: aggregates only).
    void setThreshold(double share);
    double threshold() const;
    const ComparisonResult& result() const { return result_; }

    OperatorDiffModel* operatorModel() const { return operatorModel_; }
    QSortFilterProxyModel* operatorProxy() const { return operatorProxy_; }
    ComparisonSummaryModel* summaryModel() const { return summaryModel_; }
    QSortFilterProxyModel* summaryProxy() const { return summaryProxy_; }
    QTableView* operatorTable() const { return operatorTable_; }
    AlignedTimelines* timelines() const { return timelines_; }
    HostOperatorDiffTab* hostOperatorTab() const { return hostOperators_; }
    QTabWidget* tabs() const { return tabs_; }
    QLabel* verdictLabel() const { return verdict_; }
    void setOperatorFilter(const QString& text);
    // A further tab after the timelines (the per-step host-operator comparison lives in its own widget).
    void addSection(const QString& title, QWidget* section);
    // The pane beside the operator table: the selected operator's full name and figures.
    QTextBrowser* operatorDetails() const { return details_; }
    // text shortened to maxChars with "…" in the middle, so both ends of a templated name stay readable.
    static QString elideMiddle(const QString& text, int maxChars);

    // The tables as shown (sort, filter) to CSV; false with a message on failure.
    bool exportOperatorsCsv(const QString& path, QString* errorMessage) const;
    bool exportSummaryCsv(const QString& path, QString* errorMessage) const;

signals:
    void resultChanged(bool regressed);

private:
    void recompute();
    void fillStepBoxes();
    void loadSteps();
    void exportDialog(bool operators);
    QWidget* buildDifferencesPage();
    void showOperatorDetails(const QModelIndex& proxyIndex);

    CompareInputs inputs_;
    ComparisonResult result_;
    QLabel* title_;
    QLabel* verdict_;
    QDoubleSpinBox* thresholdBox_;
    QComboBox* baseStep_;
    QComboBox* newStep_;
    QLabel* stepLabel_;
    AsyncJob* stepJob_;
    QLineEdit* filter_ = nullptr;
    QTabWidget* tabs_;
    OperatorDiffModel* operatorModel_;
    ComparisonSummaryModel* summaryModel_;
    QSortFilterProxyModel* operatorProxy_;
    QSortFilterProxyModel* summaryProxy_;
    QTableView* operatorTable_ = nullptr;
    QTableView* summaryTable_ = nullptr;
    AlignedTimelines* timelines_;
    HostOperatorDiffTab* hostOperators_;
    QTextBrowser* details_ = nullptr;
};

} // namespace opscope
