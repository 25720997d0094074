// Per-task CSV rows (kernel_details.csv, op_summary_*.csv, task_time_*.csv) joined to the device
// slices of the timeline by stream, task id and start time; every column becomes a typed metric of
// the slice. Rows without a slice become slices of their own on their stream's track, with their task
// type. A file none of whose rows starts within the timeline's device time is another run's: it is
// imported as a device of its own and reported, never joined.
#pragma once
#include "core/importers/ascend/ascend_unit.h"
#include "core/importers/ascend/op_columns.h"

namespace opscope::ascend {

struct OpRowsResult {
    std::int64_t rows = 0, joined = 0, unjoined = 0, skippedRows = 0;
    bool cutShort = false;
    // The timeline has device tasks and no row of the file starts within their time (the join
    // tolerance around [first start, last end]): the rows went to otherRunDevice, a device of their own.
    bool otherRun = false;
    std::string otherRunDevice;
};

// Returns false with error set when the file cannot be used at all (unreadable, unknown header).
// A file cut short keeps the rows before the cut: true, with result->cutShort and error set.
bool importOpRows(UnitContext& ctx, const std::string& path, OpRowsResult* result, Error* error);

// Another run's file (per-task rows, or a DB beside a timeline of another run): its device is named after
// the file ("NPU 0 (kernel_details.csv)"); the context it is imported in has no timeline to join, the
// unit's key prefix plus the file name (processes of its own) and such devices, so that the two runs'
// device time never adds up to one span; the warning's text names the timeline's device time.
std::string otherRunDeviceName(const std::string& file, int ordinal);
void detachFromTimeline(const UnitContext& ctx, const std::string& path, UnitContext* detached);
std::string otherRunSample(const UnitContext& ctx, const std::string& deviceName, std::string_view what = "row");

// The header of a per-task CSV, or nullopt; for folder detection.
std::optional<OpColumns> sniffOpColumns(const std::string& path);

} // namespace opscope::ascend
