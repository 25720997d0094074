// The findings panel: the diagnosis findings by time at stake, and for the selected one its measured
// value against the threshold, evidence ranges and operators, and the suggestion. Selecting a finding
// frames its first evidence range on the timeline and highlights the evidence slices; the ranges can
// be stepped through, and every range or operator in the text is a link to the timeline.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTextBrowser;
class QToolButton;
class QUrl;

namespace opscope {

class FindingsModel;
class ZoomControl;

class FindingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit FindingsPanel(ZoomControl* zoom, QWidget* parent = nullptr);

    void setFindings(std::vector<Finding> findings, TimeNs deviceTimeNs, std::shared_ptr<const TimelineData> timeline);
    void setMessage(const QString& text); // shown while nothing is selected (e.g. "Computing…")

    FindingsModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    QTableView* tableView() const { return table_; }
    QTextBrowser* detailsView() const { return details_; }
    void setShowPassed(bool show);

    // Selects a finding by its row in the model (the engine's order).
    void selectFinding(int modelRow);
    int selectedFinding() const { return selected_; }
    void stepRange(bool forward);
    int currentRange() const { return range_; }
    void showOperator(int operatorIndex);

signals:
    void slicesHighlighted(std::shared_ptr<const SliceSearchResult> slices, int current);
    void sliceActivated(qint64 sliceId);

private:
    void buildLayout();
    void findingSelected();
    void goToRange(int index);
    void linkClicked(const QUrl& url);
    void updateDetails();
    void updateStepper();
    QString detailsHtml(const Finding& f) const;

    ZoomControl* zoom_;
    std::shared_ptr<const TimelineData> timeline_;
    FindingsModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QTextBrowser* details_;
    QCheckBox* showPassed_;
    QToolButton *prev_, *next_;
    QLabel *rangeLabel_, *summary_;
    QString message_;
    TimeNs deviceTimeNs_ = 0;
    int selected_ = -1;
    int range_ = -1;
    bool quiet_ = false; // selection made by the panel itself: describe, do not move the timeline
};

} // namespace opscope
