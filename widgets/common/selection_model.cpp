#include "widgets/common/selection_model.h"

namespace opscope {

SelectionModel::SelectionModel(QObject* parent) : QObject(parent) {}

void SelectionModel::selectSlice(qint64 sliceId) {
    if (sliceId == selectedSlice_) return;
    selectedSlice_ = sliceId;
    emit sliceSelected(sliceId);
}

void SelectionModel::activateSlice(qint64 sliceId) {
    selectSlice(sliceId);
    emit sliceActivated(sliceId);
}

void SelectionModel::highlight(std::shared_ptr<const SliceSearchResult> slices, int current) {
    highlighted_ = std::move(slices);
    current_ = current;
    emit highlightChanged(highlighted_, current_);
}

void SelectionModel::clear() {
    selectSlice(0);
    if (highlighted_) highlight(nullptr, -1);
}

} // namespace opscope
