#include "core/analysis/snapshot/store_access.h"

#include "core/analysis/snapshot/slice_scan.h"
#include "core/store/meta_reader.h"
#include "core/store/schema.h"
#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/string_reader.h"
#include "core/store/store_error.h"

#include <algorithm>
#include <filesystem>
#include <numeric>

namespace opscope {

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
        if (error) *error = storeError(path, e.what());
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
    bool sorted = true;
    {
        PageReleasingWalk<SliceRecord> walk(slices);
        for (std::size_t i = 1; i < slices.size() && sorted; ++i) {
            walk.at(i);
            sorted = !(slices[i].id < slices[i - 1].id);
        }
    }
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

// Sorts each track's slices by time where they are not in order already, handing a mapped track's
// pages back once it is done.
void sortTracksByTime(SliceSet* out) {
    auto byTime = [](const SliceRecord& a, const SliceRecord& b) { return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.id < b.id; };
    for (std::size_t t = 0; t + 1 < out->trackBegin.size(); ++t) {
        const std::uint32_t first = out->trackBegin[t], last = out->trackBegin[t + 1];
        bool sorted = true;
        {
            PageReleasingWalk<SliceRecord> walk(out->slices);
            for (std::uint32_t i = first + 1; i < last && sorted; ++i) {
                walk.at(i);
                sorted = !byTime(out->slices[i], out->slices[i - 1]);
            }
        }
        if (!sorted) std::sort(out->slices.begin() + first, out->slices.begin() + last, byTime);
        out->slices.release(first, last - first);
    }
}

// Groups rows by track index, keeping each group in id (= time) order. Rows read in id order usually
// come grouped (StoreWriter numbers slices track by track) and are kept as they are; else they are
// placed into a new array of the same kind (for mapped rows a second file, or memory when no folder
// takes one).
void groupByTrack(SpillableArray<SliceRecord> rows, std::size_t trackCount, const std::vector<std::string>& directories,
                  std::string* refusal, SliceSet* out) {
    std::vector<std::uint32_t> counts(trackCount + 1, 0);
    bool grouped = true;
    {
        PageReleasingWalk<SliceRecord> walk(rows);
        std::uint32_t last = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            walk.at(i);
            const std::uint32_t track = rows[i].trackIndex;
            ++counts[track + 1];
            grouped = grouped && track >= last;
            last = track;
        }
    }
    for (std::size_t i = 1; i <= trackCount; ++i) counts[i] += counts[i - 1];
    out->trackBegin = counts;
    if (grouped) {
        out->slices = std::move(rows);
    } else {
        const std::size_t count = rows.size();
        const std::shared_ptr<MappedScratchFile> file =
            rows.mapped() ? MappedScratchFile::createInFirst(directories, count * sizeof(SliceRecord), nullptr, refusal) : nullptr;
        SpillableArray<SliceRecord> byTrack =
            file ? SpillableArray<SliceRecord>(file, 0, count) : SpillableArray<SliceRecord>(std::vector<SliceRecord>(count));
        PageReleasingWalk<SliceRecord> walk(rows);
        for (std::size_t i = 0; i < count; ++i) {
            walk.at(i);
            byTrack[counts[rows[i].trackIndex]++] = rows[i];
        }
        out->slices = std::move(byTrack);
    }
    sortTracksByTime(out);
}

std::vector<std::string> snapshotScratchDirectories(const Database& db, const SliceLoadFilter& filter) {
    return filter.scratchDirectories.empty() ? scratchDirectoriesFor(db.path()) : filter.scratchDirectories;
}

// A file with room for a row per id of the store's slice ids, when the wanted rows are large enough
// to map and the id span is not much wider than the store's slices (a sparse span would reserve disk
// for nothing); null otherwise, with the reason when a folder refused.
std::shared_ptr<MappedScratchFile> snapshotScratchFile(Database& db, const SliceScanPlan& plan, std::int64_t allSlices,
                                                       const std::vector<std::string>& directories,
                                                       std::string* refusal) {
    if (plan.filter->mapFromBytes == 0 || plan.wantedSlices < 0 ||
        static_cast<std::uint64_t>(plan.wantedSlices) * sizeof(SliceRecord) < plan.filter->mapFromBytes)
        return nullptr;
    std::int64_t minId = 0, maxId = 0;
    if (!readSliceIdBounds(db, &minId, &maxId) || maxId < minId) return nullptr;
    const std::uint64_t span = static_cast<std::uint64_t>(maxId) - static_cast<std::uint64_t>(minId) + 1;
    if (span > 2 * static_cast<std::uint64_t>(std::max<std::int64_t>(allSlices, 0)) + 1024 ||
        span > SIZE_MAX / sizeof(SliceRecord))
        return nullptr;
    return MappedScratchFile::createInFirst(directories, static_cast<std::size_t>(span) * sizeof(SliceRecord), nullptr, refusal);
}

} // namespace

const std::vector<std::string>& annotationCategories() {
    static const std::vector<std::string> categories{"gpu_user_annotation"};
    return categories;
}

bool loadSlices(Database& db, const TrackCatalog& catalog, const std::vector<std::int64_t>& logicalIds,
                SliceSet* out, Error* error, const SliceLoadFilter& filter) {
    out->trackIds = logicalIds;
    SliceScanPlan plan;
    plan.logicalIds = &logicalIds;
    plan.filter = &filter;
    const std::int64_t maxTrack = catalog.tracks().empty() ? 0 : catalog.tracks().back().id;
    plan.tracks.resize(static_cast<std::size_t>(maxTrack + 1));
    for (const TrackRecord& t : catalog.tracks()) plan.tracks[static_cast<std::size_t>(t.id)].compute = t.isCompute;
    std::int64_t allSlices = 0;
    for (std::size_t i = 0; i < logicalIds.size(); ++i)
        for (std::int64_t id : catalog.lanesOf(logicalIds[i])) {
            plan.tracks[static_cast<std::size_t>(id)].logicalIndex = static_cast<std::int32_t>(i);
            plan.wantedSlices += catalog.find(id)->sliceCount;
        }
    for (const TrackRecord& t : catalog.tracks()) allSlices += t.sliceCount;
    ScannedSlices scanned;
    std::size_t parts = 1;
    std::shared_ptr<MappedScratchFile> mapped;
    const std::vector<std::string> directories = snapshotScratchDirectories(db, filter);
    try {
        // A table scan in rowid order beats index lookups unless few of the slices are wanted.
        if (plan.wantedSlices * 4 > allSlices) {
            parts = sliceScanParts(db, allSlices, filter);
            mapped = snapshotScratchFile(db, plan, allSlices, directories, filter.mappingRefusal);
            scanAllSlices(db, plan, parts, &scanned, mapped.get());
        } else {
            scanned.rows.reserve(static_cast<std::size_t>(std::clamp<std::int64_t>(plan.wantedSlices, 0, std::int64_t{1} << 24)));
            SliceRowReader reader(db, SliceRowReader::Scope::OneTrack);
            for (std::int64_t id : logicalIds)
                for (std::int64_t lane : catalog.lanesOf(id)) {
                    reader.selectTrack(lane);
                    scanSliceRows(reader, plan, &scanned);
                }
        }
    } catch (const SqliteError& e) {
        if (error) *error = storeError(db, e.what());
        return false;
    }
    if (filter.scanParts) *filter.scanParts = parts;
    if (filter.skipped) *filter.skipped += scanned.skippedAnnotations;
    if (filter.skippedNotWork) *filter.skippedNotWork += scanned.skippedNotWork;
    if (filter.notWork) filter.notWork->insert(filter.notWork->end(), scanned.notWork.begin(), scanned.notWork.end());
    SpillableArray<SliceRecord> rows = mapped ? SpillableArray<SliceRecord>(std::move(mapped), 0, scanned.mappedCount)
                                              : SpillableArray<SliceRecord>(std::move(scanned.rows));
    groupByTrack(std::move(rows), logicalIds.size(), directories, filter.mappingRefusal, out);
    out->finalize();
    return true;
}

SliceSet makeSliceSet(std::vector<std::int64_t> trackIds, std::vector<SliceRecord> slices) {
    SliceSet set;
    std::size_t n = trackIds.size();
    set.trackIds = std::move(trackIds);
    groupByTrack(std::move(slices), n, {}, nullptr, &set);
    set.finalize();
    return set;
}

bool cutSnapshot(const StoreSnapshot& all, const TrackSelection& selection, StoreSnapshot* out) {
    SelectedTracks selected = selectTracks(all.catalog, selection);
    for (std::int64_t id : all.catalog.computeTracks())
        if (!std::binary_search(selected.logicalIds.begin(), selected.logicalIds.end(), id)) return false;
    std::vector<int> sourceTrack(selected.logicalIds.size());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < selected.logicalIds.size(); ++i) {
        sourceTrack[i] = all.slices.indexOfTrack(selected.logicalIds[i]);
        if (sourceTrack[i] >= 0) // a track without slices: loadSlices finds none either
            kept += all.slices.end(static_cast<std::size_t>(sourceTrack[i])) -
                    all.slices.begin(static_cast<std::size_t>(sourceTrack[i]));
    }
    std::vector<SliceRecord> rows;
    rows.reserve(kept);
    for (std::size_t i = 0; i < selected.logicalIds.size(); ++i) {
        if (sourceTrack[i] < 0) continue;
        const auto from = static_cast<std::size_t>(sourceTrack[i]);
        for (std::uint32_t k = all.slices.begin(from); k < all.slices.end(from); ++k) {
            SliceRecord& r = rows.emplace_back(all.slices.slices[k]);
            r.trackIndex = static_cast<std::uint32_t>(i);
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
    groupByTrack(std::move(rows), selected.logicalIds.size(), {}, nullptr, &out->slices);
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
