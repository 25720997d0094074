// What the device time breakdown reads from a store: each device slice with the start of the call that
// launched it, from launch_link or, in a store without links, from the earliest host flow into it.
#include "core/session/open_trace.h"
#include "../launch_fixtures.h"
#include "core/store/breakdown_reader.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

std::vector<TimeNs> launchStarts(const std::string& store, LaunchSource* source) {
    Database db(store, Database::Mode::ReadOnly);
    BreakdownInput input;
    Error error;
    REQUIRE(readBreakdownInput(db, &input, &error));
    REQUIRE(input.devices.size() == 1);
    *source = input.launchSource;
    std::vector<TimeNs> starts;
    for (const BreakdownSlice& s : input.devices[0].slices) starts.push_back(s.launchTsNs);
    return starts;
}

} // namespace

TEST_CASE("breakdown input: launch starts from launch_link, else the earliest host flow into each slice",
          "[devicetime]") {
    TempDir dir;
    OpenResult result;
    Error error;
    REQUIRE(openTrace({dir.write("t.json", kLaunchTrace)}, OpenOptions{}, ImportProgress{}, &result, &error));
    LaunchSource source = LaunchSource::None;
    // The five device slices in start order, each launched by its own call.
    CHECK(launchStarts(result.storePath, &source) == std::vector<TimeNs>{0, 100000, 300000, 500000, 700000});
    CHECK(source == LaunchSource::LaunchLink);
    {
        // No links left, a flow from each call into its slice, and one more into the last slice from the
        // first call (written after, so it comes later in table order): the earliest start wins.
        Database rw(result.storePath, Database::Mode::ReadWrite);
        rw.exec("DELETE FROM flow;"
                "INSERT INTO flow(slice_out, slice_in) SELECT call_slice_id, device_slice_id FROM launch_link "
                "ORDER BY device_slice_id DESC;"
                "INSERT INTO flow(slice_out, slice_in) SELECT (SELECT min(call_slice_id) FROM launch_link), "
                "(SELECT max(device_slice_id) FROM launch_link);"
                "DELETE FROM launch_link;");
    }
    CHECK(launchStarts(result.storePath, &source) == std::vector<TimeNs>{0, 100000, 300000, 500000, 0});
    CHECK(source == LaunchSource::Flow);
    {
        Database rw(result.storePath, Database::Mode::ReadWrite);
        rw.exec("DELETE FROM flow");
    }
    CHECK(launchStarts(result.storePath, &source) ==
          std::vector<TimeNs>(5, kNoLaunchNs));
    CHECK(source == LaunchSource::None);
}
