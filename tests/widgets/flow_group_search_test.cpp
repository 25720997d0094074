// firstFlowLeavingAt (timeline_flows.h) gallops from where it is asked to start, over the group's own
// departure times or, without them, through the flows' slices; either way it finds what a binary search
// of the whole rest of the group finds, from every start, for times on, between and beyond the
// departures.
#include "tests/widgets/flow_trace_fixture.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_flows.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <vector>

using namespace opscope;

TEST_CASE("flow group search: the first flow leaving at a time, from any start, as a binary search finds it", "[flows]") {
    QTemporaryDir dir;
    const std::string path = opscope::testing::importFlowTrace(dir, opscope::testing::launchFlowTrace(150, 10, 4));
    Database db(path, Database::Mode::ReadOnly);
    Error error;
    auto data = loadTimelineDeferringFlows(db, TimelineLoadOptions{}, &error);
    REQUIRE(data);
    auto set = loadTimelineFlows(db, *data);
    REQUIRE(set);
    REQUIRE(set->flows.size() == 150);
    std::size_t checked = 0;
    std::vector<FlowGroup> groups = set->groups;
    for (const FlowGroup& g : set->groups) {
        REQUIRE(g.leavesNs.size() == g.flows.size()); // as loaded
        for (std::size_t i = 0; i < g.flows.size(); ++i) REQUIRE(g.leavesNs[i] == data->flowLeavesNs(set->flows[g.flows[i]]));
        groups.push_back(g);
        groups.back().leavesNs.clear(); // searched through the slices
    }
    for (const FlowGroup& group : groups) {
        std::vector<TimeNs> times;
        for (std::uint32_t k : group.flows) {
            const TimeNs t = data->flowLeavesNs(set->flows[k]);
            times.insert(times.end(), {t - 1, t, t + 1});
        }
        times.push_back(std::numeric_limits<TimeNs>::min());
        times.push_back(std::numeric_limits<TimeNs>::max());
        for (std::size_t from = 0; from <= group.flows.size(); ++from) {
            for (const TimeNs t : times) {
                const auto expected = std::lower_bound(group.flows.begin() + static_cast<std::ptrdiff_t>(from), group.flows.end(), t,
                                                       [&](std::uint32_t k, TimeNs v) { return data->flowLeavesNs(set->flows[k]) < v; });
                INFO("from " << from << ", time " << t);
                REQUIRE(firstFlowLeavingAt(group, *data, set->flows, from, t) == static_cast<std::size_t>(expected - group.flows.begin()));
                ++checked;
            }
        }
    }
    CHECK(checked > 2 * 150 * 150 * 3);
}
