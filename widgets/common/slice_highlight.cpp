#include "widgets/common/slice_highlight.h"

#include "core/store/timeline_data.h"
#include "widgets/common/zoom_control.h"

#include <algorithm>
#include <cmath>

namespace opscope {

std::shared_ptr<const SliceSearchResult> makeSliceHighlight(const TimelineData& data,
                                                            const std::vector<std::int64_t>& sliceIds,
                                                            bool outlineEach) {
    auto result = std::make_shared<SliceSearchResult>();
    result->outlineEach = outlineEach;
    result->nameMatches.assign(data.stringCount(), false);
    result->matches.reserve(sliceIds.size());
    for (std::int64_t id : sliceIds) {
        int trackIndex = -1;
        const TimelineSlice* s = data.findSlice(id, &trackIndex);
        if (!s || trackIndex < 0) continue;
        result->matches.push_back({s->id, s->tsNs, s->durNs, static_cast<std::uint32_t>(trackIndex), s->depth});
        if (s->nameId < result->nameMatches.size()) result->nameMatches[s->nameId] = true;
    }
    std::sort(result->matches.begin(), result->matches.end(), [](const SliceMatch& a, const SliceMatch& b) {
        return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.sliceId < b.sliceId;
    });
    return result;
}

TimeRange framedRange(TimeNs startNs, TimeNs endNs, double marginShare) {
    const TimeNs durNs = std::max<TimeNs>(1, endNs - startNs);
    const TimeNs marginNs = static_cast<TimeNs>(std::llround(static_cast<double>(durNs) * marginShare));
    return {startNs - marginNs, endNs + marginNs};
}

void zoomToInterval(ZoomControl& zoom, TimeNs startNs, TimeNs endNs, double marginShare) {
    zoom.setVisibleRange(framedRange(startNs, endNs, marginShare), ZoomControl::History::Push);
}

void centreOnSlice(ZoomControl& zoom, TimeNs tsNs, TimeNs durNs) {
    TimeNs windowNs = zoom.visibleRange().durationNs();
    if (durNs > windowNs * 9 / 10) windowNs = std::max<TimeNs>(durNs + durNs / 4, zoom.minimumDurationNs());
    const TimeNs centre = tsNs + durNs / 2;
    zoom.setVisibleRange({centre - windowNs / 2, centre - windowNs / 2 + windowNs}, ZoomControl::History::Push);
}

} // namespace opscope
