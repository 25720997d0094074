// Counter CSVs (msprof ai_core_utilization, hbm, ddr, llc, hccs, pcie, nic, roce, npu_mem ...;
// torch_npu memory_record, npu_module_mem): every numeric column becomes a counter track of the
// device the row names, in the header's unit. Files without timestamps are summaries: their value
// is drawn flat over the device's timeline.
#pragma once
#include "core/importers/ascend/ascend_unit.h"

namespace opscope::ascend {

// "hbm_20240101123456.csv" -> "hbm"; "" when the file name is not a known counter CSV.
std::string counterKindOf(std::string_view fileName);
// "HBM", "NPU MEM", "Memory Record" ...
std::string counterDisplayName(std::string_view kind);

bool importCounterCsv(UnitContext& ctx, const std::string& path, std::string_view kind, std::int64_t* samples,
                      Error* error);

} // namespace opscope::ascend
