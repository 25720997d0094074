// libFuzzer harness: the Ascend CSV readers. The first byte chooses which file of a torch_npu output
// folder the rest of the input becomes (kernel_details.csv, op_statistic.csv, ...); with its high bit set
// the folder has no timeline (a step_trace_time.csv instead), so that the statistics files are imported.
// A legacy task_time_*.json is merged into the msprof_*.json written beside it.
#include "fuzz_support.h"

#include "core/importers/ascend/ascend_importer.h"
#include "core/store/store_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    fuzz::clearScratch();
    static const char* const kNames[] = {"kernel_details.csv", "op_statistic.csv", "step_trace_time.csv",
                                         "l2_cache.csv", "memory_record.csv", "operator_details.csv",
                                         "api_statistic.csv", "task_time_0_1_1.json"};
    const std::size_t which = size > 0 ? (data[0] & 0x7f) % (sizeof kNames / sizeof kNames[0]) : 0;
    const bool withTimeline = size == 0 || (data[0] & 0x80) == 0;
    const std::string folder = fuzz::scratchDir() + "/r_ascend_pt";
    fuzz::writeInput(size > 0 ? data + 1 : data, size > 0 ? size - 1 : 0,
                     std::string("r_ascend_pt/ASCEND_PROFILER_OUTPUT/") + kNames[which]);
    static const char kTrace[] = R"([{"ph":"X","name":"Conv2D1","pid":1,"tid":1,"ts":1,"dur":5,"args":{"Task Type":"AI_CORE"}}])";
    static const char kSteps[] = "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free\n1,10,0,0,0,5\n";
    if (withTimeline)
        fuzz::writeInput(reinterpret_cast<const std::uint8_t*>(kTrace), sizeof kTrace - 1,
                         "r_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json");
    else if (which != 2) // the fuzzed file is not itself step_trace_time.csv
        fuzz::writeInput(reinterpret_cast<const std::uint8_t*>(kSteps), sizeof kSteps - 1,
                         "r_ascend_pt/ASCEND_PROFILER_OUTPUT/step_trace_time.csv");
    static const char kLegacy[] = R"([{"name":"process_name","pid":3,"tid":0,"args":{"name":"Ascend Hardware"},"ph":"M"},
{"name":"Cast-op239","pid":3,"tid":7,"ts":56635864386.8,"dur":2.5,"args":{"Task Type":"AI_CORE","Stream Id":7,"Task Id":3},"ph":"X"}])";
    if (which == 7)
        fuzz::writeInput(reinterpret_cast<const std::uint8_t*>(kLegacy), sizeof kLegacy - 1,
                         "r_ascend_pt/ASCEND_PROFILER_OUTPUT/msprof_0_1_1.json");
    Error error;
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(fuzz::scratchDir() + "/s.sqlite", &error);
    if (!writer) return 0;
    AscendImportReport report;
    if (importAscend(folder, *writer, ImportProgress{}, &report, &error)) {
        ImportSummary summary;
        writer->finish(&summary, &error);
    }
    return 0;
}
