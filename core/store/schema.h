// The store's schema: one SQLite file per trace, documented in docs/schema.md.
// Bump kSchemaVersion whenever a table changes; older stores are then rebuilt from their source.
#pragma once
#include <string>

namespace opscope {

// 2: slice.thread_ts/thread_dur, global async tracks (track.process_id NULL); 3: memory_record,
// memory_allocation, memory_module; 4: launch_link, device.rank/host, the cluster tables, device_slice_class;
// 5: rank_clock_offset; 6: ascend_statistic, ascend_operator_detail, Ascend DB lanes named as the JSON's.
inline constexpr int kSchemaVersion = 6;
inline constexpr const char* kImporterVersion = "opscope-importer-6";

// Slice flags (slice.flags), counted in the warning table as well.
enum SliceFlag : int {
    kSliceUnfinished = 1,  // B without E (or async begin without end): drawn to the end of its track
    kSliceOverlap = 2,     // overlapped a sibling on its thread: moved to an overflow lane track
    kSliceNegativeDur = 4, // the source said dur < 0; stored as 0
    kSliceInstant = 8,     // an instant event (i, I, n, R): dur is 0
    kSliceMissingDur = 16, // X without dur; stored as 0 (no longer written: such an X is dropped, as Perfetto does)
    // Internal, never stored: at equal ts this slice nests in arrival order instead of longer-first
    // (a B/E pair that began after a 0-length X at its ts, which Perfetto then closes first).
    kSliceSortByArrival = 1 << 30,
};

// Tables and views, created before the bulk insert.
const char* schemaTablesSql();
// Indices, created after the bulk insert (faster than maintaining them row by row).
const char* schemaIndicesSql();

} // namespace opscope
