// Bad input: a clear error naming the file, the byte offset (line and column) and what was expected.
#include "test_support.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace opscope;
using namespace opscope::test;

namespace {
Error importError(const TempDir& dir, const std::string& content, const std::string& name = "bad.json") {
    auto r = importChromeText(dir, content, name);
    REQUIRE_FALSE(r.ok);
    return r.error;
}
} // namespace

TEST_CASE("a file that is not JSON is rejected at byte 0", "[chrome][error]") {
    TempDir dir;
    Error e = importError(dir, "hello world");
    CHECK(e.code == ErrorCode::NotJson);
    CHECK(e.byteOffset == 0);
    CHECK(e.file == dir.file("bad.json"));
    CHECK(describe(e).find("bad.json:1:1 (byte 0): not-json: expected '[' or '{'") != std::string::npos);
}

TEST_CASE("a file cut inside an event reports where that event starts", "[chrome][error]") {
    TempDir dir;
    Error e = importError(dir, "[\n{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1},\n{\"ph\":\"X\",\"na");
    CHECK(e.code == ErrorCode::Truncated);
    CHECK(e.byteOffset == 56);
    CHECK(e.line == 3);
    CHECK(e.column == 1);
}

TEST_CASE("syntax errors inside an event give the exact offset and expectation", "[chrome][error]") {
    TempDir dir;
    Error e = importError(dir, R"J([{"ph":"X","name":"a" "pid":1}])J");
    CHECK(e.code == ErrorCode::JsonSyntax);
    CHECK(e.byteOffset == 22);
    CHECK(e.expected == "',' or '}' in an event");
}

TEST_CASE("wrong types are rejected with what was expected", "[chrome][error]") {
    TempDir dir;
    Error ts = importError(dir, R"J([{"ph":"X","name":"a","pid":1,"tid":1,"ts":{"v":1},"dur":1}])J", "ts.json");
    CHECK(ts.code == ErrorCode::WrongType);
    CHECK(ts.expected.find("\"ts\"") != std::string::npos);
    CHECK(ts.byteOffset == 1);
    Error events = importError(dir, R"J({"traceEvents":{"a":1}})J", "events.json");
    CHECK(events.code == ErrorCode::WrongType);
    CHECK(events.expected == "\"traceEvents\" to be an array");
    Error element = importError(dir, R"J([1,2])J", "element.json");
    CHECK(element.code == ErrorCode::WrongType);
    CHECK(element.byteOffset == 1);
    Error ph = importError(dir, R"J([{"ph":5}])J", "ph.json");
    CHECK(ph.code == ErrorCode::WrongType);
}

TEST_CASE("an empty file and a directory are rejected", "[chrome][error]") {
    TempDir dir;
    Error empty = importError(dir, "", "empty.json");
    CHECK(empty.code == ErrorCode::EmptyFile);
    std::filesystem::create_directories(dir.file("folder.json"));
    Error error;
    auto writer = StoreWriter::create(dir.file("x.sqlite"), &error);
    REQUIRE(writer);
    CHECK_FALSE(importChromeTrace(dir.file("folder.json"), *writer, {}, {}, nullptr, &error));
    CHECK(error.code == ErrorCode::NotAFile);
    CHECK_FALSE(importChromeTrace(dir.file("missing.json"), *writer, {}, {}, nullptr, &error));
    CHECK(error.code == ErrorCode::FileNotFound);
}

TEST_CASE("a leading comma is a syntax error", "[chrome][error]") {
    TempDir dir;
    Error e = importError(dir, R"J([,{"ph":"X"}])J");
    CHECK(e.code == ErrorCode::JsonSyntax);
    CHECK(e.byteOffset == 1);
}

TEST_CASE("a truncated gzip stream is an error, not a short trace", "[chrome][error]") {
    TempDir dir;
    std::string json = "[";
    for (int i = 0; i < 5000; ++i) json += "{\"ph\":\"X\",\"name\":\"n" + std::to_string(i) + "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(i) + ",\"dur\":1},";
    json += "]";
    std::string full = dir.writeGzip("full.json.gz", json);
    std::string bytes;
    {
        std::ifstream in(full, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::string cut = dir.write("cut.json.gz", bytes.substr(0, bytes.size() / 2));
    Error error;
    auto writer = StoreWriter::create(cut + ".opscope.sqlite", &error);
    REQUIRE(writer);
    CHECK_FALSE(importChromeTrace(cut, *writer, {}, {}, nullptr, &error));
    CHECK((error.code == ErrorCode::BadGzip || error.code == ErrorCode::Truncated));
}

TEST_CASE("an object without traceEvents is not a trace, a graph file says so", "[chrome][error]") {
    TempDir dir;
    Error empty = importError(dir, R"J({"otherData":{}})J", "empty.json");
    CHECK(empty.code == ErrorCode::UnknownFormat);
    CHECK(empty.expected.find("traceEvents") != std::string::npos);
    Error graph = importError(dir, R"J({"schema":"1.0.1","pid":1,"nodes":[{"id":1,"name":"aten::add"}]})J", "et.json");
    CHECK(graph.code == ErrorCode::UnknownFormat);
    CHECK(graph.expected.find("computation graph") != std::string::npos);
}
