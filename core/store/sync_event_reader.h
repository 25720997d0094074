// Reads what the critical path's synchronisation edges need: Kineto's `cuda_sync` device events (Context
// Sync, Stream Sync, Event Sync, Stream Wait Event) with their launching call and the cudaEventRecord
// they wait on, and every cudaEventRecord call with its correlation id.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <vector>

namespace opscope {

enum class DeviceSyncKind : std::uint8_t { ContextSync, StreamSync, EventSync, StreamWaitEvent };

struct DeviceSyncEvent {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0, durNs = 0;
    DeviceSyncKind kind = DeviceSyncKind::ContextSync;
    std::int64_t threadId = 0;            // thread.id of its track: the stream it was recorded on
    std::int64_t callSliceId = 0;         // the runtime call (launch_link), 0: none
    std::int64_t recordCorrelationId = -1; // args.wait_on_cuda_event_record_corr_id, -1: none
    std::int64_t waitOnStream = -1;        // args.wait_on_stream: the stream the awaited event was recorded on
    TimeNs endNs() const { return tsNs + durNs; }
};

struct EventRecordCall {
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0;
    std::int64_t correlationId = -1; // args.correlation
};

struct SyncEventData {
    std::vector<DeviceSyncEvent> syncs;    // by (end, id)
    std::vector<EventRecordCall> records;  // by correlation id
};

bool readSyncEvents(Database& db, SyncEventData* out, Error* error);

} // namespace opscope
