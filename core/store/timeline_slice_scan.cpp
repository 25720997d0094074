#include "core/store/timeline_slice_scan.h"

#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <limits>
#include <thread>

namespace opscope {

namespace {


struct TrackSpan {
    std::uint32_t trackIndex, begin, end;
};

// One ordered pass over a statement, writing from out[begin]; a part owns its range of the arrays.
struct ScanPart {
    std::size_t begin = 0, end = 0;
    std::vector<TrackSpan> spans;
    std::exception_ptr failure;
};

void runPart(sqlite3_stmt* st, const std::unordered_map<std::int64_t, std::uint32_t>& trackIndex,
             TimelineSlice* out, std::uint32_t* categories, ScanPart* part) {
    std::size_t pos = part->begin;
    std::int64_t currentTrack = std::numeric_limits<std::int64_t>::min();
    bool known = false;
    // sqlite3_column_* directly: the wrapper's checks cost more than the decoding on a 10M-row pass.
    while (sqlite3_step(st) == SQLITE_ROW) {
        const std::int64_t trackId = sqlite3_column_int64(st, 1);
        if (trackId != currentTrack) {
            if (known) part->spans.back().end = static_cast<std::uint32_t>(pos);
            currentTrack = trackId;
            auto it = trackIndex.find(trackId);
            known = it != trackIndex.end();
            if (known) part->spans.push_back({it->second, static_cast<std::uint32_t>(pos), 0});
        }
        if (!known) continue; // a slice on a track that does not exist is not drawable
        readTimelineSliceRow(st, &out[pos], &categories[pos]);
        ++pos;
    }
    if (known) part->spans.back().end = static_cast<std::uint32_t>(pos);
    part->end = pos;
}

void runRange(Database& db, std::int64_t firstId, std::int64_t lastId,
              const std::unordered_map<std::int64_t, std::uint32_t>& trackIndex, SliceScan* scan, ScanPart* part) {
    try {
        Statement st = db.prepare(std::string(kTimelineSliceColumns) + "WHERE id >= ?1 AND id <= ?2 ORDER BY id");
        st.bind(1, firstId).bind(2, lastId);
        runPart(st.handle(), trackIndex, scan->slices.data(), scan->categories.data(), part);
    } catch (...) {
        part->failure = std::current_exception();
    }
}

// A second connection sees what the first one sees only outside a transaction, and only for a file.
bool canOpenSecondConnection(Database& db) {
    const std::string& path = db.path();
    return !path.empty() && path != ":memory:" && sqlite3_get_autocommit(db.handle()) != 0 &&
           std::thread::hardware_concurrency() >= 2;
}

// Moves part b down to the end of part a (ids with gaps leave room) and joins their spans.
void joinParts(ScanPart& a, ScanPart& b, SliceScan* scan) {
    const std::size_t shift = b.begin - a.end;
    if (shift > 0) {
        std::memmove(scan->slices.data() + a.end, scan->slices.data() + b.begin, (b.end - b.begin) * sizeof(TimelineSlice));
        std::memmove(scan->categories.data() + a.end, scan->categories.data() + b.begin,
                     (b.end - b.begin) * sizeof(std::uint32_t));
        for (TrackSpan& span : b.spans) {
            span.begin -= static_cast<std::uint32_t>(shift);
            span.end -= static_cast<std::uint32_t>(shift);
        }
    }
    for (const TrackSpan& span : b.spans) {
        if (!a.spans.empty() && a.spans.back().trackIndex == span.trackIndex && a.spans.back().end == span.begin)
            a.spans.back().end = span.end; // one track across the split
        else
            a.spans.push_back(span);
    }
    a.end = b.end - shift;
}

void recordRanges(const ScanPart& part, SliceScan* scan) {
    std::vector<bool> seen(scan->trackRanges.size(), false);
    for (const TrackSpan& span : part.spans) {
        if (seen[span.trackIndex]) {
            scan->contiguous = false;
            return;
        }
        seen[span.trackIndex] = true;
        scan->trackRanges[span.trackIndex] = {span.begin, span.end};
    }
}

} // namespace

const char* const kTimelineSliceColumns = "SELECT id, track_id, ts, dur, depth, name_id, cat_id, flags FROM slice ";

std::int64_t readTimelineSliceRow(sqlite3_stmt* st, TimelineSlice* slice, std::uint32_t* category) {
    // sqlite3_column_* directly: the wrapper's checks cost more than the decoding on a 10M-row pass.
    TimelineSlice& s = *slice;
    s.id = sqlite3_column_int64(st, 0);
    s.tsNs = sqlite3_column_int64(st, 2);
    s.durNs = std::max<std::int64_t>(sqlite3_column_int64(st, 3), 0);
    s.depth = static_cast<std::uint16_t>(std::clamp<std::int64_t>(sqlite3_column_int64(st, 4), 0, 0xffff));
    s.nameId = static_cast<std::uint32_t>(sqlite3_column_int64(st, 5));
    s.flags = static_cast<std::uint16_t>(sqlite3_column_int64(st, 7));
    *category = static_cast<std::uint32_t>(sqlite3_column_int64(st, 6));
    return sqlite3_column_int64(st, 1);
}

bool sliceIdsFitTheirRange(Database& db) {
    // Counting costs a scan, so only large ranges are checked.
    std::int64_t minId = 0, maxId = -1;
    std::int64_t ids = 0;
    if (readSliceIdBounds(db, &minId, &maxId)) // a negative id (a crafted store): too wide to size by
        ids = minId < 0 || maxId - minId == std::numeric_limits<std::int64_t>::max()
                  ? std::numeric_limits<std::int64_t>::max()
                  : maxId - minId + 1;
    return !(ids > (std::int64_t{1} << 24) && ids > 2 * db.scalarInt("SELECT count(*) FROM slice", 0) + 1024);
}

void tuneReadOnlyConnection(Database& db) { db.exec("PRAGMA mmap_size = 4294967296"); }

SliceScan scanSlices(Database& db, const std::unordered_map<std::int64_t, std::uint32_t>& trackIndex,
                     std::size_t trackCount, bool byId, std::int64_t parallelMinIds) {
    // The id range sizes the arrays below: sparse ids must not make a few rows ask for gigabytes.
    if (byId && !sliceIdsFitTheirRange(db)) byId = false;
    SliceScan scan;
    scan.trackRanges.assign(trackCount, {0, 0});
    ScanPart first, second;
    if (!byId) {
        const auto rows = static_cast<std::size_t>(std::max<std::int64_t>(db.scalarInt("SELECT count(*) FROM slice", 0), 0));
        scan.slices.resize(rows);
        scan.categories.resize(rows);
        Statement st = db.prepare(std::string(kTimelineSliceColumns) + "ORDER BY track_id, ts, id");
        runPart(st.handle(), trackIndex, scan.slices.data(), scan.categories.data(), &first);
    } else {
        // Two b-tree seeks (readSliceIdBounds): min() and max() in one SELECT scanned a whole index.
        std::int64_t lo = 0, hi = -1;
        readSliceIdBounds(db, &lo, &hi);
        const std::int64_t rows = hi - lo + 1; // ids are unique, so no more rows than this
        scan.slices.resize(static_cast<std::size_t>(std::max<std::int64_t>(rows, 0)));
        scan.categories.resize(scan.slices.size());
        Database other;
        if (rows >= parallelMinIds && canOpenSecondConnection(db)) {
            try {
                other = Database(db.path(), Database::Mode::ReadOnly);
                tuneReadOnlyConnection(other);
            } catch (const SqliteError&) {
                other = Database(); // read it all on this connection
            }
        }
        if (other.isOpen()) {
            const std::int64_t mid = lo + rows / 2;
            second.begin = static_cast<std::size_t>(mid - lo);
            std::thread worker([&] { runRange(other, mid, hi, trackIndex, &scan, &second); });
            runRange(db, lo, mid - 1, trackIndex, &scan, &first);
            worker.join();
            if (second.failure) std::rethrow_exception(second.failure);
        } else {
            runRange(db, lo, hi, trackIndex, &scan, &first);
        }
        if (first.failure) std::rethrow_exception(first.failure);
        if (other.isOpen()) joinParts(first, second, &scan);
    }
    scan.slices.resize(first.end);
    scan.categories.resize(first.end);
    recordRanges(first, &scan);
    return scan;
}

} // namespace opscope
