// What an import tells a progress display: file bytes that end at the file's size (a .gz file by its
// compressed position), then each finishing stage by name, in order (core/store/finish_stages.h).
#include "core/importers/import_progress.h"
#include "core/store/finish_stages.h"
#include "core/session/open_trace.h"
#include "tests/core/test_support.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include <string>
#include <vector>

using namespace opscope;
using namespace opscope::test;

namespace {

// A trace of n complete events, big enough that the reader reports several chunks.
std::string manyEvents(int n) {
    std::string text = "[";
    for (int i = 0; i < n; ++i)
        text += R"({"ph":"X","name":"kernel_with_a_long_name","pid":1,"tid":1,"ts":)" + std::to_string(i * 10) +
                R"(,"dur":5,"args":{"note":"padding so that the text compresses well but is long"}},)";
    return text + "{}]";
}

struct Recorded {
    std::vector<std::int64_t> bytes;
    std::int64_t total = -1;
    std::vector<FinishStage> stages;
    std::vector<std::int64_t> bytesAfterStage; // byte reports once a finishing stage has started
};

Recorded recordImport(const std::string& trace) {
    Recorded r;
    ImportProgress progress;
    progress.onProgress = [&](std::int64_t bytes, std::int64_t total, std::int64_t) {
        r.bytes.push_back(bytes);
        r.total = total;
        if (!r.stages.empty()) r.bytesAfterStage.push_back(bytes);
    };
    FinishStageListener listener([&](FinishStage stage) { r.stages.push_back(stage); });
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace}, OpenOptions{}, progress, &result, &error));
    return r;
}

} // namespace

TEST_CASE("a .gz import's progress follows the compressed file and ends exactly at its size", "[import_progress]") {
    TempDir dir;
    const std::string text = manyEvents(60000);
    const std::string gz = dir.writeGzip("t.json.gz", text);
    const Recorded r = recordImport(gz);
    const auto fileSize = static_cast<std::int64_t>(std::filesystem::file_size(gz));
    REQUIRE(fileSize * 4 < static_cast<std::int64_t>(text.size())); // compressed well: the old bug's condition
    CHECK(r.total == fileSize);
    REQUIRE(r.bytes.size() >= 3);
    for (std::size_t i = 0; i < r.bytes.size(); ++i) {
        INFO(i);
        CHECK(r.bytes[i] <= fileSize); // the uncompressed count used to pass the total within the first chunks
        if (i > 0) CHECK(r.bytes[i] >= r.bytes[i - 1]);
    }
    CHECK(r.bytes.back() == fileSize);
    // Half-way through the reports the bar is not yet full.
    CHECK(r.bytes[r.bytes.size() / 2] < fileSize);
}

TEST_CASE("after the reading, an import names its finishing stages in order", "[import_progress]") {
    TempDir dir;
    const Recorded r = recordImport(dir.write("t.json", manyEvents(100)));
    const std::vector<FinishStage> expected = {FinishStage::NestingSlices,   FinishStage::WritingRows,
                                               FinishStage::BuildingIndices, FinishStage::DerivingMemory,
                                               FinishStage::LinkingLaunches, FinishStage::Committing,
                                               FinishStage::PackingTimeline};
    CHECK(r.stages == expected);
    // The input's "done" repeats the totals after the store is written: never less than the whole file.
    for (std::int64_t bytes : r.bytesAfterStage) CHECK(bytes == r.total);
    CHECK(std::string(finishStageName(FinishStage::BuildingIndices)) == "building indices");
    CHECK(std::string(finishStageName(FinishStage::Committing)) == "committing");
    CHECK(std::string(finishStageName(FinishStage::PackingTimeline)) == "packing the timeline");
}

TEST_CASE("finish stages reach only the innermost listener on the importing thread", "[import_progress]") {
    TempDir dir;
    const std::string trace = dir.write("t.json", manyEvents(10));
    int outer = 0, inner = 0;
    FinishStageListener outerListener([&](FinishStage) { ++outer; });
    {
        FinishStageListener innerListener([&](FinishStage) { ++inner; });
        OpenResult result;
        Error error;
        REQUIRE(openTrace({trace}, OpenOptions{}, ImportProgress{}, &result, &error));
    }
    CHECK(inner == 7); // the seven finish stages
    CHECK(outer == 0);
    FinishStageListener::enter(FinishStage::Committing); // the outer one again, once the inner is gone
    CHECK(outer == 1);
}
