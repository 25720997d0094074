// Read-only access for the analyses: opening a store, its string table, and the slices of chosen
// tracks loaded once into plain arrays (grouped per logical track, in time order) for fast passes.
#pragma once
#include "core/store/device_class_reader.h"
#include "core/analysis/snapshot/track_selection.h"
#include "core/model/error.h"
#include "core/model/spillable_array.h"
#include "core/model/time.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class Database;

// Opens an existing opscope store read-only; fills error (BadDatabase / FileNotFound) on failure.
bool openStoreReadOnly(const std::string& path, Database* out, Error* error);

class StringTable {
public:
    static bool load(Database& db, StringTable* out, Error* error);
    std::string_view at(std::uint32_t id) const { return id < values_.size() ? values_[id] : std::string_view(); }
    std::size_t size() const { return values_.size(); }
    void set(std::uint32_t id, std::string value); // for tests and synthetic stores

private:
    std::vector<std::string> values_; // index = string id; 0 is ""
};

struct SliceRecord {
    std::int64_t id = 0;
    TimeNs tsNs = 0;
    TimeNs durNs = 0;
    TimeNs selfNs = 0;
    std::int64_t argId = 0;     // 0: none
    std::uint32_t nameId = 0;
    std::uint32_t catId = 0;    // 0: none
    std::uint32_t typeId = 0;   // 0: none
    std::uint32_t trackIndex = 0; // into SliceSet::trackIds
    std::uint16_t depth = 0;
    std::uint16_t flags = 0;
    TimeNs endNs() const { return tsNs + durNs; }
    bool isInstant() const;
};

// The slices of some logical tracks. Slices of track i are slices[trackBegin[i], trackBegin[i + 1]),
// sorted by start (store id order, which StoreWriter assigns by (track, ts)). Overflow lanes are
// folded into their logical track, so a track's slices may overlap; use interval unions for busy time.
struct SliceSet {
    std::vector<std::int64_t> trackIds; // logical track ids
    std::vector<std::uint32_t> trackBegin{0};
    // In memory, or for a large snapshot in a mapped scratch file (SliceLoadFilter::mapFromBytes).
    SpillableArray<SliceRecord> slices;

    std::size_t trackCount() const { return trackIds.size(); }
    std::uint32_t begin(std::size_t track) const { return trackBegin[track]; }
    std::uint32_t end(std::size_t track) const { return trackBegin[track + 1]; }
    int indexOfTrack(std::int64_t logicalId) const; // -1 when not loaded
    // Index of the slice with this store id, or -1. Binary search: see byId.
    std::int64_t indexOfSlice(std::int64_t sliceId) const;

    // Filled by finalize(): slice indices in id order, left empty when slices are already in id order
    // (the usual case: StoreWriter numbers slices per track run, and tracks load in id order).
    std::vector<std::uint32_t> byId;
    bool trackIdsSorted = false; // set by finalize(): indexOfTrack can binary search
    void finalize();
};

// A wait or marker left out of a compute track while loading, kept because it explains a gap in device
// busy (docs/device-time.md: a wait is a gap with a reason, never work).
struct NotWorkSlice {
    std::int64_t sliceId = 0;
    std::int64_t trackId = 0; // logical track
    TimeNs tsNs = 0, endNs = 0;
    std::uint32_t nameId = 0;
    std::int64_t argId = 0;
    DeviceClass deviceClass = DeviceClass::Wait;
};

// 256 MiB of SliceRecords: about 4.2 M slices.
inline constexpr std::size_t kSnapshotMapSlicesFromBytes = std::size_t{256} << 20;

// Slices left out while loading: on compute tracks, those whose category id is listed.
struct SliceLoadFilter {
    std::vector<std::uint32_t> computeCategoriesToSkip; // sorted string ids
    std::int64_t* skipped = nullptr;                    // counts the slices left out
    // On compute tracks, slices whose device class is not work (waits, markers) are left out too:
    // opscope's "device busy" is compute ∪ communication ∪ memory (docs/device-time.md).
    const DeviceClassIndex* deviceClasses = nullptr;
    std::int64_t* skippedNotWork = nullptr;
    std::vector<NotWorkSlice>* notWork = nullptr; // receives the waits and markers left out
    // A whole-table scan of a store with at least this many slices, over a read-only connection, reads
    // id ranges on several connections at once (one per core, at most 4); the rows are the same either way.
    std::int64_t parallelScanMinSlices = std::int64_t{1} << 17;
    std::size_t* scanParts = nullptr; // receives how many id ranges the scan read at once (1: one scan)
    // A whole-table scan whose wanted slices take at least this many bytes as SliceRecords is read into
    // a scratch file mapped in (core/model/mapped_scratch_file.h) instead of memory: a 10 GB trace's
    // 32 M slices are 2 GB of records, which the kernel can then write out and read back as the
    // analyses go. The file goes in the first of scratchDirectories that takes it (empty: beside the
    // store, then the temporary folder); where none does, memory, with the reason in *mappingRefusal.
    // 0: never mapped.
    std::size_t mapFromBytes = kSnapshotMapSlicesFromBytes;
    std::vector<std::string> scratchDirectories;
    std::string* mappingRefusal = nullptr;
};

// Categories that mark ranges rather than work (Kineto writes gpu_user_annotation slices on the GPU
// streams, spanning kernels and the gaps between them): on compute tracks they would hide every bubble.
const std::vector<std::string>& annotationCategories();

// Loads the slices of the given logical tracks (with their overflow lanes).
bool loadSlices(Database& db, const TrackCatalog& catalog, const std::vector<std::int64_t>& logicalIds,
                SliceSet* out, Error* error, const SliceLoadFilter& filter = {});

// Builds a SliceSet from records already grouped by trackIndex and sorted by start (tests, benches).
SliceSet makeSliceSet(std::vector<std::int64_t> trackIds, std::vector<SliceRecord> slices);

// Everything most analyses need, loaded in one go.
struct StoreSnapshot {
    TrackCatalog catalog;
    StringTable strings;
    SliceSet slices;
    TimeRange traceRange; // meta trace_start_ns / trace_end_ns
    bool fellBackToAll = false; // compute scope asked for, but the trace marks no compute track
    std::int64_t skippedAnnotations = 0; // annotation slices on compute tracks, left out (see annotationCategories)
    DeviceClassIndex deviceClasses;      // device_slice_class (empty when the store predates it)
    std::int64_t skippedNotWork = 0;     // waits and markers on compute tracks, left out (gaps, not work)
    std::vector<NotWorkSlice> notWork;   // those slices, by start: what the gaps of device busy wait for
};

// Loads the track catalog, picks the tracks, then loads strings and their slices.
bool loadSnapshot(Database& db, const TrackSelection& selection, StoreSnapshot* out, Error* error);

// The snapshot of a selection cut from the snapshot of every slice track (loaded with TrackScope::All),
// without reading the store again: the same tracks, slices and counts loadSnapshot would give. False (and
// *out untouched) when it cannot be cut: the selection leaves out a compute track, whose skipped slices
// the whole snapshot counted, so the counts would differ.
bool cutSnapshot(const StoreSnapshot& all, const TrackSelection& selection, StoreSnapshot* out);

// Loads *snapshot when it is still null (the first computation of a view); later ones reuse it.
bool ensureSnapshot(Database& db, const TrackSelection& selection, std::shared_ptr<const StoreSnapshot>* snapshot,
                    Error* error);

} // namespace opscope
