#include "core/analysis/store_access.h"

#include "core/store/meta_reader.h"
#include "core/store/schema.h"
#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/string_reader.h"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <thread>

namespace opscope {

Error storeError(const Database& db, const char* what) {
    return Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", what};
}

bool openStoreReadOnly(const std::string& path, Database* out, Error* error) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        if (error) *error = Error{ErrorCode::FileNotFound, path, -1, -1, -1, {}, {}};
        return false;
    }
    try {
        Database db(path, Database::Mode::ReadOnly);
        if (!db.tableExists("slice") || !db.tableExists("track")) {
            if (error) *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "an opscope store", "no slice table"};
            return false;
        }
        *out = std::move(db);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

bool StringTable::load(Database& db, StringTable* out, Error* error) {
    return readStringValues(db, &out->values_, error);
}

void StringTable::set(std::uint32_t id, std::string value) {
    if (id >= values_.size()) values_.resize(id + 1);
    values_[id] = std::move(value);
}

bool SliceRecord::isInstant() const { return (flags & kSliceInstant) != 0; }

int SliceSet::indexOfTrack(std::int64_t logicalId) const {
    // Track ids are loaded sorted (selectTracks sorts them); fall back to a scan for hand-made sets.
    if (trackIdsSorted) {
        auto it = std::lower_bound(trackIds.begin(), trackIds.end(), logicalId);
        return it != trackIds.end() && *it == logicalId ? static_cast<int>(it - trackIds.begin()) : -1;
    }
    for (std::size_t i = 0; i < trackIds.size(); ++i)
        if (trackIds[i] == logicalId) return static_cast<int>(i);
    return -1;
}

void SliceSet::finalize() {
    trackIdsSorted = std::is_sorted(trackIds.begin(), trackIds.end());
    byId.clear();
    bool sorted = std::is_sorted(slices.begin(), slices.end(),
                                 [](const SliceRecord& a, const SliceRecord& b) { return a.id < b.id; });
    if (sorted) return;
    byId.resize(slices.size());
    std::iota(byId.begin(), byId.end(), 0u);
    std::sort(byId.begin(), byId.end(), [this](std::uint32_t a, std::uint32_t b) { return slices[a].id < slices[b].id; });
}

std::int64_t SliceSet::indexOfSlice(std::int64_t sliceId) const {
    if (byId.empty()) {
        auto it = std::lower_bound(slices.begin(), slices.end(), sliceId,
                                   [](const SliceRecord& s, std::int64_t id) { return s.id < id; });
        return it != slices.end() && it->id == sliceId ? it - slices.begin() : -1;
    }
    auto it = std::lower_bound(byId.begin(), byId.end(), sliceId,
                               [this](std::uint32_t i, std::int64_t id) { return slices[i].id < id; });
    return it != byId.end() && slices[*it].id == sliceId ? static_cast<std::int64_t>(*it) : -1;
}

namespace {

void toRecord(const SliceRow& row, SliceRecord* r) {
    r->id = row.id;
    r->tsNs = row.tsNs;
    r->durNs = row.durNs;
    r->selfNs = row.selfNs;
    r->depth = static_cast<std::uint16_t>(row.depth);
    r->nameId = static_cast<std::uint32_t>(row.nameId);
    r->catId = static_cast<std::uint32_t>(row.catId);
    r->typeId = static_cast<std::uint32_t>(row.typeId);
    r->argId = row.argId;
    r->flags = static_cast<std::uint16_t>(row.flags);
}

// Groups rows by track index, keeping each group in id (= time) order.
void groupByTrack(std::vector<SliceRecord>& rows, std::size_t trackCount, SliceSet* out) {
    std::vector<std::uint32_t> counts(trackCount + 1, 0);
    for (const SliceRecord& r : rows) ++counts[r.trackIndex + 1];
    for (std::size_t i = 1; i <= trackCount; ++i) counts[i] += counts[i - 1];
    out->trackBegin = counts;
    // Rows read in id order already come grouped (StoreWriter numbers slices track by track): no copy then.
    bool grouped = std::is_sorted(rows.begin(), rows.end(), [](const SliceRecord& a, const SliceRecord& b) {
        return a.trackIndex < b.trackIndex;
    });
    if (grouped) {
        out->slices = std::move(rows);
    } else {
        out->slices.resize(rows.size());
        for (SliceRecord& r : rows) out->slices[counts[r.trackIndex]++] = r;
    }
    for (std::size_t t = 0; t < trackCount; ++t) {
        auto first = out->slices.begin() + out->trackBegin[t];
        auto last = out->slices.begin() + out->trackBegin[t + 1];
        auto byTime = [](const SliceRecord& a, const SliceRecord& b) {
            return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.id < b.id;
        };
        if (!std::is_sorted(first, last, byTime)) std::sort(first, last, byTime);
    }
}

} // namespace

const std::vector<std::string>& annotationCategories() {
    static const std::vector<std::string> categories{"gpu_user_annotation"};
    return categories;
}

namespace {

// What one scan of slice rows keeps: the rows of wanted tracks, and what the filter left out.
struct ScannedRows {
    std::vector<SliceRecord> rows;
    std::int64_t skippedAnnotations = 0, skippedNotWork = 0;
    std::vector<NotWorkSlice> notWork;
};

// The per-store-track facts a scan needs, shared read-only by the threads of a parallel scan.
struct ScanPlan {
    const std::vector<std::int64_t>* logicalIds = nullptr;
    const SliceLoadFilter* filter = nullptr;
    std::int64_t maxTrack = 0;
    std::vector<std::int32_t> wanted; // store track id -> index of its logical track (-1: not wanted)
    std::vector<bool> compute;        // store track id -> is a compute track
};

void scanRows(SliceRowReader& reader, const ScanPlan& plan, ScannedRows* out) {
    const SliceLoadFilter& filter = *plan.filter;
    const std::vector<std::uint32_t>& skipCats = filter.computeCategoriesToSkip;
    SliceRow row;
    while (reader.step()) {
        const std::int64_t track = reader.trackId();
        if (track < 0 || track > plan.maxTrack || plan.wanted[static_cast<std::size_t>(track)] < 0) continue;
        const auto logical = static_cast<std::size_t>(plan.wanted[static_cast<std::size_t>(track)]);
        const bool compute = plan.compute[static_cast<std::size_t>(track)];
        reader.read(&row);
        SliceRecord r;
        toRecord(row, &r);
        if (!skipCats.empty() && compute && std::binary_search(skipCats.begin(), skipCats.end(), r.catId)) {
            ++out->skippedAnnotations;
            continue;
        }
        if (filter.deviceClasses && compute) {
            std::optional<DeviceClass> c = filter.deviceClasses->classOf(r.id);
            if (c && !isDeviceWork(*c)) {
                ++out->skippedNotWork;
                if (filter.notWork)
                    out->notWork.push_back({r.id, (*plan.logicalIds)[logical], r.tsNs, r.endNs(), r.nameId, r.argId, *c});
                continue;
            }
        }
        r.trackIndex = static_cast<std::uint32_t>(logical);
        out->rows.push_back(r);
    }
}

// How many id ranges a whole-table scan is split into, each read on a connection of its own.
std::size_t scanThreads() { return std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4); }

// Reads every slice in id order, in `parts` id ranges at once (part 0 on db, the others on read-only
// connections of their own under db's cancel flag), concatenated in id order: the same rows as one scan.
std::size_t scanAllSlices(Database& db, const ScanPlan& plan, std::size_t parts, ScannedRows* out) {
    std::int64_t minId = 0, maxId = 0;
    if (parts <= 1 || !readSliceIdBounds(db, &minId, &maxId) || maxId - minId < static_cast<std::int64_t>(parts)) {
        SliceRowReader reader(db, SliceRowReader::Scope::AllSlices);
        scanRows(reader, plan, out);
        return 1;
    }
    const std::int64_t width = (maxId - minId) / static_cast<std::int64_t>(parts) + 1;
    std::vector<ScannedRows> scanned(parts);
    std::vector<std::string> failures(parts);
    auto scanPart = [&](Database& connection, std::size_t part) {
        const std::int64_t first = minId + width * static_cast<std::int64_t>(part);
        const std::int64_t end = part + 1 == parts ? maxId + 1 : first + width;
        SliceRowReader reader(connection, SliceRowReader::Scope::IdRange);
        reader.selectIdRange(first, end);
        scanRows(reader, plan, &scanned[part]);
    };
    std::vector<std::thread> threads;
    for (std::size_t part = 1; part < parts; ++part)
        threads.emplace_back([&, part] {
            try {
                Database connection(db.path(), Database::Mode::ReadOnly);
                connection.setInterruptFlag(db.interruptFlag());
                scanPart(connection, part);
            } catch (const SqliteError& e) {
                failures[part] = e.what();
            }
        });
    try {
        scanPart(db, 0);
    } catch (const SqliteError& e) {
        failures[0] = e.what();
    }
    for (std::thread& t : threads) t.join();
    for (const std::string& failure : failures)
        if (!failure.empty()) throw SqliteError(failure);
    std::size_t total = 0;
    for (const ScannedRows& part : scanned) total += part.rows.size();
    *out = std::move(scanned[0]);
    out->rows.reserve(total);
    for (std::size_t part = 1; part < parts; ++part) {
        ScannedRows& more = scanned[part];
        out->rows.insert(out->rows.end(), more.rows.begin(), more.rows.end());
        out->skippedAnnotations += more.skippedAnnotations;
        out->skippedNotWork += more.skippedNotWork;
        out->notWork.insert(out->notWork.end(), more.notWork.begin(), more.notWork.end());
    }
    return parts;
}

} // namespace

bool loadSlices(Database& db, const TrackCatalog& catalog, const std::vector<std::int64_t>& logicalIds,
                SliceSet* out, Error* error, const SliceLoadFilter& filter) {
    out->trackIds = logicalIds;
    ScanPlan plan;
    plan.logicalIds = &logicalIds;
    plan.filter = &filter;
    plan.maxTrack = catalog.tracks().empty() ? 0 : catalog.tracks().back().id;
    plan.wanted.assign(static_cast<std::size_t>(plan.maxTrack + 1), -1);
    plan.compute.assign(static_cast<std::size_t>(plan.maxTrack + 1), false);
    for (const TrackRecord& t : catalog.tracks()) plan.compute[static_cast<std::size_t>(t.id)] = t.isCompute;
    std::int64_t wantedSlices = 0, allSlices = 0;
    for (std::size_t i = 0; i < logicalIds.size(); ++i)
        for (std::int64_t id : catalog.lanesOf(logicalIds[i])) {
            plan.wanted[static_cast<std::size_t>(id)] = static_cast<std::int32_t>(i);
            wantedSlices += catalog.find(id)->sliceCount;
        }
    for (const TrackRecord& t : catalog.tracks()) allSlices += t.sliceCount;
    ScannedRows scanned;
    // Stored counts are hints: a reservation never trusts them beyond what any real trace needs.
    scanned.rows.reserve(static_cast<std::size_t>(std::clamp<std::int64_t>(wantedSlices, 0, std::int64_t{1} << 24)));
    try {
        // A table scan in rowid order beats index lookups unless few of the slices are wanted.
        if (wantedSlices * 4 > allSlices) {
            // A second connection sees what this one sees only when this one cannot hold uncommitted rows.
            const bool parallel = allSlices >= filter.parallelScanMinSlices && db.isReadOnly();
            const std::size_t parts = scanAllSlices(db, plan, parallel ? scanThreads() : 1, &scanned);
            if (filter.scanParts) *filter.scanParts = parts;
        } else {
            if (filter.scanParts) *filter.scanParts = 1;
            SliceRowReader reader(db, SliceRowReader::Scope::OneTrack);
            for (std::int64_t id : logicalIds)
                for (std::int64_t lane : catalog.lanesOf(id)) {
                    reader.selectTrack(lane);
                    scanRows(reader, plan, &scanned);
                }
        }
    } catch (const SqliteError& e) {
        if (error) *error = storeError(db, e.what());
        return false;
    }
    if (filter.skipped) *filter.skipped += scanned.skippedAnnotations;
    if (filter.skippedNotWork) *filter.skippedNotWork += scanned.skippedNotWork;
    if (filter.notWork) filter.notWork->insert(filter.notWork->end(), scanned.notWork.begin(), scanned.notWork.end());
    groupByTrack(scanned.rows, logicalIds.size(), out);
    out->finalize();
    return true;
}

SliceSet makeSliceSet(std::vector<std::int64_t> trackIds, std::vector<SliceRecord> slices) {
    SliceSet set;
    std::size_t n = trackIds.size();
    set.trackIds = std::move(trackIds);
    groupByTrack(slices, n, &set);
    set.finalize();
    return set;
}

bool cutSnapshot(const StoreSnapshot& all, const TrackSelection& selection, StoreSnapshot* out) {
    SelectedTracks selected = selectTracks(all.catalog, selection);
    for (std::int64_t id : all.catalog.computeTracks())
        if (!std::binary_search(selected.logicalIds.begin(), selected.logicalIds.end(), id)) return false;
    std::vector<SliceRecord> rows;
    for (std::size_t i = 0; i < selected.logicalIds.size(); ++i) {
        const int from = all.slices.indexOfTrack(selected.logicalIds[i]);
        if (from < 0) continue; // a track without slices: loadSlices finds none either
        for (std::uint32_t k = all.slices.begin(static_cast<std::size_t>(from));
             k < all.slices.end(static_cast<std::size_t>(from)); ++k) {
            SliceRecord r = all.slices.slices[k];
            r.trackIndex = static_cast<std::uint32_t>(i);
            rows.push_back(r);
        }
    }
    out->catalog = all.catalog;
    out->strings = all.strings;
    out->deviceClasses = all.deviceClasses;
    out->traceRange = all.traceRange;
    out->fellBackToAll = selected.fellBackToAll;
    out->skippedAnnotations = all.skippedAnnotations;
    out->skippedNotWork = all.skippedNotWork;
    out->notWork = all.notWork; // only compute tracks leave slices out, and the selection holds every one
    out->slices = SliceSet{};
    out->slices.trackIds = selected.logicalIds;
    groupByTrack(rows, selected.logicalIds.size(), &out->slices);
    out->slices.finalize();
    return true;
}

bool ensureSnapshot(Database& db, const TrackSelection& selection, std::shared_ptr<const StoreSnapshot>* snapshot,
                    Error* error) {
    if (*snapshot) return true;
    auto loaded = std::make_shared<StoreSnapshot>();
    if (!loadSnapshot(db, selection, loaded.get(), error)) return false;
    *snapshot = std::move(loaded);
    return true;
}

bool loadSnapshot(Database& db, const TrackSelection& selection, StoreSnapshot* out, Error* error) {
    if (!TrackCatalog::load(db, &out->catalog, error)) return false;
    SelectedTracks selected = selectTracks(out->catalog, selection);
    out->fellBackToAll = selected.fellBackToAll;
    if (!StringTable::load(db, &out->strings, error)) return false;
    SliceLoadFilter filter;
    for (std::uint32_t id = 1; id < out->strings.size(); ++id)
        for (const std::string& c : annotationCategories())
            if (out->strings.at(id) == c) filter.computeCategoriesToSkip.push_back(id);
    filter.skipped = &out->skippedAnnotations;
    if (!readDeviceClassIndex(db, &out->deviceClasses, error)) return false;
    filter.deviceClasses = &out->deviceClasses;
    filter.skippedNotWork = &out->skippedNotWork;
    filter.notWork = &out->notWork;
    if (!loadSlices(db, out->catalog, selected.logicalIds, &out->slices, error, filter)) return false;
    std::sort(out->notWork.begin(), out->notWork.end(),
              [](const NotWorkSlice& a, const NotWorkSlice& b) { return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.sliceId < b.sliceId; });
    try {
        out->traceRange = readTraceSpan(db);
    } catch (const SqliteError&) {
        out->traceRange = {};
    }
    return true;
}

} // namespace opscope
