// The one selection every view shares: the selected slice, and the set of slices highlighted on the
// timeline (an operator's executions, a finding's evidence, search matches) with the current one.
// Views write it and observe it; none of them talks to another directly.
#pragma once
#include "core/analysis/selection/slice_search.h"

#include <QObject>

#include <memory>

namespace opscope {

class SelectionModel : public QObject {
    Q_OBJECT
public:
    explicit SelectionModel(QObject* parent = nullptr);

    qint64 selectedSlice() const { return selectedSlice_; }
    const std::shared_ptr<const SliceSearchResult>& highlighted() const { return highlighted_; }
    int currentHighlight() const { return current_; }

    // A slice selected (0: none); activated also asks the timeline to reveal it and show its details.
    void selectSlice(qint64 sliceId);
    void activateSlice(qint64 sliceId);
    void highlight(std::shared_ptr<const SliceSearchResult> slices, int current);
    void clear();

signals:
    void sliceSelected(qint64 sliceId);
    void sliceActivated(qint64 sliceId);
    void highlightChanged(std::shared_ptr<const SliceSearchResult> slices, int current);

private:
    qint64 selectedSlice_ = 0;
    std::shared_ptr<const SliceSearchResult> highlighted_;
    int current_ = -1;
};

} // namespace opscope
