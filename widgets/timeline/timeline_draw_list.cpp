#include "widgets/timeline/timeline_draw_list.h"

#include "core/store/schema.h"
#include "core/store/timeline_lod.h"
#include "core/model/gallop.h"
#include "core/model/slice_flags.h"
#include "widgets/timeline/counter_plot_points.h"
#include "widgets/timeline/timeline_layout.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

constexpr double kMinSlicePx = 2.0;  // narrower slices are folded with their neighbours
constexpr double kLabelPadPx = 4.0;
constexpr double kMinLabelPx = 26.0; // room for two letters and an ellipsis

struct DepthRowContext {
    const DrawListInput& in;
    SliceStyleCache* style;
    DrawList* out;
    std::span<const TimelineSlice> run;
    int trackIndex;
    float y, h;

    std::size_t indexOf(const TimelineSlice& s) const { return static_cast<std::size_t>(&s - in.data->slices().data()); }
};

void emitSlice(DepthRowContext& c, const TimelineSlice& s, double x0, double x1) {
    const TimeMapper& m = c.in.mapper;
    // Clip to the window so huge zooms do not hand float overflow to the painter.
    const double left = std::max(x0, m.xPx - 1.0), right = std::min(x1, m.xPx + m.widthPx + 1.0);
    const double w = std::max(right - left, 1.0);
    const bool dimmed = c.in.searchNames && !(s.nameId < c.in.searchNames->size() && (*c.in.searchNames)[s.nameId]);
    QRgb fill = c.style->colour(s, c.indexOf(s));
    if (s.flags & kTimelineSliceDeviceWait) fill = waitFill(fill, c.in.background);
    c.out->slices.push_back({static_cast<float>(left), c.y, static_cast<float>(w), c.h, s.id, 1, fill, s.flags,
                             dimmed, c.trackIndex});
    if (w < kMinLabelPx || !c.in.labels) return;
    const double room = w - 2 * kLabelPadPx;
    const int chars = c.style->fittingChars(s.nameId, room);
    if (chars == 0) return; // nothing, or only the ellipsis, would be left
    const QColor textColour = dimmed ? QColor(textColourOn(QColor(fill))).lighter(130) : textColourOn(QColor(fill));
    c.out->labels.push_back({QRectF(left + kLabelPadPx, c.y, room, c.h), s.nameId, chars, textColour.rgba()});
}

// A run of folded slices from `first` to runEndNs: one slice as itself, more as a merged block.
void emitRun(DepthRowContext& c, const TimelineSlice& first, double x0, TimeNs runEndNs, std::uint32_t count) {
    const TimeMapper& m = c.in.mapper;
    if (count == 1) {
        emitSlice(c, first, x0, std::max(m.toPx(runEndNs), x0 + 1.0));
        return;
    }
    const double right = std::max(m.toPx(runEndNs), x0 + 1.0);
    const double left = std::max(x0, m.xPx - 1.0);
    c.out->slices.push_back({static_cast<float>(left), c.y, static_cast<float>(right - left), c.h, first.id, count,
                             c.style->colour(first, c.indexOf(first)), 0, c.in.searchNames != nullptr, c.trackIndex});
    c.out->slicesFolded += count;
}

// First index k >= from with run[k].endNs() >= limitNs, for sorted ends: usually a few slices away.
std::size_t gallopToEnd(std::span<const TimelineSlice> run, std::size_t from, TimeNs limitNs) {
    return gallopPartitionPoint(from, run.size(), [&](std::size_t k) { return run[k].endNs() < limitNs; });
}

// Extends a run of sub-pixel slices from index j, returns the first index after it. Binary searches on
// the end time while the ends are sorted, so a dense row costs O(pixels * log n), not O(slices).
std::size_t foldRun(DepthRowContext& c, const DepthRun& info, std::size_t j, TimeNs visibleEnd, TimeNs* runEndNs,
                    std::uint32_t* count) {
    const TimeMapper& m = c.in.mapper;
    const std::size_t n = c.run.size();
    while (j < n && c.run[j].tsNs <= visibleEnd) {
        const TimeNs limitNs = m.toNs(m.toPx(*runEndNs) + kMinSlicePx);
        std::size_t k = j;
        if (info.endsSorted) {
            k = gallopToEnd(c.run, j, limitNs);
        } else {
            while (k < n && c.run[k].endNs() < limitNs) ++k;
        }
        if (k > j) {
            *count += static_cast<std::uint32_t>(k - j);
            *runEndNs = std::max(*runEndNs, c.run[k - 1].endNs());
            j = k;
            continue;
        }
        const TimelineSlice& s = c.run[j];
        const double xs = m.toPx(s.tsNs), xe = m.toPx(s.endNs());
        if (xe - xs >= kMinSlicePx || xs - m.toPx(*runEndNs) >= kMinSlicePx) break;
        ++*count;
        *runEndNs = std::max(*runEndNs, s.endNs());
        ++j;
    }
    return j;
}

// Folds the items of a level-of-detail summary as buildDepthRow() folds slices: an item of one slice
// is that slice; an item of many is narrow by construction and joins its neighbours like a narrow
// slice. The items at the window's edges are cut to the slices the slice fold would look at (from the
// first visible one, up to the last starting in the window), so both folds draw the same blocks.
void buildDepthRowFromLod(DepthRowContext& c, const LodLevel& level, std::size_t firstVisible) {
    const TimeMapper& m = c.in.mapper;
    const TimeNs visibleEnd = m.window.endNs;
    const TimelineSlice* all = c.in.data->slices().data();
    const std::span<const std::uint32_t> starts = c.in.data->lodStarts(level);
    const std::size_t n = level.itemCount;
    const auto firstSlice = static_cast<std::uint32_t>(c.indexOf(c.run[0]) + firstVisible);
    // The item holding the first visible slice.
    std::size_t k = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(n), firstSlice) -
                                             starts.begin()) - 1;
    struct Item {
        std::uint32_t first, end; // slices [first, end)
    };
    auto itemAt = [&](std::size_t at) {
        Item it{std::max(starts[at], firstSlice), starts[at + 1]};
        if (all[it.end - 1].tsNs > visibleEnd)
            it.end = static_cast<std::uint32_t>(std::partition_point(all + it.first, all + it.end, [visibleEnd](const TimelineSlice& s) {
                                                    return s.tsNs <= visibleEnd;
                                                }) - all);
        return it;
    };
    auto isWideSlice = [&](const Item& it) {
        return it.end - it.first == 1 && m.toPx(all[it.first].endNs()) - m.toPx(all[it.first].tsNs) >= kMinSlicePx;
    };
    while (k < n && all[std::max(starts[k], firstSlice)].tsNs <= visibleEnd) {
        const Item head = itemAt(k++);
        const TimelineSlice& first = all[head.first];
        const double x0 = m.toPx(first.tsNs);
        TimeNs runEndNs = all[head.end - 1].endNs();
        std::uint32_t count = head.end - head.first;
        const bool wide = isWideSlice(head);
        while (!wide && k < n && all[starts[k]].tsNs <= visibleEnd) {
            const Item next = itemAt(k);
            if (isWideSlice(next) || m.toPx(all[next.first].tsNs) - m.toPx(runEndNs) >= kMinSlicePx) break;
            count += next.end - next.first;
            runEndNs = std::max(runEndNs, all[next.end - 1].endNs());
            ++k;
        }
        c.out->slicesVisited += count;
        if (wide) emitSlice(c, first, x0, m.toPx(runEndNs));
        else emitRun(c, first, x0, runEndNs, count);
    }
}

void buildDepthRow(DepthRowContext& c, const DepthRun& info) {
    const TimeMapper& m = c.in.mapper;
    std::size_t i = firstVisibleSlice(c.run, info, m.window.startNs);
    const std::size_t n = c.run.size();
    if (i == n) return;
    const LodLevel* level = c.in.useLod ? lodLevelFor(c.in.data->lodLevels(info), kMinSlicePx * m.nsPerPx()) : nullptr;
    if (level) {
        buildDepthRowFromLod(c, *level, i);
        return;
    }
    const TimeNs visibleEnd = m.window.endNs;
    while (i < n && c.run[i].tsNs <= visibleEnd) {
        const TimelineSlice& s = c.run[i];
        const double x0 = m.toPx(s.tsNs), x1 = m.toPx(s.endNs());
        ++c.out->slicesVisited;
        if (s.endNs() < m.window.startNs) { // only when ends are unsorted
            ++i;
            continue;
        }
        if (x1 - x0 >= kMinSlicePx) {
            emitSlice(c, s, x0, x1);
            ++i;
            continue;
        }
        TimeNs runEndNs = s.endNs();
        std::uint32_t count = 1;
        std::size_t next = foldRun(c, info, i + 1, visibleEnd, &runEndNs, &count);
        emitRun(c, s, x0, runEndNs, count);
        c.out->slicesVisited += count - 1;
        i = next;
    }
}

// The plot's step line in pixels, appended to pts: what buildCounter() draws or keeps.
void appendCounterPoints(const DrawListInput& in, const TrackOnScreen& t, const QRectF& rect, QVector<QPointF>& pts) {
    const TimelineData& data = *in.data;
    const TimelineTrack& track = data.tracks()[static_cast<std::size_t>(t.trackIndex)];
    const double lo = std::min(0.0, track.counterMin), hi = std::max(track.counterMax, lo + 1e-9);
    const CounterSeries series{data.counterTs().data(), data.counterValues().data(), track.counterBegin, track.counterEnd,
                               lo, hi, data.counterBlockMins().data(), data.counterBlockMaxs().data()};
    appendCounterPlotPoints(series, in.mapper, rect, data.traceRange().endNs, pts);
}

CounterPlotInputs counterPlotInputs(const DrawListInput& in, const TrackOnScreen& t) {
    const TimelineData& data = *in.data;
    const TimelineTrack& track = data.tracks()[static_cast<std::size_t>(t.trackIndex)];
    return {&data,          data.counterTs().data(), data.counterValues().data(), track.counterBegin, track.counterEnd,
            track.counterMin, track.counterMax,      data.traceRange().endNs,     in.mapper,          t.yTop,
            t.height};
}

void buildCounter(const DrawListInput& in, const TrackOnScreen& t, DrawList* out) {
    const TimeMapper& m = in.mapper;
    const QRectF rect(m.xPx, t.yTop + 4, m.widthPx, t.height - 8);
    CounterDrawItem item{t.trackIndex, rect, static_cast<int>(out->counterPoints.size()), 0};
    if (!in.counterPoints) {
        appendCounterPoints(in, t, rect, out->counterPoints);
    } else {
        const CounterPlotInputs inputs = counterPlotInputs(in, t);
        if (const QVector<QPointF>* kept = in.counterPoints->find(t.trackIndex, inputs)) {
            out->counterPoints.append(*kept);
        } else {
            appendCounterPoints(in, t, rect, out->counterPoints);
            in.counterPoints->keep(t.trackIndex, inputs, out->counterPoints.constData() + item.pointBegin,
                                   static_cast<int>(out->counterPoints.size()) - item.pointBegin);
        }
    }
    item.pointEnd = static_cast<int>(out->counterPoints.size());
    out->counters.push_back(item);
}

} // namespace

QRgb waitFill(QRgb fill, QRgb background) {
    // Three parts background to one part colour: the name's hue stays, the weight of work does not.
    auto mix = [](int a, int b) { return (a + 3 * b) / 4; };
    return qRgb(mix(qRed(fill), qRed(background)), mix(qGreen(fill), qGreen(background)), mix(qBlue(fill), qBlue(background)));
}

void DrawList::clear() {
    slices.clear();
    labels.clear();
    counterPoints.clear();
    counters.clear();
    slicesVisited = slicesFolded = 0;
}

namespace {
// A collapsed group's lane: its top-level slices folded as usual into the row the caller gives, then
// marked faded and stripped of labels, so that several lanes drawn on top of each other read as density.
void buildPreviewRow(const DrawListInput& input, const TrackOnScreen& t, SliceStyleCache* style, DrawList* out) {
    const TimelineTrack& track = input.data->tracks()[static_cast<std::size_t>(t.trackIndex)];
    if (track.depthCount == 0 || t.yTop + t.height < input.clipTop || t.yTop > input.clipBottom) return;
    const std::size_t firstItem = out->slices.size(), firstLabel = out->labels.size();
    DepthRowContext c{input, style, out, input.data->depthSlices(track, 0), t.trackIndex, static_cast<float>(t.yTop),
                      static_cast<float>(t.height)};
    buildDepthRow(c, track.depths.front());
    for (std::size_t i = firstItem; i < out->slices.size(); ++i) out->slices[i].dimmed = true;
    out->labels.resize(firstLabel);
}
} // namespace

double depthRowTop(const TrackOnScreen& track, int depth) {
    return track.yTop + TimelineLayout::kTrackPadding + depth * TimelineLayout::kSliceRowHeight;
}

void buildDrawList(const DrawListInput& input, const std::vector<TrackOnScreen>& tracks, SliceStyleCache* style,
                   DrawList* out) {
    out->clear();
    const TimelineData& data = *input.data;
    for (const TrackOnScreen& t : tracks) {
        const TimelineTrack& track = data.tracks()[static_cast<std::size_t>(t.trackIndex)];
        if (track.counterEnd > track.counterBegin) {
            buildCounter(input, t, out);
            continue;
        }
        if (t.preview) {
            buildPreviewRow(input, t, style, out);
            continue;
        }
        for (int d = 0; d < track.depthCount; ++d) {
            const double y = depthRowTop(t, d);
            if (y + TimelineLayout::kSliceRowHeight < input.clipTop || y > input.clipBottom) continue;
            const DepthRun& run = track.depths[static_cast<std::size_t>(d)];
            DepthRowContext c{input, style, out, data.depthSlices(track, d), t.trackIndex, static_cast<float>(y),
                              static_cast<float>(TimelineLayout::kSliceRowHeight - 1)};
            buildDepthRow(c, run);
        }
    }
    if (input.counterPoints) input.counterPoints->endBuild();
}

const TimelineSlice* sliceAt(const TimelineData& data, const TrackOnScreen& t, const TimeMapper& m, QPointF pos,
                             double slopPx) {
    const TimelineTrack& track = data.tracks()[static_cast<std::size_t>(t.trackIndex)];
    const int depth = static_cast<int>(std::floor((pos.y() - t.yTop - TimelineLayout::kTrackPadding) /
                                                  TimelineLayout::kSliceRowHeight));
    if (depth < 0 || depth >= track.depthCount) return nullptr;
    auto run = data.depthSlices(track, depth);
    const TimeNs at = m.toNs(pos.x());
    const TimeNs slopNs = std::max<TimeNs>(m.pxToDurNs(slopPx), 0);
    const TimelineSlice* best = nullptr;
    TimeNs bestDistance = 0;
    // Exact hits first; failing that, the nearest slice within the slop (thin slices are hard to hit).
    for (std::size_t i = firstVisibleSlice(run, track.depths[static_cast<std::size_t>(depth)], at - slopNs);
         i < run.size() && run[i].tsNs <= at + slopNs; ++i) {
        const TimelineSlice& s = run[i];
        if (s.endNs() < at - slopNs) continue;
        const TimeNs distance = at < s.tsNs ? s.tsNs - at : (at > s.endNs() ? at - s.endNs() : 0);
        if (!best || distance < bestDistance || (distance == bestDistance && s.durNs < best->durNs)) {
            best = &s;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace opscope
