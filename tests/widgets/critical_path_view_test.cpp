// The critical path's status text (shares of the path length summing to 100 %, synchronisation time
// apart) checked against `opscope-cli critical-path --json`, and the one-step view the screenshot draws:
// the step chosen, the timeline zoomed to it, only its path outlined.
#include "tests/cli/cli_runner.h"
#include "tests/launch_fixtures.h"
#include "tests/widgets/launch_document_fixture.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/zoom_control.h"
#include "widgets/launch/critical_path_highlight.h"
#include "widgets/launch/critical_path_view.h"

#include <QLabel>
#include <QSignalSpy>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <numeric>
#include <tuple>

using namespace opscope;
using namespace opscope::testing;
using opscope::test::CliResult;
using opscope::test::runCli;

TEST_CASE("critical path text: shares of the length sum to 100 %, sync shown apart, as critical-path --json",
          "[launch][critical]") {
    LaunchDocument doc(QStringLiteral("sync.json"), opscope::test::kSyncStepTrace);
    CriticalPathHighlight highlight;
    QSignalSpy computed(&highlight, &CriticalPathHighlight::pathsComputed);
    highlight.setDocument(doc.document.get());
    highlight.setEnabled(true);
    REQUIRE(highlight.waitForLoaded(30000));
    CHECK(computed.count() == 1);
    REQUIRE(highlight.paths().size() == 1);

    CliResult cli = runCli({"critical-path", doc.storePath, "--json"});
    REQUIRE(cli.exitCode == 0);
    const nlohmann::json step = nlohmann::json::parse(cli.out)["steps"][0];
    const TimeNs host = step["host_ns"], launch = step["launch_ns"], device = step["device_ns"], sync = step["sync_ns"];
    CHECK(host + launch + device == step["length_ns"].get<TimeNs>());
    CHECK(std::make_tuple(host, launch, device, sync) == std::make_tuple(100000, 20000, 470000, 10000));
    // 470/590 = 79.66 %, 100/590 = 16.95 %, 20/590 = 3.39 %: the two largest remainders take the two points left.
    const std::vector<int> shares = roundedShares({host, launch, device});
    CHECK(shares == std::vector<int>{17, 3, 80});
    const QString text = criticalPathText(highlight.paths()[0]);
    CHECK(text == QStringLiteral("Step 3: path 590µs: device 80 %, host 17 %, launch 3 %; synchronisation 10µs beside the path"));
    CHECK(highlight.summary().endsWith(text));
}

TEST_CASE("critical path text: rounded shares always sum to 100", "[launch][critical]") {
    CriticalPath tiny;
    tiny.step = 4;
    tiny.boundNs = {1000, 0, 999000, 0}; // host 0.1 %, device 99.9 %: host rounds to 0 and reads "<1 %"
    tiny.lengthNs = 1000000;
    CHECK(criticalPathText(tiny) == QStringLiteral("Step 4: path 1ms: device 100 %, host <1 %"));
    CHECK(roundedShares({1, 1, 1}) == std::vector<int>{34, 33, 33});
    CHECK(roundedShares({0, 0, 0}) == std::vector<int>{0, 0, 0});
    CHECK(roundedShares({5, 0, 0}) == std::vector<int>{100, 0, 0});
    const std::vector<int> odd = roundedShares({555, 4445, 5000});
    CHECK(std::accumulate(odd.begin(), odd.end(), 0) == 100);
    CHECK(odd == std::vector<int>{6, 44, 50}); // 5.55, 44.45, 50: the larger remainder (.55) takes the point
}

TEST_CASE("critical path view: one step zoomed and outlined, the first step reaching the device by default",
          "[launch][critical]") {
    LaunchDocument doc(QStringLiteral("lag.json"), opscope::test::kLaggingTrace);
    ZoomControl zoom;
    CriticalPathView view(&zoom);
    view.resize(900, 500);
    view.setDocument(doc.document.get(), 2);
    REQUIRE(view.waitForLoaded(30000));
    CHECK(view.shownStep() == 2);
    const CriticalPath& step2 = view.highlight()->paths()[1];
    REQUIRE(step2.step == 2);
    const TimeNs margin = (step2.endNs - step2.startNs) / 50;
    // The step with 2 % margins; kept inside the trace, the window shifts rather than shrinks.
    const TimeRange visible = zoom.visibleRange();
    CHECK(visible.durationNs() == step2.endNs - step2.startNs + 2 * margin);
    CHECK(visible.startNs <= step2.startNs);
    CHECK(visible.endNs >= step2.endNs);
    CHECK(visible.endNs <= zoom.traceRange().endNs);
    CHECK(view.summaryLabel()->text() == QStringLiteral("Critical path of %1").arg(criticalPathText(step2)));
    // Only step 2's slices are outlined.
    std::vector<std::int64_t> outlined;
    REQUIRE(doc.document->selection()->highlighted());
    CHECK(doc.document->selection()->highlighted()->outlineEach); // each path slice outlined, not only dimmed by name
    for (const SliceMatch& m : doc.document->selection()->highlighted()->matches) outlined.push_back(m.sliceId);
    std::sort(outlined.begin(), outlined.end());
    std::vector<std::int64_t> expected;
    for (const PathSegment& s : step2.segments)
        if (s.sliceId) expected.push_back(s.sliceId);
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    CHECK(outlined == expected);

    LaunchDocument other(QStringLiteral("lag.json"), opscope::test::kLaggingTrace);
    ZoomControl zoom2;
    CriticalPathView byDefault(&zoom2);
    byDefault.setDocument(other.document.get());
    REQUIRE(byDefault.waitForLoaded(30000));
    // Step 1's path reaches its kernels (they run in step 2's window): the first step with device work.
    REQUIRE(byDefault.highlight()->paths()[0].boundNs[static_cast<std::size_t>(PathBound::Device)] > 0);
    CHECK(byDefault.shownStep() == 1);

    ZoomControl zoom3;
    CriticalPathView missing(&zoom3);
    missing.setDocument(other.document.get(), 9);
    REQUIRE(missing.waitForLoaded(30000));
    CHECK(missing.summaryLabel()->text() == QStringLiteral("No critical path: the trace has no ProfilerStep#9 slice."));
}
