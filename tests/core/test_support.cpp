#include "test_support.h"

#include "core/session/open_trace.h"

#include <zlib.h>

#include <atomic>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace opscope::test {

namespace fs = std::filesystem;

TempDir::TempDir() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() /
            ("opscope-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

std::string TempDir::write(const std::string& name, const std::string& content) const {
    std::string p = file(name);
    fs::create_directories(fs::path(p).parent_path());
    std::ofstream out(p, std::ios::binary);
    out << content;
    return p;
}

std::string TempDir::writeGzip(const std::string& name, const std::string& content) const {
    std::string p = file(name);
    gzFile gz = gzopen(p.c_str(), "wb");
    gzwrite(gz, content.data(), static_cast<unsigned>(content.size()));
    gzclose(gz);
    return p;
}

ImportOutcome importChromeText(const TempDir& dir, const std::string& json, const std::string& name) {
    ImportOutcome out;
    std::string trace = dir.write(name, json);
    out.storePath = trace + ".opscope.sqlite";
    auto writer = StoreWriter::create(out.storePath, &out.error);
    if (!writer) return out;
    ChromeImportResult result;
    if (!importChromeTrace(trace, *writer, {}, {}, &result, &out.error)) return out;
    out.ok = writer->finish(&out.summary, &out.error);
    return out;
}

Database openReadOnly(const std::string& storePath) { return Database(storePath, Database::Mode::ReadOnly); }

std::string importedStore(const TempDir& dir, const std::string& input, const std::string& storeName) {
    OpenOptions options;
    options.storePath = dir.file(storeName);
    OpenResult opened;
    Error error;
    if (!openTrace({input}, options, ImportProgress{}, &opened, &error)) throw std::runtime_error(describe(error));
    return opened.storePath;
}

} // namespace opscope::test
