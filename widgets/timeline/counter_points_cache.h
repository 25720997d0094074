// Each counter track's plot points in pixels, kept between draw-list rebuilds while what they are computed
// from is the same (Tracy and Qt Creator rebuild only when range, width or data change): zoomed out, the
// points walk every sample of the track, which was most of a whole-trace rebuild after a hover, a selection
// or the flows arriving. An entry is checked against all of its inputs, so a change of range, width, data,
// scale or place recomputes it and nothing else has to remember to invalidate it.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/time_mapper.h"

#include <QPointF>
#include <QVector>

#include <cstdint>
#include <unordered_map>

namespace opscope {

// Everything the points of one counter plot are computed from. The points are in logical pixels, so the
// device pixel ratio is not among them (CounterImageCache keys its images on it).
struct CounterPlotInputs {
    const TimelineData* data = nullptr;
    // The data's sample arrays and the track's part of them: another timeline loaded at a freed address
    // would differ here too (owners still clear() when they replace their data).
    const std::int64_t* sampleTs = nullptr;
    const double* sampleValues = nullptr;
    std::uint32_t sampleBegin = 0, sampleEnd = 0;
    double valueMin = 0, valueMax = 0; // the value scale
    TimeNs traceEndNs = 0;             // where the last step ends
    TimeMapper mapper;                 // range, left edge and width
    double yTop = 0, height = 0;       // the track's row: the plot's place and vertical scale

    bool operator==(const CounterPlotInputs& o) const;
};

class CounterPointsCache {
public:
    // The points kept for the track if they were computed from these inputs, else null.
    const QVector<QPointF>* find(int trackIndex, const CounterPlotInputs& inputs);
    // Keeps the points just computed for the track, replacing what it held.
    void keep(int trackIndex, const CounterPlotInputs& inputs, const QPointF* points, int count);
    // Drops the tracks no build asked for since the last call (scrolled or zoomed out of view).
    void endBuild();
    void clear() { entries_.clear(); } // the data was replaced
    std::size_t size() const { return entries_.size(); }
    std::int64_t reused() const { return reused_; }     // finds that hit, since construction (tests)
    std::int64_t computed() const { return computed_; } // keeps, since construction (tests)

private:
    struct Entry {
        CounterPlotInputs inputs;
        QVector<QPointF> points;
        bool used = false;
    };
    std::unordered_map<int, Entry> entries_;
    std::int64_t reused_ = 0, computed_ = 0;
};

} // namespace opscope
