// The import pipeline's read-ahead stage (core/importers/chrome_json/read_ahead.h): the same bytes,
// errors and end as reading the file directly, whatever the block size, and it stops when dropped.
#include "core/importers/chrome_json/byte_source.h"
#include "core/session/open_trace.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string someJson(int events) {
    std::string text = "[";
    for (int i = 0; i < events; ++i)
        text += (i ? ",\n" : "") + std::string(R"({"ph":"X","name":"op)") + std::to_string(i % 97) +
                R"(","pid":1,"tid":2,"ts":)" + std::to_string(i * 10) + R"(,"dur":5})";
    return text + "]";
}

// Everything read() returns, in pieces of `piece` bytes; -1 marks an error at the end.
std::string readAll(ByteSource& source, std::size_t piece, bool* failed) {
    std::string out;
    std::string buffer(piece, '\0');
    *failed = false;
    for (;;) {
        const std::ptrdiff_t n = source.read(buffer.data(), buffer.size());
        if (n < 0) {
            *failed = true;
            return out;
        }
        if (n == 0) return out;
        out.append(buffer.data(), static_cast<std::size_t>(n));
    }
}

} // namespace

TEST_CASE("read-ahead returns the file's bytes as a direct read does, plain and gzip", "[pipeline][read_ahead]") {
    TempDir dir;
    const std::string text = someJson(2000);
    const std::string plain = dir.write("t.json", text), gz = dir.writeGzip("t.json.gz", text);
    for (const std::string& path : {plain, gz}) {
        for (std::size_t block : {std::size_t{7}, std::size_t{4096}, std::size_t{1} << 20}) {
            CAPTURE(path, block);
            Error error;
            auto source = ByteSource::open(path, &error);
            REQUIRE(source);
            source->startReadAhead(block, 2);
            bool failed = true;
            CHECK(readAll(*source, 1000, &failed) == text);
            CHECK_FALSE(failed);
            CHECK(source->fileOffset() == source->fileSize()); // progress reaches the end
            bool failedAgain = true;
            CHECK(readAll(*source, 10, &failedAgain).empty()); // the end stays the end
            CHECK_FALSE(failedAgain);
        }
    }
}

TEST_CASE("read-ahead hands on a broken gzip stream's error after its good bytes", "[pipeline][read_ahead]") {
    TempDir dir;
    const std::string text = someJson(5000);
    std::string gz;
    {
        const std::string full = dir.writeGzip("full.json.gz", text);
        std::FILE* f = std::fopen(full.c_str(), "rb");
        REQUIRE(f);
        char chunk[4096];
        std::size_t n = 0;
        while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) gz.append(chunk, n);
        std::fclose(f);
    }
    const std::string cut = dir.write("cut.json.gz", gz.substr(0, gz.size() / 2));
    Error direct, ahead;
    auto plainSource = ByteSource::open(cut, &direct);
    auto aheadSource = ByteSource::open(cut, &ahead);
    REQUIRE(plainSource);
    REQUIRE(aheadSource);
    aheadSource->startReadAhead(512, 3);
    bool directFailed = false, aheadFailed = false;
    const std::string directBytes = readAll(*plainSource, 300, &directFailed);
    const std::string aheadBytes = readAll(*aheadSource, 300, &aheadFailed);
    CHECK(directFailed);
    CHECK(aheadFailed);
    CHECK(aheadBytes == directBytes);
    CHECK(aheadSource->error().code == ErrorCode::BadGzip);
    CHECK(aheadSource->error().code == plainSource->error().code);
}

namespace {
// Every stored row that an import decides, in one text: slices with their nesting, flows, args.
std::string storeDigest(const std::string& storePath) {
    Database db = openReadOnly(storePath);
    return db.scalarText("SELECT group_concat(x, ';') FROM (SELECT id || ',' || track_id || ',' || ts || ',' || dur || ',' || "
                         "depth || ',' || coalesce(parent_id, '') || ',' || name_id || ',' || coalesce(arg_id, '') AS x "
                         "FROM slice ORDER BY id)") +
           "|" + db.scalarText("SELECT group_concat(slice_out || '>' || slice_in, ';') FROM flow") + "|" +
           db.scalarText("SELECT group_concat(json, ';') FROM args");
}
} // namespace

TEST_CASE("an import reads the same rows with and without the read-ahead thread", "[pipeline][read_ahead]") {
    TempDir dir;
    std::string text = "[";
    for (int i = 0; i < 30000; ++i) // about 3 MiB: several read-ahead blocks
        text += (i ? ",\n" : "") + std::string(R"({"ph":"X","name":"op)") + std::to_string(i % 13) +
                R"(","pid":1,"tid":)" + std::to_string(i % 3) + R"(,"ts":)" + std::to_string(i * 10) +
                R"(,"dur":)" + std::to_string(5 + i % 4) + R"(,"args":{"i":)" + std::to_string(i) + "}}" +
                (i % 7 == 0 ? R"(,{"ph":"s","id":)" + std::to_string(i) + R"(,"name":"f","cat":"c","pid":1,"tid":0,"ts":)" +
                                  std::to_string(i * 10 + 1) + R"(},{"ph":"f","bp":"e","id":)" + std::to_string(i) +
                                  R"(,"name":"f","cat":"c","pid":1,"tid":1,"ts":)" + std::to_string(i * 10 + 12) + "}"
                            : std::string());
    text += "]";
    ImportOutcome withThread = importChromeText(dir, text, "a.json");
    ::setenv("OPSCOPE_NO_READ_AHEAD", "1", 1);
    ImportOutcome withoutThread = importChromeText(dir, text, "b.json");
    ::unsetenv("OPSCOPE_NO_READ_AHEAD");
    REQUIRE(withThread.ok);
    REQUIRE(withoutThread.ok);
    CHECK(withThread.summary.slices == 30000);
    CHECK(withThread.summary.flows > 0);
    CHECK(storeDigest(withThread.storePath) == storeDigest(withoutThread.storePath));
}

TEST_CASE("a cancel in the middle of a read-ahead import stops it and leaves no file behind", "[pipeline][read_ahead]") {
    TempDir dir;
    std::string text = "[";
    for (int i = 0; i < 60000; ++i)
        text += (i ? "," : "") + std::string(R"({"ph":"X","name":"op","pid":1,"tid":1,"ts":)") + std::to_string(i * 10) +
                R"(,"dur":5,"args":{"pad":"some text to make the file several MiB long"}})";
    text += "]";
    const std::string trace = dir.write("run.json", text);
    std::atomic<bool> cancel{false};
    int reports = 0;
    ImportProgress progress;
    progress.cancelFlag = &cancel;
    progress.onProgress = [&](std::int64_t, std::int64_t, std::int64_t) {
        if (++reports == 2) cancel = true; // after the first MiB or so
    };
    OpenResult result;
    Error error;
    CHECK_FALSE(openTrace({trace}, OpenOptions{}, progress, &result, &error));
    CHECK(error.code == ErrorCode::Cancelled);
    CHECK(reports >= 2);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
        CHECK(entry.path().filename().string() == "run.json"); // no store, no scratch file
}

TEST_CASE("a source dropped in the middle of a read-ahead stops its thread", "[pipeline][read_ahead]") {
    TempDir dir;
    const std::string path = dir.write("t.json", someJson(20000));
    for (int i = 0; i < 20; ++i) {
        Error error;
        auto source = ByteSource::open(path, &error);
        REQUIRE(source);
        source->startReadAhead(64, 2);
        char buffer[10];
        REQUIRE(source->read(buffer, sizeof buffer) == 10);
        source.reset(); // must return: the reader waits on a full queue and is told to stop
    }
    SUCCEED();
}
