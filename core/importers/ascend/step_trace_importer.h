// Step markers: torch_npu step_trace_time.csv (computing, communication, overlapped, free, bubble ...
// per step, durations only) and msprof step_trace_*.csv (iteration start/end times). A step is
// placed where the timeline's ProfilerStep#N is, else over the kernels of that Step Id.
#pragma once
#include "core/importers/ascend/ascend_unit.h"

namespace opscope::ascend {

// True when the header is one of the two step-trace layouts.
bool isStepTraceHeader(const std::vector<std::string>& header);

// Adds one step slice per row on the "Steps" track of the device's "Step Trace" group.
bool importStepTrace(UnitContext& ctx, const std::string& path, std::int64_t* steps, Error* error);

// A step marker with its metrics; shared with the DB importer (STEP_TIME).
PendingSliceIndex addStepMarker(UnitContext& ctx, int device, std::string_view name, TimeNs startNs, TimeNs endNs);

} // namespace opscope::ascend
