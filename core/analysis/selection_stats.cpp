#include "core/analysis/selection_stats.h"

#include "core/store/sqlite_db.h"

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
    try {
        Statement st = db.prepare("SELECT name_id, ts, dur, self_dur FROM slice WHERE track_id = ? AND ts >= ? AND ts < ?");
        for (const SelectionTrack& track : tracks) {
            // The selection is in job-clock time; this track's slices are stored in its own.
            const TimeRange range{rangeIn.startNs - track.clockOffsetNs, rangeIn.endNs - track.clockOffsetNs};
            TimeNs lower = track.maxDurNs >= 0 ? range.startNs - track.maxDurNs : std::numeric_limits<TimeNs>::min();
            if (mode == SelectionMode::Contained) lower = range.startNs;
            st.reset();
            st.bind(1, track.trackId).bind(2, lower).bind(3, range.endNs == range.startNs ? range.endNs + 1 : range.endNs);
            std::int64_t rows = 0;
            while (st.step()) {
                if ((++rows & 0xffff) == 0 && cancel && cancel->load(std::memory_order_relaxed)) {
                    if (error) *error = Error{ErrorCode::Cancelled, db.path(), -1, -1, -1, {}, {}};
                    return false;
                }
                TimeNs ts = st.int64(1), dur = st.int64(2);
                if (!inSelection(ts, dur, range, mode)) continue;
                Accumulator& acc = byName[st.int64(0)];
                ++acc.count;
                acc.totalNs += dur;
                acc.selfNs += st.int64(3);
                acc.minNs = std::min(acc.minNs, dur);
                acc.maxNs = std::max(acc.maxNs, dur);
            }
        }
        Statement names = db.prepare("SELECT value FROM string WHERE id = ?");
        for (const auto& [nameId, acc] : byName) {
            names.reset();
            names.bind(1, nameId);
            SliceNameStats row;
            if (names.step()) row.name = names.text(0);
            row.count = acc.count;
            row.totalNs = acc.totalNs;
            row.selfNs = acc.selfNs;
            row.minNs = acc.minNs;
            row.maxNs = acc.maxNs;
            stats->sliceCount += acc.count;
            stats->rows.push_back(std::move(row));
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return false;
    }
    std::sort(stats->rows.begin(), stats->rows.end(), [](const SliceNameStats& a, const SliceNameStats& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    return true;
}

} // namespace opscope
