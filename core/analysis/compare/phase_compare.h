// Phase comparison: forward / backward / optimizer phases and steps (ProfilerStep#N slices, step
// tracks) found on the timeline, with the device utilisation inside each, side by side.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/launch/launched_work.h"
#include "core/analysis/snapshot/store_access.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct PhasePatterns {
    // Each list is tried in order; the first pattern that finds any slice defines the phase.
    std::vector<std::string> forward{"## forward ##", "forward"};
    std::vector<std::string> backward{"## backward ##", "backward"};
    std::vector<std::string> optimizer{"## optimizer ##", "optimizer.step", "optimizer"};
    std::vector<std::string> steps{"profilerstep#"};
    int maxSteps = 64;
};

// deviceBusy: per device key, the union of its compute tracks. Slices of compute tracks never mark phases.
// launched (not empty when the trace has launch links): a phase claims the device work its host windows
// launched instead of the device work that happens to run inside them (docs/launch-analysis.md).
std::vector<PhaseRow> comparePhases(const StoreSnapshot& snapshot, const std::vector<std::int64_t>& computeTracks,
                                    const std::map<std::int64_t, CoverageIndex>& deviceBusy,
                                    const PhasePatterns& patterns, const std::optional<TimeRange>& range,
                                    const LaunchedWork* launched = nullptr);

} // namespace opscope
