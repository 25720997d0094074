// The bubbles view's HTA idle columns (host wait, kernel wait, other) show what `opscope-cli idle`
// prints for the same trace, per stream and summed on the device row.
#include "tests/cli/cli_runner.h"
#include "tests/launch_fixtures.h"
#include "tests/widgets/launch_document_fixture.h"
#include "widgets/bubbles/bubble_summary_model.h"
#include "widgets/bubbles/bubble_view.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <memory>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("bubbles: HTA idle columns equal opscope-cli idle", "[launch][bubbles_view][idle]") {
    opscope::testing::LaunchDocument trace(QStringLiteral("idle.json"), opscope::test::kIdleTrace);
    ZoomControl zoom;
    BubbleView view(&zoom);
    view.resize(1300, 800);
    view.setMinBubbleNs(0);
    view.setDocument(trace.document.get());
    REQUIRE(view.waitForLoaded());

    CliResult cli = runCli({"idle", trace.storePath, "--json"});
    REQUIRE(cli.exitCode == 0);
    const nlohmann::json idle = nlohmann::json::parse(cli.out);
    REQUIRE(idle["streams"].size() == 1);
    const nlohmann::json& stream = idle["streams"][0];
    CHECK(stream["host_wait_ns"] == 30'001);
    CHECK(stream["kernel_wait_ns"] == 29'999);

    BubbleSummaryModel* m = view.summaryModel();
    REQUIRE(m->rowCount() == 2); // the device, then its stream
    for (int row : {0, 1}) {
        INFO("row " << row);
        const StreamIdle* shown = m->idle(row);
        REQUIRE(shown);
        CHECK(shown->hostWaitNs == stream["host_wait_ns"].get<std::int64_t>());
        CHECK(shown->kernelWaitNs == stream["kernel_wait_ns"].get<std::int64_t>());
        CHECK(shown->otherNs == stream["other_ns"].get<std::int64_t>());
        CHECK(m->index(row, BubbleSummaryModel::HostWaitColumn).data(BubbleSummaryModel::SortRole).toLongLong() ==
              stream["host_wait_ns"].get<std::int64_t>());
    }
    CHECK_FALSE(m->index(1, BubbleSummaryModel::HostWaitColumn).data().toString().isEmpty());
}
