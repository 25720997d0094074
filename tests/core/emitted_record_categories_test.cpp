// The import record's (track, category) pairs, which decide what a GPU device is and which of its tracks
// compute: each distinct pair once, whatever the order and repetition of the slices that carry them.
#include "core/importers/emitted_record.h"
#include "core/store/store_writer.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("import record: each distinct (track, category) pair of the slices, once", "[import][record]") {
    TempDir dir;
    Error error;
    auto writer = StoreWriter::create(dir.file("categories.sqlite"), &error);
    REQUIRE(writer);
    EmittedRecord record(*writer, EmittedRecord::Keep{false, true, {}});
    const ProcessId p = record.process("0");
    const TrackId a = record.threadTrack(record.thread(p, "7")), b = record.threadTrack(record.thread(p, "8"));
    const std::pair<TrackId, const char*> slices[] = {
        {a, "kernel"}, {a, "kernel"}, {a, "gpu_memcpy"}, {a, "kernel"}, // back to a pair seen before
        {b, "kernel"}, {a, "kernel"}, {b, ""},                           // no category: no pair
        {b, "gpu_user_annotation"}, {b, "gpu_user_annotation"},
    };
    TimeNs ts = 0;
    for (const auto& [track, category] : slices) {
        SliceInput in;
        in.track = track;
        in.tsNs = ts += 10;
        in.durNs = 5;
        in.name = "k";
        in.category = category;
        record.addSlice(in);
    }
    std::multiset<std::pair<TrackId, std::string>> seen;
    record.forEachTrackCategory([&](TrackId track, std::string_view category) { seen.emplace(track, category); });
    const std::multiset<std::pair<TrackId, std::string>> expected{
        {a, "kernel"}, {a, "gpu_memcpy"}, {b, "kernel"}, {b, "gpu_user_annotation"}};
    CHECK(seen == expected);

    EmittedRecord without(*writer, EmittedRecord::Keep{false, false, {}}); // not asked for: none kept
    SliceInput in;
    in.track = a;
    in.name = "k";
    in.category = "kernel";
    without.addSlice(in);
    int pairs = 0;
    without.forEachTrackCategory([&](TrackId, std::string_view) { ++pairs; });
    CHECK(pairs == 0);
}
