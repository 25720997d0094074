#include "core/importers/input_progress_board.h"

#include "core/model/time_bounds.h"

namespace opscope {

InputProgressBoard::InputProgressBoard(const ImportProgress& outer, const std::vector<std::string>& paths)
    : outer_(outer), inputs_(paths.size()) {
    for (std::size_t i = 0; i < paths.size(); ++i) {
        inputs_[i].index = i;
        inputs_[i].count = paths.size();
        inputs_[i].path = paths[i];
    }
}

ImportProgress InputProgressBoard::forInput(std::size_t index, const std::atomic<bool>* cancelFlag) {
    ImportProgress progress;
    progress.cancelFlag = cancelFlag;
    progress.onProgress = [this, index](std::int64_t bytesRead, std::int64_t bytesTotal, std::int64_t events) {
        report(index, bytesRead, bytesTotal, events);
    };
    return progress;
}

void InputProgressBoard::setStage(std::size_t index, InputProgress::Stage stage) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (index >= inputs_.size() || inputs_[index].stage == stage) return;
    inputs_[index].stage = stage;
    publish(index);
}

void InputProgressBoard::report(std::size_t index, std::int64_t bytesRead, std::int64_t bytesTotal,
                                std::int64_t events) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (index >= inputs_.size()) return;
    InputProgress& input = inputs_[index];
    input.bytesRead = bytesRead;
    input.bytesTotal = bytesTotal;
    input.events = events;
    publish(index);
}

void InputProgressBoard::publish(std::size_t index) {
    if (outer_.onInputProgress) outer_.onInputProgress(inputs_[index]);
    if (!outer_.onProgress) return;
    std::int64_t read = 0, total = 0, events = 0;
    for (const InputProgress& input : inputs_) {
        // Sums of counts far below 2^63; checked all the same, a wrap would show as a negative figure.
        if (!checkedAdd(read, input.bytesRead, &read) || !checkedAdd(total, input.bytesTotal, &total) ||
            !checkedAdd(events, input.events, &events))
            return;
    }
    outer_.onProgress(read, total, events);
}

} // namespace opscope
