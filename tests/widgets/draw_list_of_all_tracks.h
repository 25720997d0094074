// The draw list of every track of a timeline, one above the other 100 px apart, in a 1660 px wide
// time area: what the draw-list tests compare, without a view.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/timeline/timeline_draw_list.h"

#include <QApplication>

#include <vector>

namespace opscope::testing {

inline DrawList drawListOfAllTracks(const TimelineData& data, TimeRange window, bool useLod = true) {
    SliceStyleCache style;
    style.reset(&data, ColourMode::ByName);
    style.setFont(QApplication::font());
    DrawListInput in;
    in.data = &data;
    in.mapper = TimeMapper{window, 260, 1660};
    in.clipTop = 0;
    in.clipBottom = 10'000;
    in.useLod = useLod;
    std::vector<TrackOnScreen> tracks;
    for (int i = 0; i < static_cast<int>(data.tracks().size()); ++i) tracks.push_back({i, 100.0 * i, 100});
    DrawList out;
    buildDrawList(in, tracks, &style, &out);
    return out;
}

} // namespace opscope::testing
