#include "core/store/timeline_pack.h"

#include "core/model/huge_pages.h"
#include "core/model/mapped_scratch_file.h"
#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_file_bytes.h"
#include "core/store/timeline_slice_scan.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

// timeline_pack.part: what a blob holds. Records are the host's in-memory layout; the header's magic
// number and record sizes catch a store written on a machine of another byte order or layout.
enum Part : int { kHeader = 0, kTracks, kRuns, kSlices, kSliceCategories, kNameCategories, kLodLevels, kLodStarts, kPartCount };

constexpr std::int64_t kFormat = 1;
constexpr std::int64_t kMagic = 0x0102030405060708;

struct PackedTrack {
    std::int64_t trackId;
    std::uint32_t begin, end, runBegin, runCount;
};
struct PackedRun {
    std::uint32_t begin, end;
    std::int64_t maxDurNs;
    std::uint32_t lodBegin;
    std::uint32_t lodCountAndSorted; // bits 0-7: lodCount; bit 8: endsSorted
};
struct PackedLod {
    std::uint32_t startsBegin, itemCount, log2Ns;
};
static_assert(sizeof(PackedTrack) == 24 && sizeof(PackedRun) == 24 && sizeof(PackedLod) == 12);

// The header: a fixed array of int64, one row.
enum Field : int {
    kFieldFormat, kFieldMagic, kFieldSliceBytes, kFieldSlices, kFieldSliceCategories, kFieldPerSliceCategories,
    kFieldNameCategories, kFieldTracks, kFieldRuns, kFieldLodLevels, kFieldLodStarts, kFieldMinSliceId,
    kFieldMaxSliceId, kFieldTrackSliceCount, kFieldCount
};
using Header = std::array<std::int64_t, kFieldCount>;

constexpr std::array<std::size_t, kPartCount> kRecordBytes{sizeof(Header), sizeof(PackedTrack), sizeof(PackedRun),
                                                            sizeof(TimelineSlice), 4, 4, sizeof(PackedLod), 4};

// What the store says about its slices, to tell whether a pack still describes them.
struct SliceStamp {
    std::int64_t minId = 0, maxId = -1, trackSliceCount = 0;
};

SliceStamp readStamp(Database& db) {
    SliceStamp stamp;
    readSliceIdBounds(db, &stamp.minId, &stamp.maxId);
    stamp.trackSliceCount = db.scalarInt("SELECT coalesce(sum(slice_count), 0) FROM track", 0);
    return stamp;
}

std::size_t nameCountOf(Database& db) {
    // As the loader sizes its string table: ids 0..max(id), and one more.
    const std::int64_t maxId = db.scalarInt("SELECT max(id) FROM string", 0);
    return static_cast<std::size_t>(std::max<std::int64_t>(maxId, -1) + 2);
}

// Blobs of one part each, written as they fill.
class PackWriter {
public:
    PackWriter(Database& db, std::size_t chunkBytes)
        : insert_(db.prepare("INSERT INTO timeline_pack(part, data) VALUES(?, ?)")), chunkBytes_(std::max<std::size_t>(chunkBytes, 1)) {}

    // Cut into blobs of exactly chunkBytes (the last one of a part shorter): one track may hold more
    // than SQLite's largest blob.
    template <typename T>
    void append(Part part, const T* items, std::size_t count) {
        std::vector<std::uint8_t>& buffer = pending_[part];
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(items);
        std::size_t left = count * sizeof(T);
        while (left > 0) {
            const std::size_t take = std::min(left, chunkBytes_ - buffer.size());
            buffer.insert(buffer.end(), bytes, bytes + take);
            bytes += take;
            left -= take;
            if (buffer.size() == chunkBytes_) flush(part);
        }
        written_[part] += count;
    }
    void flush(Part part) {
        std::vector<std::uint8_t>& buffer = pending_[part];
        if (buffer.empty()) return;
        insert_.bind(1, static_cast<std::int64_t>(part));
        const int rc = sqlite3_bind_blob64(insert_.handle(), 2, buffer.data(), buffer.size(), SQLITE_STATIC);
        if (rc != SQLITE_OK) throw SqliteError("timeline pack: bind blob: " + std::string(sqlite3_errstr(rc)));
        insert_.run();
        buffer.clear();
    }
    void writeWhole(Part part, const void* data, std::size_t bytes) {
        pending_[part].assign(static_cast<const std::uint8_t*>(data), static_cast<const std::uint8_t*>(data) + bytes);
        flush(part);
    }
    void flushAll() {
        for (int part = 0; part < kPartCount; ++part) flush(static_cast<Part>(part));
    }
    std::int64_t written(Part part) const { return static_cast<std::int64_t>(written_[part]); }

private:
    Statement insert_;
    std::size_t chunkBytes_;
    std::array<std::vector<std::uint8_t>, kPartCount> pending_;
    std::array<std::size_t, kPartCount> written_{};
};

// One pass over the slice rows in scan order, one track at a time. False when a track's rows did
// not come as one run (ids not in (track, ts) order): the caller starts again in index order.
class PackPass {
public:
    PackPass(Database& db, const std::unordered_map<std::int64_t, std::int64_t>& tracks, std::size_t nameCount, bool byId,
             std::size_t chunkBytes)
        : db_(db), tracks_(tracks), byId_(byId), categories_(nameCount), writer_(db, chunkBytes) {}

    bool run() {
        Statement st = db_.prepare(std::string(kTimelineSliceColumns) + (byId_ ? "ORDER BY id" : "ORDER BY track_id, ts, id"));
        std::int64_t current = std::numeric_limits<std::int64_t>::min();
        bool known = false;
        TimelineSlice slice{};
        std::uint32_t category = 0;
        while (st.step()) {
            const std::int64_t trackId = readTimelineSliceRow(st.handle(), &slice, &category);
            if (trackId != current) {
                flushTrack();
                current = trackId;
                const auto track = tracks_.find(trackId);
                known = track != tracks_.end();
                if (known) reserveForTrack(track->second);
                if (known && !seen_.insert(trackId).second) return false;
                currentTrack_ = trackId;
            }
            if (!known) continue;
            slices_.push_back(slice);
            sliceCategories_.push_back(category);
        }
        flushTrack();
        return true;
    }

    void finish(const SliceStamp& stamp) {
        const std::vector<std::uint32_t> names = categories_.takeNameCategories();
        writer_.append(kNameCategories, names.data(), names.size());
        writer_.append(kTracks, tracks.data(), tracks.size());
        writer_.append(kRuns, runs.data(), runs.size());
        std::vector<PackedLod> lods;
        lods.reserve(levels_.size());
        for (const LodLevel& l : levels_) lods.push_back({l.startsBegin, l.itemCount, l.log2Ns});
        writer_.append(kLodLevels, lods.data(), lods.size());
        writer_.append(kLodStarts, starts_.data(), starts_.size());
        Header h{};
        h[kFieldFormat] = kFormat;
        h[kFieldMagic] = kMagic;
        h[kFieldSliceBytes] = sizeof(TimelineSlice);
        h[kFieldSlices] = writer_.written(kSlices);
        h[kFieldSliceCategories] = writer_.written(kSliceCategories);
        h[kFieldPerSliceCategories] = categories_.perSliceNeeded() ? 1 : 0;
        h[kFieldNameCategories] = writer_.written(kNameCategories);
        h[kFieldTracks] = writer_.written(kTracks);
        h[kFieldRuns] = writer_.written(kRuns);
        h[kFieldLodLevels] = writer_.written(kLodLevels);
        h[kFieldLodStarts] = writer_.written(kLodStarts);
        h[kFieldMinSliceId] = stamp.minId;
        h[kFieldMaxSliceId] = stamp.maxId;
        h[kFieldTrackSliceCount] = stamp.trackSliceCount;
        writer_.flushAll();
        writer_.writeWhole(kHeader, &h, sizeof h); // one blob, whatever the chunk size
    }

    std::vector<PackedTrack> tracks;
    std::vector<PackedRun> runs;

private:
    // A track's slices are the pass's memory, and the largest grows with the trace: sized once from the
    // track's slice_count rather than by doubling (up to twice that, three times while it copies). A
    // wrong count only costs growth.
    void reserveForTrack(std::int64_t sliceCount) {
        constexpr std::int64_t kMaxHint = std::int64_t{1} << 32; // positions are 32 bits
        if (sliceCount <= 0 || sliceCount > kMaxHint) return;
        slices_.reserve(static_cast<std::size_t>(sliceCount));
        sliceCategories_.reserve(static_cast<std::size_t>(sliceCount));
    }

    void flushTrack() {
        if (slices_.empty()) return;
        if (position_ + slices_.size() > std::numeric_limits<std::uint32_t>::max()) // as the loader's scan
            throw SqliteError("timeline pack: more slices than positions of 32 bits");
        for (std::size_t i = 0; i < slices_.size(); ++i) categories_.add(slices_[i].nameId, sliceCategories_[i]);
        TrackSliceLayout track;
        track.trackId = currentTrack_;
        groupTrackByDepth(slices_, sliceCategories_, static_cast<std::uint32_t>(position_), &track, &levels_, &starts_, &scratch_);
        tracks.push_back({track.trackId, track.begin, track.end, static_cast<std::uint32_t>(runs.size()),
                          static_cast<std::uint32_t>(track.depths.size())});
        for (const DepthRun& r : track.depths)
            runs.push_back({r.begin, r.end, r.maxDurNs, r.lodBegin, r.lodCount | (r.endsSorted ? 0x100u : 0u)});
        writer_.append(kSlices, slices_.data(), slices_.size());
        writer_.append(kSliceCategories, sliceCategories_.data(), sliceCategories_.size());
        position_ += slices_.size();
        slices_.clear();
        sliceCategories_.clear();
    }

    Database& db_;
    const std::unordered_map<std::int64_t, std::int64_t>& tracks_; // id -> slice_count, a hint
    bool byId_;
    CategoryTracker categories_;
    PackWriter writer_;
    std::unordered_set<std::int64_t> seen_;
    std::int64_t currentTrack_ = 0;
    std::vector<TimelineSlice> slices_;
    std::vector<std::uint32_t> sliceCategories_;
    std::vector<LodLevel> levels_;
    std::vector<std::uint32_t> starts_;
    DepthGrouping scratch_;
    std::size_t position_ = 0;
};

} // namespace

void writeTimelinePack(Database& db, std::size_t chunkBytes) {
    // id -> slice_count, a size hint: no more than the file could hold rows (a slice row takes more than
    // 8 bytes), so a crafted count cannot make the pass ask for gigabytes.
    const auto mostRows = static_cast<std::int64_t>(storeFileBytes(db) / 8);
    std::unordered_map<std::int64_t, std::int64_t> tracks;
    {
        Statement st = db.prepare("SELECT id, slice_count FROM track");
        while (st.step()) tracks.emplace(st.int64(0), st.isNull(1) ? 0 : std::min(st.int64(1), mostRows));
    }
    const std::size_t nameCount = nameCountOf(db);
    const SliceStamp stamp = readStamp(db);
    bool byId = sliceIdsFitTheirRange(db);
    Transaction transaction(db);
    for (;;) {
        db.exec("DELETE FROM timeline_pack");
        PackPass pass(db, tracks, nameCount, byId, chunkBytes);
        if (!pass.run()) {
            byId = false; // as the loader's scan does: the index puts each track's rows together
            continue;
        }
        pass.finish(stamp);
        break;
    }
    transaction.commit();
}

namespace {

// The slices' array (and the per-slice categories') sized for the pack: in one mapped scratch file
// when they are large enough and a folder can hold it (returned), in memory otherwise.
std::shared_ptr<MappedScratchFile> allocateSlices(TimelineSliceLayout* l, std::size_t slices, bool perSlice,
                                                  const SliceMappingPolicy& mapping) {
    const std::size_t page = MappedScratchFile::pageBytes();
    const std::size_t sliceBytes = slices * sizeof(TimelineSlice);
    const std::size_t categoryOffset = (sliceBytes + page - 1) / page * page;
    const std::size_t bytes = perSlice ? sliceBytes + slices * 4 : sliceBytes;
    if (bytes >= mapping.fromBytes) {
        if (std::shared_ptr<MappedScratchFile> file = MappedScratchFile::createInFirst(
                mapping.directories, perSlice ? categoryOffset + slices * 4 : sliceBytes, mapping.chosen, mapping.refusal)) {
            l->slices = SpillableArray<TimelineSlice>(file, 0, slices);
            if (perSlice) l->sliceCategory = SpillableArray<std::uint32_t>(file, categoryOffset, slices);
            return file;
        }
    }
    std::vector<TimelineSlice> memory;
    resizeOnHugePages(memory, slices);
    l->slices = std::move(memory);
    if (perSlice) {
        std::vector<std::uint32_t> categories;
        resizeOnHugePages(categories, slices);
        l->sliceCategory = std::move(categories);
    }
    return nullptr;
}

// Each part's destination while reading: bytes land at `filled` of a buffer sized from the header.
struct PartBuffer {
    std::uint8_t* data = nullptr;
    std::size_t bytes = 0, filled = 0;
};

// Structure checks: every position the paint loop, the hit tests and the flows will follow lies
// inside its array, and each run is what describeRun() and buildLodLevels() would have made.
class PackCheck {
public:
    explicit PackCheck(const TimelineSliceLayout& l) : l_(l) {}

    const char* run() const {
        // Tracks come in the order of their slices: one pass front to back, releasing what it read
        // when the slices are mapped.
        PageReleasingWalk<TimelineSlice> walk(l_.slices);
        std::uint32_t lastEnd = 0;
        for (const TrackSliceLayout& t : l_.tracks) {
            if (t.begin < lastEnd || t.end < t.begin || t.end > l_.slices.size()) return "a track's slices lie outside the array";
            lastEnd = t.end;
            std::uint32_t at = t.begin;
            for (std::size_t d = 0; d < t.depths.size(); ++d) {
                const DepthRun& r = t.depths[d];
                if (r.begin != at || r.end < r.begin || r.end > t.end) return "a track's depth runs do not tile its slices";
                at = r.end;
                if (const char* why = checkRun(r, static_cast<std::uint16_t>(d), walk)) return why;
            }
            if (at != t.end) return "a track's depth runs do not tile its slices";
        }
        return nullptr;
    }

private:
    const char* checkRun(const DepthRun& r, std::uint16_t depth, PageReleasingWalk<TimelineSlice>& walk) const {
        std::int64_t lastEnd = std::numeric_limits<std::int64_t>::min(), maxDur = 0;
        bool endsSorted = true;
        for (std::uint32_t i = r.begin; i < r.end; ++i) {
            walk.at(i);
            const TimelineSlice& s = l_.slices[i];
            if (s.depth != depth || s.durNs < 0) return "a slice is not in the run of its depth";
            if (s.endNs() < lastEnd) endsSorted = false;
            lastEnd = std::max(lastEnd, s.endNs());
            maxDur = std::max(maxDur, s.durNs);
        }
        if (endsSorted != r.endsSorted || maxDur != r.maxDurNs) return "a run's description does not match its slices";
        if (std::uint64_t{r.lodBegin} + r.lodCount > l_.lodLevels.size()) return "a run's summaries lie outside the array";
        if (r.lodCount > 0 && !r.endsSorted) return "a run with unsorted ends has summaries";
        int previousLevel = -1;
        for (std::uint32_t k = r.lodBegin; k < r.lodBegin + r.lodCount; ++k) {
            const LodLevel& level = l_.lodLevels[k];
            if (level.log2Ns > 64 || level.log2Ns <= previousLevel) return "a run's summary levels are out of order";
            previousLevel = level.log2Ns;
            if (level.itemCount == 0 || std::uint64_t{level.startsBegin} + level.itemCount + 1 > l_.lodStarts.size())
                return "a summary's items lie outside the array";
            const std::uint32_t* starts = l_.lodStarts.data() + level.startsBegin;
            if (starts[0] != r.begin || starts[level.itemCount] != r.end) return "a summary does not cover its run";
            for (std::uint32_t j = 1; j <= level.itemCount; ++j)
                if (starts[j] <= starts[j - 1]) return "a summary's items are out of order";
        }
        return nullptr;
    }

    const TimelineSliceLayout& l_;
};

} // namespace

bool readTimelinePack(Database& db, const std::vector<std::int64_t>& trackIds, std::size_t nameCount,
                      TimelineSliceLayout* layout, std::string* whyNot, const SliceMappingPolicy& mapping) {
    auto refuse = [whyNot](const char* why) {
        if (whyNot) *whyNot = why;
        return false;
    };
    if (!db.tableExists("timeline_pack")) return refuse("the store has no timeline_pack table");
    Header h{};
    {
        Statement st = db.prepare("SELECT data FROM timeline_pack WHERE part = 0");
        if (!st.step()) return refuse("the store holds no timeline pack");
        if (st.columnType(0) != SQLITE_BLOB || sqlite3_column_bytes(st.handle(), 0) != static_cast<int>(sizeof(Header)))
            return refuse("the pack's header has the wrong size");
        std::memcpy(h.data(), sqlite3_column_blob(st.handle(), 0), sizeof(Header));
    }
    if (h[kFieldFormat] != kFormat || h[kFieldMagic] != kMagic || h[kFieldSliceBytes] != static_cast<std::int64_t>(sizeof(TimelineSlice)))
        return refuse("the pack was written in another format");
    const SliceStamp stamp = readStamp(db);
    if (h[kFieldMinSliceId] != stamp.minId || h[kFieldMaxSliceId] != stamp.maxId || h[kFieldTrackSliceCount] != stamp.trackSliceCount)
        return refuse("the pack does not describe the store's slices");
    if (h[kFieldNameCategories] != static_cast<std::int64_t>(nameCount)) return refuse("the pack does not match the string table");
    const bool perSlice = h[kFieldPerSliceCategories] != 0;
    if (h[kFieldSliceCategories] != h[kFieldSlices] || h[kFieldTracks] > static_cast<std::int64_t>(trackIds.size()))
        return refuse("the pack's counts do not agree");

    // Every part's size, from the blobs themselves: the header's counts must match them exactly, and
    // none may exceed the file, before any of them sizes an allocation.
    std::array<std::int64_t, kPartCount> counts{};
    counts[kHeader] = 1;
    counts[kTracks] = h[kFieldTracks];
    counts[kRuns] = h[kFieldRuns];
    counts[kSlices] = h[kFieldSlices];
    counts[kSliceCategories] = h[kFieldSliceCategories];
    counts[kNameCategories] = h[kFieldNameCategories];
    counts[kLodLevels] = h[kFieldLodLevels];
    counts[kLodStarts] = h[kFieldLodStarts];
    const std::uint64_t fileBytes = storeFileBytes(db);
    std::array<std::uint64_t, kPartCount> storedBytes{};
    {
        // length() and typeof() read a value's header, not its bytes; the length of text is in characters.
        // Summed here, not by GROUP BY: SQLite's sorter for it copied every blob into a temporary file
        // (360 MB written and read back at 10M slices, a fifth of the first frame).
        Statement st = db.prepare("SELECT part, length(data), typeof(data) = 'blob' FROM timeline_pack");
        while (st.step()) {
            const std::int64_t part = st.int64(0), bytes = st.int64(1);
            if (part < 0 || part >= kPartCount || bytes < 0) return refuse("the pack holds a part it should not");
            if (st.int64(2) == 0) return refuse("the pack holds a value that is not a blob");
            std::uint64_t& sum = storedBytes[static_cast<std::size_t>(part)];
            if (sum > std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(bytes))
                return refuse("the pack's parts do not have the sizes its header gives");
            sum += static_cast<std::uint64_t>(bytes);
        }
    }
    for (int part = 0; part < kPartCount; ++part) {
        const std::int64_t count = counts[static_cast<std::size_t>(part)];
        if (count < 0 || static_cast<std::uint64_t>(count) > fileBytes / kRecordBytes[static_cast<std::size_t>(part)] ||
            storedBytes[static_cast<std::size_t>(part)] != static_cast<std::uint64_t>(count) * kRecordBytes[static_cast<std::size_t>(part)])
            return refuse("the pack's parts do not have the sizes its header gives");
    }
    if (counts[kSlices] > std::numeric_limits<std::uint32_t>::max() || counts[kLodStarts] > std::numeric_limits<std::uint32_t>::max())
        return refuse("the pack has more items than positions of 32 bits");

    TimelineSliceLayout l;
    std::vector<PackedTrack> tracks(static_cast<std::size_t>(counts[kTracks]));
    std::vector<PackedRun> runs(static_cast<std::size_t>(counts[kRuns]));
    std::vector<PackedLod> lods(static_cast<std::size_t>(counts[kLodLevels]));
    const std::shared_ptr<MappedScratchFile> file =
        allocateSlices(&l, static_cast<std::size_t>(counts[kSlices]), perSlice, mapping);
    l.nameCategory.resize(static_cast<std::size_t>(counts[kNameCategories]));
    resizeOnHugePages(l.lodStarts, static_cast<std::size_t>(counts[kLodStarts]));
    std::array<PartBuffer, kPartCount> into{};
    auto target = [&](Part part, void* data, std::size_t bytes) { into[part] = {static_cast<std::uint8_t*>(data), bytes, 0}; };
    target(kTracks, tracks.data(), tracks.size() * sizeof(PackedTrack));
    target(kRuns, runs.data(), runs.size() * sizeof(PackedRun));
    target(kSlices, l.slices.data(), l.slices.size() * sizeof(TimelineSlice));
    target(kSliceCategories, l.sliceCategory.data(), l.sliceCategory.size() * 4);
    target(kNameCategories, l.nameCategory.data(), l.nameCategory.size() * 4);
    target(kLodLevels, lods.data(), lods.size() * sizeof(PackedLod));
    target(kLodStarts, l.lodStarts.data(), l.lodStarts.size() * 4);
    {
        // Per-slice categories are read only when some name needs them. Incremental blob reads copy
        // each blob straight into its array (a column value would be copied into a buffer first).
        Statement st = db.prepare("SELECT id, part, length(data) FROM timeline_pack WHERE part <> 0 AND part <> ? ORDER BY id");
        st.bind(1, perSlice ? std::int64_t{-1} : std::int64_t{kSliceCategories});
        sqlite3_blob* blob = nullptr;
        struct BlobCloser {
            sqlite3_blob** blob;
            ~BlobCloser() { sqlite3_blob_close(*blob); }
        } closer{&blob};
        while (st.step()) {
            const std::int64_t part = st.int64(1);
            if (part <= kHeader || part >= kPartCount) return refuse("the pack holds a part it should not");
            const std::int64_t bytes = st.int64(2);
            PartBuffer& buffer = into[static_cast<std::size_t>(part)];
            if (bytes < 0 || static_cast<std::uint64_t>(bytes) > buffer.bytes - buffer.filled || bytes > std::numeric_limits<int>::max())
                return refuse("the pack's parts do not have the sizes its header gives");
            if (bytes == 0) continue;
            const int rc = blob ? sqlite3_blob_reopen(blob, st.int64(0))
                                : sqlite3_blob_open(db.handle(), "main", "timeline_pack", "data", st.int64(0), 0, &blob);
            if (rc != SQLITE_OK || sqlite3_blob_bytes(blob) != bytes ||
                sqlite3_blob_read(blob, buffer.data + buffer.filled, static_cast<int>(bytes), 0) != SQLITE_OK)
                return refuse("a blob of the pack cannot be read");
            // Written pages of a mapped part go to the file as they fill, not held until the end.
            if (file && (part == kSlices || part == kSliceCategories))
                file->release(static_cast<std::size_t>(buffer.data + buffer.filled - file->data()), static_cast<std::size_t>(bytes));
            buffer.filled += static_cast<std::size_t>(bytes);
        }
    }
    for (int part = kTracks; part < kPartCount; ++part)
        if (into[static_cast<std::size_t>(part)].filled != into[static_cast<std::size_t>(part)].bytes)
            return refuse("the pack's parts do not have the sizes its header gives");

    const std::unordered_set<std::int64_t> known(trackIds.begin(), trackIds.end());
    std::unordered_set<std::int64_t> seen;
    for (const PackedTrack& t : tracks) {
        if (!known.count(t.trackId) || !seen.insert(t.trackId).second) return refuse("the pack names a track the store does not have");
        if (std::uint64_t{t.runBegin} + t.runCount > runs.size() || t.runCount > 0x10000)
            return refuse("a track's depth runs lie outside the array");
        TrackSliceLayout track;
        track.trackId = t.trackId;
        track.begin = t.begin;
        track.end = t.end;
        track.depths.reserve(t.runCount);
        for (std::uint32_t k = t.runBegin; k < t.runBegin + t.runCount; ++k) {
            const PackedRun& r = runs[k];
            DepthRun run;
            run.begin = r.begin;
            run.end = r.end;
            run.maxDurNs = r.maxDurNs;
            run.lodBegin = r.lodBegin;
            run.lodCount = static_cast<std::uint8_t>(r.lodCountAndSorted & 0xffu);
            run.endsSorted = (r.lodCountAndSorted & 0x100u) != 0;
            track.depths.push_back(run);
        }
        l.tracks.push_back(std::move(track));
    }
    l.lodLevels.reserve(lods.size());
    for (const PackedLod& p : lods)
        l.lodLevels.push_back({p.startsBegin, p.itemCount, static_cast<std::uint8_t>(std::min<std::uint32_t>(p.log2Ns, 255))});
    if (const char* why = PackCheck(l).run()) return refuse(why);
    *layout = std::move(l);
    return true;
}

} // namespace opscope
