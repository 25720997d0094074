// The scratch file behind the largest timelines' slices (core/model/mapped_scratch_file.h,
// spillable_array.h): what is written stays, released pages leave the process and come back
// unchanged, nothing is left in the folder, and a folder that cannot hold the file is refused.
#include "core/model/mapped_scratch_file.h"
#include "core/model/spillable_array.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <numeric>
#include <vector>

using namespace opscope;

#if defined(__linux__)
namespace {
std::filesystem::path freshFolder(const char* name) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}
} // namespace

TEST_CASE("a scratch file keeps what is written through released pages, and leaves nothing behind", "[mapped_scratch]") {
    const std::filesystem::path dir = freshFolder("opscope-scratch-test");
    const std::size_t bytes = std::size_t{64} << 20;
    {
        std::string why;
        const std::shared_ptr<MappedScratchFile> file = MappedScratchFile::create(dir.string(), bytes, &why);
        REQUIRE(file);
        CHECK(why.empty());
        CHECK(file->size() == bytes);
        CHECK(std::filesystem::is_empty(dir)); // no name from the start, or none after create()
        auto* words = reinterpret_cast<std::uint64_t*>(file->data());
        const std::size_t n = bytes / 8;
        CHECK(words[n - 1] == 0); // zero-filled
        for (std::size_t i = 0; i < n; ++i) words[i] = i * 2654435761u;
        CHECK(file->residentBytes() >= bytes - (std::size_t{1} << 20));
        file->release(0, bytes / 2);
        CHECK(file->residentBytes() <= bytes / 2 + (std::size_t{1} << 20));
        bool same = true;
        for (std::size_t i = 0; i < n; ++i) same = same && words[i] == i * 2654435761u;
        CHECK(same);
        file->release(0, file->size());
        CHECK(file->residentBytes() < (std::size_t{1} << 20));
    }
    CHECK(std::filesystem::is_empty(dir));
    std::filesystem::remove_all(dir);
}

TEST_CASE("a scratch file releases only whole pages inside the range", "[mapped_scratch]") {
    const std::size_t page = MappedScratchFile::pageBytes();
    const std::shared_ptr<MappedScratchFile> file = MappedScratchFile::create(std::filesystem::temp_directory_path().string(), 4 * page, nullptr);
    REQUIRE(file);
    for (std::size_t i = 0; i < 4 * page; ++i) file->data()[i] = 7;
    file->release(1, 2 * page); // covers page 1 whole, pages 0 and 2 in part
    CHECK(file->residentBytes() == 3 * page);
    file->release(2 * page, 100 * page); // past the end: cut at it
    CHECK(file->residentBytes() == page);
    file->release(8 * page, page); // outside: nothing
    CHECK(file->data()[4 * page - 1] == 7);
}

TEST_CASE("a folder that cannot hold a scratch file is refused with a reason", "[mapped_scratch]") {
    std::string why;
    CHECK_FALSE(MappedScratchFile::create("/nonexistent-opscope-folder", 4096, &why));
    CHECK(why.find("/nonexistent-opscope-folder") != std::string::npos);
    why.clear();
    CHECK_FALSE(MappedScratchFile::create(std::filesystem::temp_directory_path().string(), std::size_t{1} << 50, &why));
    CHECK(why.find("not plausible") != std::string::npos);
}

TEST_CASE("a scratch file goes in the first folder that takes it", "[mapped_scratch]") {
    const std::filesystem::path dir = freshFolder("opscope-scratch-first");
    std::string chosen = "unset", why;
    auto file = MappedScratchFile::createInFirst({"/nonexistent-opscope-folder", dir.string()}, 4096, &chosen, &why);
    REQUIRE(file);
    CHECK(chosen == dir.string());
    CHECK(why.empty());

    chosen = "unset";
    CHECK_FALSE(MappedScratchFile::createInFirst({"/nonexistent-opscope-folder"}, 4096, &chosen, &why));
    CHECK(chosen == "unset");
    CHECK(why.find("/nonexistent-opscope-folder") != std::string::npos);
    CHECK_FALSE(MappedScratchFile::createInFirst({}, 4096, &chosen, &why));
    CHECK(why == "no folder was given for a scratch file");
    file.reset();
    CHECK(std::filesystem::is_empty(dir));
    std::filesystem::remove_all(dir);
}

TEST_CASE("a walk over a mapped array hands back each window it leaves", "[mapped_scratch]") {
    using Walk = PageReleasingWalk<std::uint64_t>;
    const std::size_t n = 4 * Walk::kWindow;
    const std::shared_ptr<MappedScratchFile> file =
        MappedScratchFile::create(std::filesystem::temp_directory_path().string(), n * 8, nullptr);
    REQUIRE(file);
    SpillableArray<std::uint64_t> array(file, 0, n);
    CHECK(array.mapped());
    CHECK(array.memoryBytes() == 0);
    CHECK(array.mappedBytes() == n * 8);
    std::size_t mostHeld = 0;
    {
        Walk walk(array);
        for (std::size_t i = 0; i < n; ++i) {
            walk.at(i);
            array[i] = i;
            if (i % Walk::kWindow == Walk::kWindow - 1) mostHeld = std::max(mostHeld, file->residentBytes());
        }
    }
    CHECK(mostHeld <= 2 * Walk::kWindowBytes); // the window being written, and at most the one before
    CHECK(file->residentBytes() == 0);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += array[i];
    CHECK(sum == static_cast<std::uint64_t>(n) * (n - 1) / 2);

    SpillableArray<std::uint64_t> memory(std::vector<std::uint64_t>(10, 3));
    CHECK_FALSE(memory.mapped());
    CHECK(memory.memoryBytes() == 80);
    CHECK(std::accumulate(memory.begin(), memory.end(), std::uint64_t{0}) == 30);
    Walk walk(memory); // a walk over memory releases nothing and changes nothing
    walk.at(3);
    CHECK(memory[3] == 3);
}
#endif

TEST_CASE("a range-for through walkReleasing reads every record in order and hands back what it left", "[mapped_scratch]") {
    using Walk = PageReleasingWalk<std::uint64_t>;
    const std::size_t n = 4 * Walk::kWindow + 5;
    const std::shared_ptr<MappedScratchFile> file =
        MappedScratchFile::create(std::filesystem::temp_directory_path().string(), n * 8, nullptr);
    REQUIRE(file);
    SpillableArray<std::uint64_t> array(file, 0, n);
    for (std::size_t i = 0; i < n; ++i) array[i] = i;
    array.releaseAll();
    // Only whole pages go back: the page holding the last 5 records, shared with nothing, stays.
    const std::size_t tail = MappedScratchFile::pageBytes();
    CHECK(array.residentMappedBytes() <= tail);
    std::uint64_t expected = 0, mostHeld = 0;
    bool inOrder = true;
    for (const std::uint64_t& value : walkReleasing(array)) {
        inOrder = inOrder && value == expected;
        ++expected;
        if (value % Walk::kWindow == Walk::kWindow - 1) mostHeld = std::max(mostHeld, array.residentMappedBytes());
    }
    CHECK(inOrder);
    CHECK(expected == n);
    CHECK(mostHeld > 0);
    CHECK(mostHeld <= 2 * Walk::kWindowBytes); // the window being read, and at most the one before
    CHECK(array.residentMappedBytes() <= tail); // the last window goes when the loop ends

    Walk walk(array);
    CHECK(walk[7] == 7);
    CHECK(walk[3 * Walk::kWindow + 1] == 3 * Walk::kWindow + 1);

    SpillableArray<std::uint64_t> memory(std::vector<std::uint64_t>{4, 5, 6});
    std::uint64_t sum = 0;
    for (const std::uint64_t& value : walkReleasing(memory)) sum += value;
    CHECK(sum == 15);
    CHECK(memory.residentMappedBytes() == 0);
}
