// The import pipeline's read-ahead stage (core/importers/chrome_json/read_ahead.h): the same bytes,
// errors and end as reading the file directly, whatever the block size, and it stops when dropped.
#include "core/importers/chrome_json/byte_source.h"
#include "test_support.h"

#include <catch2/catch.hpp>

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
