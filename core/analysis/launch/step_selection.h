// `--step N`: the slices that belong to ProfilerStep#N by launch: device events whose launching call
// ran in the step (wherever the device ran them), unlinked device events that start inside the step's
// host window, and host slices that start inside it.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <vector>

namespace opscope {

struct StepSelection {
    std::int64_t step = -1;
    TimeRange hostWindow;                 // the ProfilerStep#N slice (first one when repeated)
    std::vector<std::int64_t> sliceIds;   // sorted
    std::int64_t deviceEvents = 0;        // of sliceIds, the device events
    TimeRange deviceSpan;                 // first start to last end of those device events (empty: none)
    bool contains(std::int64_t sliceId) const;
};

// false with error (BadDatabase, or "a ProfilerStep#N slice" when the trace has no such step).
bool selectStep(Database& db, std::int64_t step, StepSelection* out, Error* error);

} // namespace opscope
