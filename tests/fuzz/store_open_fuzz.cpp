// libFuzzer harness: opening a file as an opscope store (validation), then the readers every command
// uses on it. SQLite's own errors on a damaged page are error values (SqliteError), not findings.
#include "fuzz_support.h"

#include "core/analysis/comparison.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_summary.h"
#include "core/store/store_validation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace opscope;
    const std::string path = fuzz::writeInput(data, size, "store.sqlite");
    Error error;
    if (!validateStoreFile(path, &error)) return 0;
    try {
        Database db(path, Database::Mode::ReadOnly);
        readStoreSummary(db);
        BaselineAggregates baseline;
        computeBaseline(db, BaselineOptions{}, &baseline, &error);
    } catch (const SqliteError&) {
    }
    return 0;
}
