// The device-time breakdown (docs/device-time.md): per device the span, compute, communication, their
// overlap, memory, wait, idle (HTA) and the kernel-type breakdown; per step torch_npu's
// step_trace_time columns. Plain C++ over the plain data of core/store/breakdown_reader.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/model/error.h"
#include "core/store/breakdown_reader.h"

namespace opscope {

// False only when a sum overflows int64 (error says which device).
bool computeBreakdown(const BreakdownInput& input, const BreakdownOptions& options, BreakdownReport* out,
                      Error* error);

// Reads the store and computes: the one call the CLI, the views and the report make.
bool computeBreakdown(Database& db, const BreakdownOptions& options, BreakdownReport* out, Error* error);

} // namespace opscope
