// How the analysis views point at the timeline: a set of slices to highlight (built as the search result
// the timeline already draws: matches outlined in turn, other names dimmed), and zooms through the
// shared ZoomControl that centre a slice or frame an interval.
#pragma once
#include "core/analysis/selection/slice_search.h"
#include "core/model/time.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace opscope {

class TimelineData;
class ZoomControl;

// Slices missing from the loaded timeline are left out; matches come out by start time, then id.
// outlineEach: every slice gets an outline (SliceSearchResult::outlineEach).
std::shared_ptr<const SliceSearchResult> makeSliceHighlight(const TimelineData& data,
                                                            const std::vector<std::int64_t>& sliceIds,
                                                            bool outlineEach = false);

// The window that shows [startNs, endNs) with marginShare of its length free on each side.
TimeRange framedRange(TimeNs startNs, TimeNs endNs, double marginShare = 0.25);
// Frames an interval (a bubble, a bucket, an evidence range); the previous window can be zoomed back to.
void zoomToInterval(ZoomControl& zoom, TimeNs startNs, TimeNs endNs, double marginShare = 0.25);
// Centres a slice keeping the zoom, unless it would not fit (as TimelineView::revealSlice does).
void centreOnSlice(ZoomControl& zoom, TimeNs tsNs, TimeNs durNs);

} // namespace opscope
