#include "core/store/launch_queue_store.h"

#include "core/model/huge_pages.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_file_bytes.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace opscope {

namespace {

// A point in a blob: start time, then the queue length from then on, both int64 little-endian (written
// byte by byte, so a store reads the same on any host).
constexpr std::size_t kPointBytes = 16;

// Blob bytes that may wait for a full statement before they are written anyway.
constexpr std::size_t kPendingBlobBytes = std::size_t{1} << 20;

void putInt64(std::uint8_t* out, std::int64_t value) {
    auto bits = static_cast<std::uint64_t>(value);
    for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(bits >> (8 * i));
}

std::int64_t getInt64(const std::uint8_t* in) {
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits |= static_cast<std::uint64_t>(in[i]) << (8 * i);
    return static_cast<std::int64_t>(bits);
}

// The stored length: the tracks' values are queue lengths, whole numbers far inside int64 and exact as
// doubles, so the round trip gives back the computed value bit for bit.
std::int64_t storedLength(double value) {
    constexpr double kLimit = 9.0e18;
    return value >= -kLimit && value <= kLimit ? static_cast<std::int64_t>(value) : 0;
}

bool refuse(std::vector<DerivedCounterTrack>* out, std::string* whyNot, const char* why) {
    out->clear();
    if (whyNot) *whyNot = why;
    return false;
}

} // namespace

LaunchQueueTrackWriter::LaunchQueueTrackWriter(Database& db, std::size_t chunkPoints)
    // Rows go in by the statement-full: a trace with tens of thousands of short streams paid SQLite's
    // per-statement cost twice per stream, one row at a time.
    : db_(db), chunkPoints_(std::max<std::size_t>(chunkPoints, 1)),
      tracks_(db, "launch_queue_track", "id, thread_id, name, point_count", 4),
      points_(db, "launch_queue_points", "track_id, data", 2) {
    db_.exec("DELETE FROM launch_queue_points; DELETE FROM launch_queue_track;");
}

void LaunchQueueTrackWriter::beginTrack(std::int64_t threadId, std::string name) {
    threadId_ = threadId;
    name_ = std::move(name);
    trackPoints_ = 0;
    chunk_.clear();
}

void LaunchQueueTrackWriter::point(TimeNs tsNs, double value) {
    const std::size_t at = chunk_.size();
    chunk_.resize(at + kPointBytes);
    putInt64(&chunk_[at], tsNs);
    putInt64(&chunk_[at + 8], storedLength(value));
    ++trackPoints_;
    if (chunk_.size() == chunkPoints_ * kPointBytes) writeChunk();
}

// Blobs are added before their track's row (which needs the count): rows and blobs are read in id order,
// and the points rows take ids in the order they are added, in one statement or several.
void LaunchQueueTrackWriter::writeChunk() {
    points_.value(tracksStored_ + 1).blob(chunk_.data(), chunk_.size()).endRow(); // the id the track will have
    chunk_.clear();
    // Blobs waiting for a full statement are copies: past the budget they go in now.
    if (points_.pendingBytes() >= kPendingBlobBytes) points_.flush();
}

void LaunchQueueTrackWriter::endTrack() {
    if (trackPoints_ == 0) return;
    if (!chunk_.empty()) writeChunk();
    ++tracksStored_;
    tracks_.value(tracksStored_).value(threadId_).value(std::string_view(name_)).value(trackPoints_).endRow();
    trackPoints_ = 0;
}

void LaunchQueueTrackWriter::finish() {
    points_.flush();
    tracks_.flush();
    db_.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)")
        .bind(1, kLaunchQueueMetaKey)
        .bind(2, std::to_string(tracksStored_))
        .run();
}

void writeLaunchQueueTracks(Database& db, const std::vector<DerivedCounterTrack>& tracks, std::size_t chunkPoints) {
    LaunchQueueTrackWriter writer(db, chunkPoints);
    for (const DerivedCounterTrack& t : tracks) {
        writer.beginTrack(t.threadId, t.name);
        for (const auto& [tsNs, value] : t.points) writer.point(tsNs, value);
        writer.endTrack();
    }
    writer.finish();
}

bool readLaunchQueueTracks(Database& db, std::vector<DerivedCounterTrack>* out, std::string* whyNot) {
    out->clear();
    if (!db.tableExists("meta")) return refuse(out, whyNot, "no meta table");
    const std::string flag = db.scalarText(std::string("SELECT value FROM meta WHERE key = '") + kLaunchQueueMetaKey + "'");
    if (flag.empty()) return refuse(out, whyNot, "not stored");
    if (!db.tableExists("launch_queue_track") || !db.tableExists("launch_queue_points"))
        return refuse(out, whyNot, "the launch queue tables are missing");

    std::vector<std::int64_t> rows, wanted; // each track's row id and point count
    Statement tracks = db.prepare("SELECT id, thread_id, name, point_count FROM launch_queue_track ORDER BY id");
    while (tracks.step()) {
        if (tracks.columnType(0) != SQLITE_INTEGER || tracks.columnType(1) != SQLITE_INTEGER ||
            tracks.columnType(2) != SQLITE_TEXT || tracks.columnType(3) != SQLITE_INTEGER || tracks.int64(3) <= 0)
            return refuse(out, whyNot, "a track row is not (integer, integer, text, positive count)");
        DerivedCounterTrack t;
        t.trackId = -static_cast<std::int64_t>(out->size()) - 1;
        t.threadId = tracks.int64(1);
        t.name = tracks.text(2);
        rows.push_back(tracks.int64(0));
        wanted.push_back(tracks.int64(3));
        out->push_back(std::move(t));
    }
    if (std::to_string(out->size()) != flag) return refuse(out, whyNot, "the track count differs from the meta key's");

    // Blobs in id order, each track's in a row; the counts are only compared, never used to size memory.
    Statement points = db.prepare("SELECT track_id, data FROM launch_queue_points ORDER BY id");
    const auto fileBytes = static_cast<std::int64_t>(storeFileBytes(db));
    std::size_t current = 0;
    while (points.step()) {
        if (points.columnType(0) != SQLITE_INTEGER || points.columnType(1) != SQLITE_BLOB)
            return refuse(out, whyNot, "a points row is not (integer, blob)");
        while (current < rows.size() && rows[current] != points.int64(0) &&
               static_cast<std::int64_t>((*out)[current].points.size()) == wanted[current])
            ++current; // this track is whole: the blob belongs to a later one
        if (current == rows.size() || rows[current] != points.int64(0))
            return refuse(out, whyNot, "a blob names no track, or tracks are out of order");
        const auto* data = static_cast<const std::uint8_t*>(sqlite3_column_blob(points.handle(), 1));
        const auto bytes = static_cast<std::size_t>(sqlite3_column_bytes(points.handle(), 1));
        std::vector<std::pair<TimeNs, double>>& into = (*out)[current].points;
        if (bytes == 0 || bytes % kPointBytes != 0) return refuse(out, whyNot, "a blob is not whole points");
        if (static_cast<std::int64_t>(bytes / kPointBytes) > wanted[current] - static_cast<std::int64_t>(into.size()))
            return refuse(out, whyNot, "a track's blobs hold more points than its count");
        // Sized once per track, to its count but no more than the file could hold (a crafted count
        // cannot size it): reserving blob by blob moved every point again at each blob.
        if (into.empty()) reserveOnHugePages(into, static_cast<std::size_t>(std::min<std::int64_t>(wanted[current], fileBytes / kPointBytes)));
        for (std::size_t at = 0; at < bytes; at += kPointBytes) {
            const TimeNs ts = getInt64(data + at);
            if (!into.empty() && ts <= into.back().first) return refuse(out, whyNot, "a track's times are not increasing");
            into.emplace_back(ts, static_cast<double>(getInt64(data + at + 8)));
        }
    }
    for (std::size_t i = 0; i < out->size(); ++i)
        if (static_cast<std::int64_t>((*out)[i].points.size()) != wanted[i])
            return refuse(out, whyNot, "a track's blobs hold fewer points than its count");
    return true;
}

} // namespace opscope
