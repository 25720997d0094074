#include "core/analysis/selection/selection_stats.h"

#include "core/store/slice_range_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace opscope {

namespace {

struct Accumulator {
    std::int64_t count = 0;
    TimeNs totalNs = 0, selfNs = 0;
    TimeNs minNs = std::numeric_limits<TimeNs>::max(), maxNs = std::numeric_limits<TimeNs>::min();
};

bool inSelection(TimeNs ts, TimeNs dur, const TimeRange& range, SelectionMode mode) {
    TimeNs end = ts + dur;
    if (mode == SelectionMode::Contained) return ts >= range.startNs && end <= range.endNs;
    // Zero-length slices count when they sit inside the range.
    return ts < range.endNs && (end > range.startNs || (dur == 0 && ts >= range.startNs));
}

} // namespace

bool computeSelectionStats(Database& db, const TimeRange& rangeIn, const std::vector<SelectionTrack>& tracks,
                           SelectionMode mode, SelectionStats* stats, Error* error,
                           const std::atomic<bool>* cancel) {
    *stats = SelectionStats{};
    stats->range = rangeIn;
    std::unordered_map<std::int64_t, Accumulator> byName;
    const bool read = guardStore(db, error, [&] {
        SliceRangeReader reader(db);
        for (const SelectionTrack& track : tracks) {
            // The selection is in job-clock time; this track's slices are stored in its own.
            const TimeRange range{rangeIn.startNs - track.clockOffsetNs, rangeIn.endNs - track.clockOffsetNs};
            TimeNs lower = track.maxDurNs >= 0 ? range.startNs - track.maxDurNs : std::numeric_limits<TimeNs>::min();
            if (mode == SelectionMode::Contained) lower = range.startNs;
            std::int64_t rows = 0;
            const bool whole = reader.scan(
                track.trackId, lower, range.endNs == range.startNs ? range.endNs + 1 : range.endNs,
                [&](const SliceTimes& s) {
                    if ((++rows & 0xffff) == 0 && cancel && cancel->load(std::memory_order_relaxed)) return false;
                    if (!inSelection(s.tsNs, s.durNs, range, mode)) return true;
                    Accumulator& acc = byName[s.nameId];
                    ++acc.count;
                    acc.totalNs += s.durNs;
                    acc.selfNs += s.selfNs;
                    acc.minNs = std::min(acc.minNs, s.durNs);
                    acc.maxNs = std::max(acc.maxNs, s.durNs);
                    return true;
                });
            if (!whole) {
                if (error) *error = Error{ErrorCode::Cancelled, db.path(), -1, -1, -1, {}, {}};
                return false;
            }
        }
        StringReader names(db);
        for (const auto& [nameId, acc] : byName) {
            SliceNameStats row;
            row.name = names.text(nameId);
            row.count = acc.count;
            row.totalNs = acc.totalNs;
            row.selfNs = acc.selfNs;
            row.minNs = acc.minNs;
            row.maxNs = acc.maxNs;
            stats->sliceCount += acc.count;
            stats->rows.push_back(std::move(row));
        }
        return true;
    });
    if (!read) return false;
    std::sort(stats->rows.begin(), stats->rows.end(), [](const SliceNameStats& a, const SliceNameStats& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    return true;
}

} // namespace opscope
