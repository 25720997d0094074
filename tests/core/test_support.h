// Shared helpers for core tests: temporary files and one-call imports of inline fixtures.
#pragma once
#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_writer.h"

#include <filesystem>
#include <string>

namespace opscope::test {

// A fresh directory under the system temp dir, removed when the object dies.
class TempDir {
public:
    TempDir();
    ~TempDir();
    const std::filesystem::path& path() const { return path_; }
    std::string file(const std::string& name) const { return (path_ / name).string(); }
    std::string write(const std::string& name, const std::string& content) const;
    std::string writeGzip(const std::string& name, const std::string& content) const;

private:
    std::filesystem::path path_;
};

struct ImportOutcome {
    bool ok = false;
    Error error;
    ImportSummary summary;
    std::string storePath;
};

// Imports one Chrome JSON text into a store in dir; the store is finished when ok.
ImportOutcome importChromeText(const TempDir& dir, const std::string& json, const std::string& name = "t.json");

Database openReadOnly(const std::string& storePath);

// Opens (imports) a trace, file or folder, as the CLI and GUI do (openTrace) into dir/storeName; the
// store's path. Throws with the error's description when the import fails.
std::string importedStore(const TempDir& dir, const std::string& input,
                          const std::string& storeName = "store.opscope.sqlite");

} // namespace opscope::test
