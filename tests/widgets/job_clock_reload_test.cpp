// The main window follows the job clock: a manual rank offset typed in the cluster view's dialog moves the
// open timeline, the selected slice's Details and the selection statistics by exactly that offset, without
// reopening the trace. And the import shows one progress line per rank.
#include "app/gui/analysis_docks.h"
#include "app/render/import_session.h"
#include "app/gui/main_window.h"
#include "core/importers/import_progress.h"
#include "tests/cluster_fixtures.h"
#include "widgets/cluster/cluster_view.h"
#include "widgets/cluster/rank_offsets_dialog.h"
#include "widgets/common/async_job.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"
#include "widgets/details/details_panel.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/timeline/timeline_view.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::gui::MainWindow;

namespace {

QString writeRank(const QTemporaryDir& dir, int rank) {
    QFile f(dir.filePath(QStringLiteral("rank-%1.json").arg(rank)));
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(opscope::test::kinetoRankTrace(rank, 1000)));
    return f.fileName();
}

// The value of a Details field ("Start (absolute)") of the shown slice.
QString detailsField(MainWindow& window, const QString& field) {
    SliceDetailsModel* model = window.details()->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex section = model->index(r, 0);
        for (int c = 0; c < model->rowCount(section); ++c)
            if (model->index(c, 0, section).data().toString() == field) return model->index(c, 1, section).data().toString();
    }
    return {};
}

// Where the timeline draws a slice: its shown start (stored start + its track's clock shift).
TimeNs shownStartNs(MainWindow& window, qint64 sliceId) {
    const TimelineData* data = window.timeline()->data();
    REQUIRE(data);
    const TimelineSlice* slice = data->findSlice(sliceId);
    REQUIRE(slice);
    return slice->tsNs;
}

void typeOffset(ClusterView& view, int row, const QString& ns) {
    view.editClockOffsets();
    // The dialog opens once the automatic offsets are computed; an accepted one is hidden.
    QTRY_VERIFY_WITH_TIMEOUT(view.offsetsDialog() != nullptr && view.offsetsDialog()->isVisible(), 10000);
    RankOffsetsDialog* dialog = view.offsetsDialog();
    REQUIRE(dialog->table()->rowCount() == 2);
    dialog->table()->item(row, RankOffsetsDialog::ManualColumn)->setText(ns);
    dialog->accept();
}

} // namespace

TEST_CASE("job clock: an offset typed in the dialog moves the timeline, Details and selection statistics by exactly it",
          "[ranks][widgets][clock]") {
    QSettings().clear();
    QTemporaryDir dir;
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::traceLoaded);
    window.openPaths({writeRank(dir, 0), writeRank(dir, 1)});
    window.waitForImport();
    REQUIRE(loaded.count() == 1);
    REQUIRE(waitForAsyncJobs(30000));
    // The two ranks' steps start together: nothing to align yet, the stored clock is shown.
    const TimelineData* before = window.timeline()->data();
    REQUIRE(before);
    // The last slice of the store is rank 1's (inputs in rank order): its all-reduce of step 2.
    qint64 sliceId = 0;
    for (const TimelineSlice& s : before->slices()) sliceId = std::max<qint64>(sliceId, s.id);
    REQUIRE(sliceId > 0);
    window.timeline()->setSelectedSlice(sliceId);
    emit window.timeline()->sliceSelected(sliceId);
    const TimeNs startBefore = shownStartNs(window, sliceId);
    CHECK(detailsField(window, QStringLiteral("Start (absolute)")) == formatDurationExact(startBefore));

    ClusterView* view = window.findChild<ClusterView*>();
    REQUIRE(view);
    view->setDocument(window.document());
    REQUIRE(view->waitForLoaded(30000));
    QSignalSpy aligned(&window, &MainWindow::deviceAlignmentChanged);
    typeOffset(*view, 1, QStringLiteral("250000"));
    REQUIRE(waitForAsyncJobs(30000));
    QTRY_VERIFY_WITH_TIMEOUT(aligned.count() >= 1, 10000);
    CHECK(window.devicesAligned());
    CHECK(window.timeline()->selectedSlice() == sliceId);
    CHECK(shownStartNs(window, sliceId) == startBefore + 250'000);
    CHECK(detailsField(window, QStringLiteral("Start (absolute)")) == formatDurationExact(startBefore + 250'000));

    // A second change moves it again, by the difference, from the aligned clock.
    typeOffset(*view, 1, QStringLiteral("-100000"));
    REQUIRE(waitForAsyncJobs(30000));
    QTRY_VERIFY_WITH_TIMEOUT(shownStartNs(window, sliceId) == startBefore - 100'000, 10000);
    CHECK(detailsField(window, QStringLiteral("Start (absolute)")) == formatDurationExact(startBefore - 100'000));

    // Back to 0: nothing moves any more, the stored clock is shown again.
    typeOffset(*view, 1, QStringLiteral("0"));
    REQUIRE(waitForAsyncJobs(30000));
    QTRY_VERIFY_WITH_TIMEOUT(!window.devicesAligned(), 10000);
    CHECK(shownStartNs(window, sliceId) == startBefore);
    CHECK(detailsField(window, QStringLiteral("Start (absolute)")) == formatDurationExact(startBefore));
}

TEST_CASE("import session: one progress line per rank, each ending done", "[ranks][widgets][parallel-import]") {
    QTemporaryDir dir;
    gui::ImportSession session;
    QSignalSpy lines(&session, &gui::ImportSession::inputProgress);
    QSignalSpy finished(&session, &gui::ImportSession::finished);
    REQUIRE(session.start({writeRank(dir, 0), writeRank(dir, 1), writeRank(dir, 2)}));
    session.waitForFinished();
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 10000);
    REQUIRE(finished.first().at(0).toBool());
    std::map<int, int> lastStage;
    for (const QList<QVariant>& line : lines) {
        CHECK(line.at(1).toInt() == 3);
        lastStage[line.at(0).toInt()] = line.at(3).toInt();
    }
    REQUIRE(lastStage.size() == 3);
    for (const auto& [index, stage] : lastStage) CHECK(stage == static_cast<int>(InputProgress::Stage::Done));
    CHECK(gui::inputProgressLine(QStringLiteral("/x/rank-3.json"), static_cast<int>(InputProgress::Stage::Parsing), 42,
                                 100, 1234)
              .startsWith(QStringLiteral("rank-3.json: reading 42 %, 1")));
    CHECK(gui::inputProgressLine(QStringLiteral("/x/rank-3.json"), static_cast<int>(InputProgress::Stage::Done), 0, 0,
                                 0) == QStringLiteral("rank-3.json: done"));
}
