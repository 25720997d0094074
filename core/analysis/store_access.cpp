#include "core/analysis/store_access.h"

#include "core/store/meta_reader.h"
#include "core/store/schema.h"
#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/string_reader.h"

#include <algorithm>
#include <filesystem>
#include <numeric>

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

bool loadSlices(Database& db, const TrackCatalog& catalog, const std::vector<std::int64_t>& logicalIds,
                SliceSet* out, Error* error, const SliceLoadFilter& filter) {
    out->trackIds = logicalIds;
    std::int64_t maxTrack = catalog.tracks().empty() ? 0 : catalog.tracks().back().id;
    // Store track id -> index of its logical track in logicalIds (-1: not wanted).
    std::vector<std::int32_t> wanted(static_cast<std::size_t>(maxTrack + 1), -1);
    std::vector<bool> compute(static_cast<std::size_t>(maxTrack + 1), false);
    for (const TrackRecord& t : catalog.tracks()) compute[static_cast<std::size_t>(t.id)] = t.isCompute;
    const std::vector<std::uint32_t>& skipCats = filter.computeCategoriesToSkip;
    std::int64_t wantedSlices = 0, allSlices = 0;
    for (std::size_t i = 0; i < logicalIds.size(); ++i)
        for (std::int64_t id : catalog.lanesOf(logicalIds[i])) {
            wanted[static_cast<std::size_t>(id)] = static_cast<std::int32_t>(i);
            wantedSlices += catalog.find(id)->sliceCount;
        }
    for (const TrackRecord& t : catalog.tracks()) allSlices += t.sliceCount;
    std::vector<SliceRecord> rows;
    // Stored counts are hints: a reservation never trusts them beyond what any real trace needs.
    rows.reserve(static_cast<std::size_t>(std::clamp<std::int64_t>(wantedSlices, 0, std::int64_t{1} << 24)));
    try {
        // A table scan in rowid order beats index lookups unless few of the slices are wanted.
        bool scanAll = wantedSlices * 4 > allSlices;
        SliceRowReader reader(db, scanAll ? SliceRowReader::Scope::AllSlices : SliceRowReader::Scope::OneTrack);
        SliceRow row;
        auto readAll = [&]() {
            while (reader.step()) {
                const std::int64_t track = reader.trackId();
                if (track < 0 || track > maxTrack || wanted[static_cast<std::size_t>(track)] < 0) continue;
                reader.read(&row);
                SliceRecord r;
                toRecord(row, &r);
                if (!skipCats.empty() && compute[static_cast<std::size_t>(track)] &&
                    std::binary_search(skipCats.begin(), skipCats.end(), r.catId)) {
                    if (filter.skipped) ++*filter.skipped;
                    continue;
                }
                if (filter.deviceClasses && compute[static_cast<std::size_t>(track)]) {
                    std::optional<DeviceClass> c = filter.deviceClasses->classOf(r.id);
                    if (c && !isDeviceWork(*c)) {
                        if (filter.skippedNotWork) ++*filter.skippedNotWork;
                        if (filter.notWork)
                            filter.notWork->push_back({r.id, logicalIds[static_cast<std::size_t>(wanted[static_cast<std::size_t>(track)])],
                                                       r.tsNs, r.endNs(), r.nameId, r.argId, *c});
                        continue;
                    }
                }
                r.trackIndex = static_cast<std::uint32_t>(wanted[static_cast<std::size_t>(track)]);
                rows.push_back(r);
            }
        };
        if (scanAll) {
            readAll();
        } else {
            for (std::int64_t id : logicalIds)
                for (std::int64_t lane : catalog.lanesOf(id)) {
                    reader.selectTrack(lane);
                    readAll();
                }
        }
    } catch (const SqliteError& e) {
        if (error) *error = storeError(db, e.what());
        return false;
    }
    groupByTrack(rows, logicalIds.size(), out);
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
