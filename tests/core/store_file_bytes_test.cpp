// storeFileBytes bounds the arrays readers size from stored numbers: it must be the file's real size in
// pages, and 0 (no room) rather than a guess when SQLite cannot say.
#include "core/store/store_file_bytes.h"

#include "core/store/sqlite_db.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace opscope;

TEST_CASE("storeFileBytes is the page count times the page size and grows with the rows") {
    const auto path = std::filesystem::temp_directory_path() / "opscope_store_file_bytes_test.sqlite";
    std::filesystem::remove(path);
    {
        Database db(path.string(), Database::Mode::Create);
        db.exec("PRAGMA page_size = 4096");
        db.exec("CREATE TABLE t (v BLOB)");
        const std::uint64_t before = storeFileBytes(db);
        CHECK(before == static_cast<std::uint64_t>(db.scalarInt("PRAGMA page_count")) * 4096u);
        db.exec("INSERT INTO t VALUES (zeroblob(100000))");
        const std::uint64_t after = storeFileBytes(db);
        CHECK(after > before);
        CHECK(after >= 100000u);
        CHECK(after % 4096u == 0);
        db.close();
    }
    CHECK(std::filesystem::file_size(path) > 100000u);
    std::filesystem::remove(path);
}

TEST_CASE("storeFileBytes of an empty scratch database is small, never negative or huge") {
    Database db = Database::privateScratch();
    const std::uint64_t bytes = storeFileBytes(db);
    CHECK(bytes < (std::uint64_t{1} << 20));
}
