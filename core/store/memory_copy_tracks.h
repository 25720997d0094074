// Derived counter tracks of copy bandwidth: once slices are written, copies (Kineto gpu_memcpy events
// with "bytes", Ascend MEMCPY_ASYNC tasks with "size(B)") become, per device and direction, a counter
// track "<direction> bandwidth" (B/s) in a "Memory bandwidth (derived)" process of the device.
#pragma once
#include "core/store/store_writer.h"

namespace opscope {

// Returns the number of copies used. Called from StoreWriter::finish before the counters are indexed.
std::int64_t addCopyBandwidthTracks(Database& db);

} // namespace opscope
