// AnalysisRunner, the analysis views' skeleton: a cancel stops the worker's query where it is, a newer
// run drops the older result, and the shared SelectionModel tells every observer once.
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/analysis_runner.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/trace_document.h"

#include <QElapsedTimer>
#include <QSignalSpy>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace opscope;
using opscope::testing::AnalysisViewsFixture;

namespace {
struct Outcome {
    Error error;
    bool finished = false;
};
} // namespace

TEST_CASE("AnalysisRunner: cancel interrupts the worker's SQLite statement", "[analysis_runner]") {
    AnalysisViewsFixture data("runner-cancel");
    AnalysisRunner runner(0, [] {}, nullptr);
    runner.setDocument(data.document.get());
    auto started = std::make_shared<std::atomic<bool>>(false);
    auto seen = std::make_shared<Outcome>();
    auto done = std::make_shared<std::atomic<bool>>(false);
    int taken = 0;
    runner.run<int>(
        [started, seen, done](TraceSession& session) {
            session.query(&seen->error, [&](Database& db) {
                started->store(true);
                // Minutes of work unless interrupted.
                db.scalarInt("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 4000000000) "
                             "SELECT count(*) FROM n");
                seen->finished = true;
                return true;
            });
            done->store(true);
            return 0;
        },
        [&taken](int) { ++taken; });
    while (!started->load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    QElapsedTimer timer;
    timer.start();
    runner.job()->cancel(); // what the progress strip's Cancel button does
    REQUIRE(waitForAsyncJobs(20000));
    CHECK(done->load());
    CHECK(timer.elapsed() < 5000); // stopped, not waited for
    CHECK_FALSE(seen->finished);
    CHECK(seen->error.code == ErrorCode::Cancelled);
    CHECK(taken == 0); // a cancelled result is not delivered
    CHECK(AnalysisRunner::failureText(QStringLiteral("Could not compute: %1"), seen->error) ==
          AnalysisRunner::tr("Cancelled."));
}

TEST_CASE("AnalysisRunner: only the latest run is taken", "[analysis_runner]") {
    AnalysisViewsFixture data("runner-latest");
    AnalysisRunner runner(0, [] {}, nullptr);
    runner.setDocument(data.document.get());
    std::vector<int> taken;
    for (int i = 1; i <= 3; ++i)
        runner.run<int>([i](TraceSession&) { return i; }, [&taken](int v) { taken.push_back(v); });
    REQUIRE(waitForAsyncJobs(20000));
    CHECK(taken == std::vector<int>{3});
    runner.setDocument(nullptr);
    runner.run<int>([](TraceSession&) { return 9; }, [&taken](int v) { taken.push_back(v); });
    REQUIRE(waitForAsyncJobs(20000));
    CHECK(taken == std::vector<int>{3}); // no document: nothing runs
}

TEST_CASE("SelectionModel: one selection, every observer told once", "[analysis_runner]") {
    SelectionModel selection;
    QSignalSpy selected(&selection, &SelectionModel::sliceSelected);
    QSignalSpy activated(&selection, &SelectionModel::sliceActivated);
    QSignalSpy highlighted(&selection, &SelectionModel::highlightChanged);
    selection.selectSlice(7);
    selection.selectSlice(7); // unchanged: no second signal
    CHECK(selected.count() == 1);
    selection.activateSlice(9);
    CHECK(selected.count() == 2);
    CHECK(activated.count() == 1);
    CHECK(selection.selectedSlice() == 9);
    selection.highlight(std::make_shared<SliceSearchResult>(), 0);
    CHECK(highlighted.count() == 1);
    selection.clear();
    CHECK(selection.selectedSlice() == 0);
    CHECK(selection.highlighted() == nullptr);
    CHECK(highlighted.count() == 2);
}
