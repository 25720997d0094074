// Opening traces: default store path, reuse of an up-to-date store, rebuild of a stale one, and the
// guarantee that a failed or cancelled import leaves an earlier good store untouched.
#include "core/store/schema.h"
#include "core/session/open_trace.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <thread>

using namespace opscope;
using namespace opscope::test;
namespace fs = std::filesystem;

namespace {
const char* kGood = R"J([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},{"ph":"X","name":"b","pid":1,"tid":1,"ts":5,"dur":2}])J";

bool open(const std::string& trace, OpenResult* result, Error* error, bool force = false) {
    OpenOptions options;
    options.forceReimport = force;
    return openTrace({trace}, options, {}, result, error);
}

std::vector<std::string> leftovers(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().string().find(".tmp-") != std::string::npos) out.push_back(entry.path().string());
    return out;
}
} // namespace

TEST_CASE("a trace imports beside itself and is reused when unchanged", "[store]") {
    TempDir dir;
    std::string trace = dir.write("run.json", kGood);
    OpenResult first, second;
    Error error;
    REQUIRE(open(trace, &first, &error));
    CHECK(first.storePath == trace + ".opscope.sqlite");
    CHECK_FALSE(first.reused);
    CHECK(first.summary.slices == 2);
    REQUIRE(open(trace, &second, &error));
    CHECK(second.reused);
    CHECK(second.events == 0);
    Database db = openReadOnly(first.storePath);
    CHECK(db.scalarText("SELECT value FROM meta WHERE key='schema_version'") == std::to_string(kSchemaVersion));
    CHECK(db.scalarText("SELECT content_hash FROM source_file").size() == 16);
    CHECK(isOpscopeStore(first.storePath));
    CHECK_FALSE(isOpscopeStore(trace));
}

TEST_CASE("a changed source or an old schema version rebuilds the store", "[store]") {
    TempDir dir;
    std::string trace = dir.write("run.json", kGood);
    OpenResult result;
    Error error;
    REQUIRE(open(trace, &result, &error));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    dir.write("run.json", R"J([{"ph":"X","name":"only","pid":1,"tid":1,"ts":1,"dur":2}])J");
    REQUIRE(open(trace, &result, &error));
    CHECK_FALSE(result.reused);
    CHECK(openReadOnly(result.storePath).scalarText("SELECT group_concat(name) FROM slice_view") == "only");

    {
        Database db(result.storePath, Database::Mode::ReadWrite);
        db.exec("UPDATE meta SET value = '0' WHERE key = 'schema_version'");
    }
    CHECK_FALSE(storeIsFresh(result.storePath, trace));
    REQUIRE(open(trace, &result, &error));
    CHECK_FALSE(result.reused);
    CHECK(storeIsFresh(result.storePath, trace));
}

TEST_CASE("a failing import leaves the earlier good store untouched and no half store", "[store]") {
    TempDir dir;
    std::string trace = dir.write("run.json", kGood);
    OpenResult result;
    Error error;
    REQUIRE(open(trace, &result, &error));
    std::string store = result.storePath;
    auto sizeBefore = fs::file_size(store);
    dir.write("run.json", R"J([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2},{"ph":"X","na)J");
    CHECK_FALSE(open(trace, &result, &error));
    CHECK(error.code == ErrorCode::Truncated);
    CHECK(fs::file_size(store) == sizeBefore);
    CHECK(openReadOnly(store).scalarInt("SELECT count(*) FROM slice") == 2);
    CHECK(leftovers(dir.path()).empty());
}

TEST_CASE("a cancelled import leaves the earlier store and no temporary file", "[store]") {
    TempDir dir;
    std::string trace = dir.write("run.json", kGood);
    OpenResult result;
    Error error;
    REQUIRE(open(trace, &result, &error));
    std::atomic<bool> cancel{true};
    ImportProgress progress;
    progress.cancelFlag = &cancel;
    OpenOptions options;
    options.forceReimport = true;
    CHECK_FALSE(openTrace({trace}, options, progress, &result, &error));
    CHECK(error.code == ErrorCode::Cancelled);
    CHECK(openReadOnly(trace + ".opscope.sqlite").scalarInt("SELECT count(*) FROM slice") == 2);
    CHECK(leftovers(dir.path()).empty());
}

TEST_CASE("the -o option chooses the store path, a store opens as itself", "[store]") {
    TempDir dir;
    std::string trace = dir.write("run.json", kGood);
    OpenOptions options;
    options.storePath = dir.file("custom.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace}, options, {}, &result, &error));
    CHECK(result.storePath == dir.file("custom.sqlite"));
    OpenResult again;
    REQUIRE(openTrace({dir.file("custom.sqlite")}, {}, {}, &again, &error));
    CHECK(again.reused);
    CHECK(again.storePath == dir.file("custom.sqlite"));
}

TEST_CASE("several traces share one store without pid collisions", "[store]") {
    TempDir dir;
    std::string a = dir.write("rank0.json", kGood);
    std::string b = dir.write("rank1.json", kGood);
    OpenResult result;
    Error error;
    REQUIRE(openTrace({a, b}, {}, {}, &result, &error));
    Database db = openReadOnly(result.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM process") == 2);
    CHECK(db.scalarInt("SELECT count(*) FROM slice") == 4);
}
