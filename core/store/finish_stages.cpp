#include "core/store/finish_stages.h"

namespace opscope {

namespace {
thread_local FinishStageListener* innermost = nullptr;
} // namespace

const char* finishStageName(FinishStage stage) {
    switch (stage) {
    case FinishStage::NestingSlices: return "nesting slices";
    case FinishStage::WritingRows: return "writing rows";
    case FinishStage::BuildingIndices: return "building indices";
    case FinishStage::DerivingMemory: return "deriving memory";
    case FinishStage::LinkingLaunches: return "linking launches";
    case FinishStage::Committing: return "committing";
    case FinishStage::PackingTimeline: return "packing the timeline";
    }
    return "nesting slices";
}

FinishStageListener::FinishStageListener(std::function<void(FinishStage)> listener)
    : listener_(std::move(listener)), previous_(innermost) {
    innermost = this;
}

FinishStageListener::~FinishStageListener() { innermost = previous_; }

void FinishStageListener::enter(FinishStage stage) {
    if (innermost && innermost->listener_) innermost->listener_(stage);
}

} // namespace opscope
