// The memory CSVs of torch_npu and msprof into the memory tables (docs/schema.md): memory_record
// (allocator totals), operator_memory (one memory_allocation row per CSV row), npu_module_mem and
// npu_mem (per-component reserved memory). Columns are found by header name; sizes in KB or MB
// become exact bytes, times in µs exact ns (docs/memory.md says how values are rounded).
#pragma once
#include "core/importers/ascend/ascend_unit.h"

namespace opscope::ascend {

// "memory_record", "operator_memory", "npu_module_mem" or "npu_mem" for such a file name
// (msprof's "_<timestamp>" suffixes allowed); "" otherwise.
std::string memoryCsvKindOf(std::string_view fileName);

// Imports one memory CSV of the given kind; rows counts what was written.
bool importMemoryCsv(UnitContext& ctx, const std::string& path, std::string_view kind, std::int64_t* rows,
                     Error* error);

} // namespace opscope::ascend
