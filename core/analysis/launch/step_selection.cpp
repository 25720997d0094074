#include "core/analysis/launch/step_selection.h"

#include "core/analysis/launch/launch_attribution.h"

#include <algorithm>

namespace opscope {

bool StepSelection::contains(std::int64_t sliceId) const {
    return std::binary_search(sliceIds.begin(), sliceIds.end(), sliceId);
}

bool selectStep(Database& db, std::int64_t step, StepSelection* out, Error* error) {
    *out = StepSelection{};
    out->step = step;
    LaunchData launches;
    HostCallData host;
    if (!readLaunchData(db, &launches, error) || !readHostCalls(db, &host, error)) return false;
    bool found = false;
    for (const HostSliceRecord& s : host.slices) {
        if (profilerStepNumber(host.text(s.nameId)) != step) continue;
        if (!found || s.tsNs < out->hostWindow.startNs) out->hostWindow = {s.tsNs, s.tsNs + s.durNs};
        found = true;
    }
    if (!found) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "a ProfilerStep#" + std::to_string(step) + " slice",
                                 "no such step in the trace"};
        return false;
    }
    const AttributionReport attribution = attributeLaunches(launches, host);
    for (std::size_t i = 0; i < launches.events.size(); ++i) {
        const DeviceLaunchEvent& e = launches.events[i];
        const bool mine = e.linked() ? attribution.events[i].step == step : out->hostWindow.contains(e.tsNs);
        if (!mine) continue;
        out->sliceIds.push_back(e.sliceId);
        out->deviceSpan = out->deviceEvents == 0 ? TimeRange{e.tsNs, e.endNs()}
                                                 : TimeRange{std::min(out->deviceSpan.startNs, e.tsNs),
                                                             std::max(out->deviceSpan.endNs, e.endNs())};
        ++out->deviceEvents;
    }
    for (const HostSliceRecord& s : host.slices)
        if (out->hostWindow.contains(s.tsNs)) out->sliceIds.push_back(s.id);
    std::sort(out->sliceIds.begin(), out->sliceIds.end());
    return true;
}

} // namespace opscope
