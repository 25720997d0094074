// The search box: substring or regex over slice names, the match count, and Enter / Shift+Enter to step
// to the next / previous match. Searches run on a worker; a newer query drops older results.
#pragma once
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTimer;
class QToolButton;

namespace opscope::gui {

class SearchPanel : public QWidget {
    Q_OBJECT
public:
    explicit SearchPanel(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const TimelineData> data);
    QLineEdit* lineEdit() const { return edit_; }
    QCheckBox* regexBox() const { return regex_; }
    std::shared_ptr<const SliceSearchResult> result() const { return result_; }
    int currentMatch() const { return current_; }
    // Runs the query now on this thread (no debounce): for Enter on a stale query, and for tests.
    void searchNow();
    // Moves to the next (or previous) match after fromNs when nothing is current yet.
    void step(bool forward, TimeNs fromNs = 0);

signals:
    void resultChanged(std::shared_ptr<const SliceSearchResult> result);
    void matchActivated(const SliceMatch& match, int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void startSearch();
    void takeResult(std::uint64_t generation, std::shared_ptr<const SliceSearchResult> result);
    void updateCount();

    std::shared_ptr<const TimelineData> data_;
    std::shared_ptr<const SliceSearchResult> result_;
    QLineEdit* edit_;
    QCheckBox* regex_;
    QCheckBox* caseSensitive_;
    QLabel* count_;
    QToolButton *prev_, *next_;
    QTimer* debounce_;
    std::uint64_t generation_ = 0;
    int current_ = -1;
    bool pendingQuery_ = false;
};

} // namespace opscope::gui
