#include "widgets/timeline/counter_points_cache.h"

#include <algorithm>

namespace opscope {

bool CounterPlotInputs::operator==(const CounterPlotInputs& o) const {
    // Doubles compared exactly: the points are kept only for the very inputs they came from (a NaN never
    // matches, so it recomputes, which is always right).
    return data == o.data && sampleTs == o.sampleTs && sampleValues == o.sampleValues && sampleBegin == o.sampleBegin &&
           sampleEnd == o.sampleEnd && valueMin == o.valueMin && valueMax == o.valueMax && traceEndNs == o.traceEndNs &&
           mapper.window.startNs == o.mapper.window.startNs && mapper.window.endNs == o.mapper.window.endNs &&
           mapper.xPx == o.mapper.xPx && mapper.widthPx == o.mapper.widthPx && yTop == o.yTop && height == o.height;
}

const QVector<QPointF>* CounterPointsCache::find(int trackIndex, const CounterPlotInputs& inputs) {
    auto it = entries_.find(trackIndex);
    if (it == entries_.end() || !(it->second.inputs == inputs)) return nullptr;
    it->second.used = true;
    ++reused_;
    return &it->second.points;
}

void CounterPointsCache::keep(int trackIndex, const CounterPlotInputs& inputs, const QPointF* points, int count) {
    Entry& e = entries_[trackIndex];
    e.inputs = inputs;
    e.points.resize(count); // reuses the entry's capacity when a pan or zoom recomputes it
    std::copy(points, points + count, e.points.begin());
    e.used = true;
    ++computed_;
}

void CounterPointsCache::endBuild() {
    for (auto it = entries_.begin(); it != entries_.end();) {
        if (!it->second.used) {
            it = entries_.erase(it);
        } else {
            it->second.used = false;
            ++it;
        }
    }
}

} // namespace opscope
