// One unit of Ascend output (one torch_npu *_ascend_pt folder, one PROF_* folder or one device
// folder) while it is imported: the writer, the process-key prefix that keeps units apart, the
// device the files do not name, the indexed timeline, and the bookkeeping every file reports to.
#pragma once
#include "core/importers/ascend/ascend_importer.h"
#include "core/importers/ascend/ascend_timeline.h"
#include "core/importers/import_progress.h"
#include "core/model/trace_sink.h"

#include <functional>
#include <map>
#include <string>

namespace opscope::ascend {

struct UnitContext {
    UnitContext(TraceSink& w, const ImportProgress& p, AscendImportReport& r) : writer(w), progress(p), report(r) {}

    TraceSink& writer;
    const ImportProgress& progress;
    AscendImportReport& report;
    std::string keyPrefix;   // prepended to every process key this unit makes
    std::string unitRoot;    // the unit's folder (profiler_metadata.json is there)
    int rank = -1;           // the unit's job rank; -1: unknown
    int defaultDevice = -1;  // NPU ordinal when files do not say; -1: unknown
    bool torchNpu = false;   // a torch_npu unit (*_ascend_pt / *_ascend_ms, or a DB with PYTORCH_API)
    std::function<DeviceId(int ordinal)> deviceFor; // the store's device row of an NPU ordinal
    AscendTimeline timeline;
    std::map<long long, std::pair<TimeNs, TimeNs>> kernelStepSpans; // Step Id -> first start, last end
    std::int64_t bytesDone = 0, bytesTotal = 0; // for progress over the whole import
    std::map<std::string, ProcessId> ownProcesses;            // made here, by key
    std::map<std::pair<int, long long>, TrackId> ownStreams;  // (device, stream) -> track made here
    std::map<std::pair<ProcessId, std::string>, TrackId> ownThreads; // (process, tid key) -> track

    int deviceOr(int device) const { return device >= 0 ? device : (defaultDevice >= 0 ? defaultDevice : 0); }
};

// A process of an NPU that this importer makes itself (CSV-only input, counters, steps, the DB):
// get-or-create by name, labelled "NPU n", attached to the device.
ProcessId deviceProcess(UnitContext& ctx, int device, std::string_view name);
// The name of the device's communication group: the timeline's own ("HCCL" in torch_npu and legacy
// msprof JSON, "Communication" in current msprof JSON), else the one the unit's tool writes in its JSON,
// so that the text and the DB export of one run name it alike.
std::string communicationProcessName(const UnitContext& ctx);
// The device's communication group: the timeline's own process when it has one, else one made here.
ProcessId communicationProcess(UnitContext& ctx, int device);
// A host process of the unit ("Python", "CANN", "MsTx" ...), labelled "CPU".
ProcessId hostProcess(UnitContext& ctx, std::string_view name);
// The track of "Stream <n>" on a device: the timeline's own when it has one, else a new one.
TrackId streamTrack(UnitContext& ctx, int device, long long stream);
// A named thread track ("Group x Communication", "Plane 3", "Thread 42") in a process.
TrackId namedThreadTrack(UnitContext& ctx, ProcessId process, std::string_view tidKey, std::string_view name);

// Source-file bookkeeping: one source_file row and one line in the report.
void recordUsed(UnitContext& ctx, const std::string& path, std::string_view role, std::string_view note,
                std::int64_t events);
void recordSkipped(TraceSink& writer, AscendImportReport& report, const std::string& path, std::string_view role,
                   std::string_view reason);
// A file that failed (or was cut short): warning row, report error and source_file status.
void recordFailure(UnitContext& ctx, const std::string& path, std::string_view role, const Error& error,
                   bool partlyUsed, std::int64_t events);

// Stores one cell as a typed metric: numbers as num, text as txt, UINT32_MAX ids as "none";
// missing cells ("N/A", empty) are not stored.
void addCellMetric(TraceSink& writer, PendingSliceIndex slice, std::string_view key, std::string_view unit,
                   std::string_view group, std::string_view cell, bool exactText, bool idColumn);

// A reason sentence for the report ("file:line: expected X").
std::string shortReason(const Error& error);

} // namespace opscope::ascend
