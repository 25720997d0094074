// libFuzzer harness: the msprof / torch_npu SQLite export reader, the input used as the .db file.
#include "fuzz_support.h"

#include "core/importers/ascend/ascend_importer.h"
#include "core/store/store_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    fuzz::clearScratch();
    const std::string db = fuzz::writeInput(data, size, "PROF_1/msprof_1.db");
    Error error;
    std::unique_ptr<StoreWriter> writer = StoreWriter::create(fuzz::scratchDir() + "/s.sqlite", &error);
    if (!writer) return 0;
    AscendImportReport report;
    if (importAscend(db, *writer, ImportProgress{}, &report, &error)) {
        ImportSummary summary;
        writer->finish(&summary, &error);
    }
    return 0;
}
