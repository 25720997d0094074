// BatchInsert's cells (core/store/batch_insert.h): text and blobs go in byte for byte, in several
// statements and a tail; a value SQLite cannot bind (2 GiB or more) is refused with the table named,
// never cut short.
#include "core/store/batch_insert.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <limits>
#include <string>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("blobs and text go in byte for byte across full statements and the tail", "[store][batch]") {
    TempDir dir;
    Database db(dir.file("cells.sqlite"), Database::Mode::Create);
    db.exec("CREATE TABLE cell(n INTEGER NOT NULL, label TEXT, data BLOB)");
    BatchInsert insert(db, "cell", "n, label, data", 3, 4); // 10 rows: two statements of 4 and a tail of 2
    for (int i = 0; i < 10; ++i) {
        std::string bytes(static_cast<std::size_t>(i + 1), '\0'); // NULs inside: a blob is not read to a NUL
        bytes.back() = static_cast<char>(0xF0 + i);
        insert.value(std::int64_t{i}).value(std::string_view("row " + std::to_string(i))).blob(bytes.data(), bytes.size());
        insert.endRow();
    }
    insert.flush();
    CHECK(db.scalarInt("SELECT count(*) FROM cell") == 10);
    CHECK(db.scalarInt("SELECT count(*) FROM cell WHERE typeof(data) = 'blob' AND length(data) = n + 1") == 10);
    CHECK(db.scalarInt("SELECT count(*) FROM cell WHERE hex(substr(data, n + 1, 1)) = printf('%X', 240 + n)") == 10);
    CHECK(db.scalarInt("SELECT count(*) FROM cell WHERE hex(substr(data, 1, n)) = hex(zeroblob(n))") == 10);
    CHECK(db.scalarText("SELECT group_concat(label, '|') FROM (SELECT label FROM cell ORDER BY rowid)") ==
          "row 0|row 1|row 2|row 3|row 4|row 5|row 6|row 7|row 8|row 9");
}

TEST_CASE("text or a blob SQLite cannot bind is refused, not cut short", "[store][batch]") {
    TempDir dir;
    Database db(dir.file("cells.sqlite"), Database::Mode::Create);
    db.exec("CREATE TABLE cell(label TEXT, data BLOB)");
    BatchInsert insert(db, "cell", "label, data", 2, 4);
    const char small[] = "abc";
    const auto limit = static_cast<std::size_t>(std::numeric_limits<int>::max());
    // The length is checked before a byte is read: these views are never read past their first bytes.
    const std::string_view tooLong(small, limit + 1);
    CHECK_THROWS_WITH(insert.value(tooLong), Catch::Contains("text of 2147483648 bytes") && Catch::Contains("cell"));
    CHECK_THROWS_WITH(insert.blob(small, limit + 1), Catch::Contains("blob of 2147483648 bytes"));
    CHECK_THROWS_WITH(insert.blob(small, std::size_t{1} << 32), Catch::Contains("blob of 4294967296 bytes"));
    // Nothing was added by the refusals: the rows after them are whole.
    insert.value(std::string_view("kept")).blob(small, 3).endRow();
    insert.flush();
    CHECK(db.scalarInt("SELECT count(*) FROM cell") == 1);
    CHECK(db.scalarText("SELECT label || ':' || CAST(data AS TEXT) FROM cell") == "kept:abc");
}
