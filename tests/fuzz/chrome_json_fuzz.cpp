// libFuzzer harness: the Chrome JSON importer, from bytes to a finished store; inputs of odd length run
// with the events before a cut kept (`import --partial`), so that path is fuzzed with the same corpus.
#include "fuzz_support.h"

#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/importers/cut_policy.h"
#include "core/store/store_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    fuzz::clearScratch();
    const std::string trace = fuzz::writeInput(data, size, "t.json");
    Error error;
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(trace + ".sqlite", &error);
    if (!writer) return 0;
    ChromeImportResult result;
    KeepEventsBeforeCut keepCut(size % 2 == 1);
    if (importChromeTrace(trace, *writer, ChromeImportOptions{}, ImportProgress{}, &result, &error)) {
        ImportSummary summary;
        writer->finish(&summary, &error);
    }
    return 0;
}
