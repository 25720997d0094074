// The import progress dialog after the reading: a busy bar naming each finishing stage, never a full
// bar that seems stuck at 100 %.
#include "app/render/import_session.h"
#include "app/gui/main_window.h"
#include "core/store/finish_stages.h"

#include <QFile>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace opscope;

TEST_CASE("after the reading the progress dialog names each finishing stage on a busy bar", "[import_progress]") {
    QSettings().clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.json"));
    {
        QFile file(path);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(R"([{"name":"a","ph":"X","ts":1,"dur":2,"pid":1,"tid":1},{"name":"b","ph":"X","ts":5,"dur":2,"pid":1,"tid":1}])");
    }
    gui::MainWindow window;
    auto* session = window.findChild<gui::ImportSession*>();
    REQUIRE(session);
    struct Seen {
        QString label;
        int maximum = -1;
    };
    QList<Seen> seen;
    // Connected after the window's own slot, so each entry is what the dialog shows for that stage.
    QObject::connect(session, &gui::ImportSession::finishStage, &window, [&](int) {
        if (auto* dialog = window.findChild<QProgressDialog*>()) seen.append({dialog->labelText(), dialog->maximum()});
    });
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.openPaths({path});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.takeFirst().at(0).toBool());
    QStringList labels;
    for (const Seen& s : seen) {
        labels << s.label;
        CHECK(s.maximum == 0); // busy, not a percentage
    }
    CHECK(labels == QStringList{QStringLiteral("Nesting slices…"), QStringLiteral("Writing rows…"),
                                QStringLiteral("Building indices…"), QStringLiteral("Deriving memory rows…"),
                                QStringLiteral("Linking launches to kernels…"),
                                QStringLiteral("Writing the store to disk…"),
                                QStringLiteral("Packing the timeline for a fast reopen…"), QStringLiteral("Loading the timeline…")});
    CHECK(gui::finishStageText(static_cast<int>(FinishStage::BuildingIndices)) == QStringLiteral("Building indices…"));
    CHECK(gui::finishStageText(gui::kLoadingTimeline) == QStringLiteral("Loading the timeline…"));
}
