// SpillFile (core/model/spill_file.h): blocks below the write buffer's size are buffered, blocks at or above
// it are written at once; either way a run reads back byte for byte, in order, after what was buffered.
#include "core/model/spill_file.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace opscope;
using namespace opscope::test;

namespace {

std::vector<char> pattern(std::size_t bytes, int seed) {
    std::vector<char> out(bytes);
    for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<char>((i * 131 + static_cast<std::size_t>(seed)) & 0xff);
    return out;
}

} // namespace

TEST_CASE("spill file: blocks under, at and over the write buffer read back in order", "[spill][spill_file]") {
    TempDir dir;
    constexpr std::size_t kBuffer = std::size_t{1} << 20; // spill_file.cpp's write buffer
    for (std::size_t block : {kBuffer - 1, kBuffer, kBuffer + 1}) {
        INFO("block " << block);
        SpillFile file(dir.file("scratch"));
        const std::vector<char> head = pattern(7, 1), big = pattern(block, 2), tail = pattern(5, 3);
        file.beginRun();
        file.append(head.data(), head.size()); // buffered, and must stay ahead of the block
        file.append(big.data(), big.size());
        file.append(tail.data(), tail.size());
        file.endRun();
        file.beginRun();
        file.appendValue(std::int64_t{42});
        file.endRun();
        REQUIRE(file.runCount() == 2);
        CHECK(file.size() == static_cast<std::int64_t>(head.size() + big.size() + tail.size() + 8));

        SpillFile::Reader reader(file, 0);
        std::vector<char> got(head.size() + big.size() + tail.size());
        for (std::size_t at = 0; at < got.size(); at += 4096) // a reader hands out records, not whole runs
            reader.read(got.data() + at, std::min<std::size_t>(4096, got.size() - at));
        CHECK(reader.atEnd());
        std::vector<char> want(got.size());
        std::copy(tail.begin(), tail.end(), std::copy(big.begin(), big.end(), std::copy(head.begin(), head.end(), want.begin())));
        CHECK(got == want);

        SpillFile::Reader second(file, 1);
        CHECK(second.readValue<std::int64_t>() == 42);
        CHECK(second.atEnd());

        char at = 0;
        file.readAt(static_cast<std::int64_t>(head.size() + block - 1), &at, 1);
        CHECK(at == big.back());
    }
}
