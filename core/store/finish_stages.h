// The work of an import after the last byte is read, named so that a progress display can say what the
// import still waits for instead of sitting at 100 % (on a large trace it outlasts the reading). The
// store writer reports each stage as it starts to the FinishStageListener living on its thread, if any (a
// scope like CancelScope: the GUI's import worker installs one; the CLI and the tests need none).
#pragma once
#include <functional>

namespace opscope {

// PackingTimeline comes last: the timeline pack is built from the committed rows (timeline_pack.h).
enum class FinishStage { NestingSlices, WritingRows, BuildingIndices, DerivingMemory, LinkingLaunches, Committing, PackingTimeline };
const char* finishStageName(FinishStage stage); // "nesting slices", ... (logs, tests)

class FinishStageListener {
public:
    explicit FinishStageListener(std::function<void(FinishStage)> listener);
    ~FinishStageListener();
    FinishStageListener(const FinishStageListener&) = delete;
    FinishStageListener& operator=(const FinishStageListener&) = delete;

    // Tells the innermost listener on this thread, if any, that stage starts.
    static void enter(FinishStage stage);

private:
    std::function<void(FinishStage)> listener_;
    FinishStageListener* previous_;
};

} // namespace opscope
