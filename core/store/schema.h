// The store's schema: one SQLite file per trace, documented in docs/schema.md.
// Bump kSchemaVersion whenever a table changes; older stores are then rebuilt from their source.
#pragma once
#include "core/model/slice_flags.h" // slice.flags

#include <string>

namespace opscope {

// 2: slice.thread_ts/thread_dur, global async tracks (track.process_id NULL); 3: memory_record,
// memory_allocation, memory_module; 4: launch_link, device.rank/host, the cluster tables, device_slice_class;
// 5: rank_clock_offset; 6: ascend_statistic, ascend_operator_detail, Ascend DB lanes named as the JSON's;
// 7: timeline_pack (the timeline's slice layout, written at import); 8: launch_queue_track and
// launch_queue_points (the launch queue counter tracks, written at import).
inline constexpr int kSchemaVersion = 8;
inline constexpr const char* kImporterVersion = "opscope-importer-8";

// Tables and views, created before the bulk insert.
const char* schemaTablesSql();
// Indices, created after the bulk insert (faster than maintaining them row by row).
const char* schemaIndicesSql();

} // namespace opscope
