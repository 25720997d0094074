// A failed import: the progress dialog is gone before the error message shows, and the trace already open
// stays open.
#include "app/gui/cut_banner.h"
#include "app/gui/main_window.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

// A trace cut off in the middle of an event: its import fails.
QString writeBrokenTrace(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"traceEvents": [{"name": "a", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1}, {"name": )");
    return path;
}

} // namespace

TEST_CASE("the progress dialog closes before the import error shows", "[import_error]") {
    QSettings().clear();
    QTemporaryDir dir;
    const QString path = writeBrokenTrace(dir);

    gui::MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.openPaths({path});
    auto* progress = window.findChild<QProgressDialog*>();
    REQUIRE(progress);
    progress->show(); // as after its minimum duration on a slow import
    bool sawError = false, progressVisibleWithError = true;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) return;
        sawError = true;
        progressVisibleWithError = false;
        for (QProgressDialog* d : window.findChildren<QProgressDialog*>())
            if (d->isVisible()) progressVisibleWithError = true;
        box->close();
    });
    poll.start(10);
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.count() == 1);
    CHECK_FALSE(loaded.first().at(0).toBool());
    CHECK(sawError);
    CHECK_FALSE(progressVisibleWithError);
}

// Issue #14: a file that fails to open leaves the trace already open as it was, in every view.
TEST_CASE("a failed open shows the error and keeps the trace already open", "[import_error]") {
    QSettings().clear();
    QTemporaryDir dir;
    const QString broken = writeBrokenTrace(dir);

    gui::MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.openPaths({QStringLiteral(OPSCOPE_SOURCE_DIR "/resources/samples/sample_trace.json")});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(10000));
    REQUIRE(loaded.takeFirst().at(0).toBool());
    TraceDocument* const document = window.document();
    const std::string store = window.storePath();
    const QString title = window.windowTitle();
    REQUIRE(document);

    bool sawError = false;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            sawError = box->text().contains(QStringLiteral("broken.json"));
            box->close();
        }
    });
    poll.start(10);
    window.openPaths({broken});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.count() == 1);
    CHECK_FALSE(loaded.first().at(0).toBool());
    CHECK(sawError);
    CHECK(window.document() == document);
    CHECK(window.storePath() == store);
    CHECK(window.windowTitle() == title);
}

TEST_CASE("after a cut-off error the window offers to open up to the cut, then shows where it was cut", "[import_error]") {
    QSettings().clear();
    QTemporaryDir dir;
    const QString broken = writeBrokenTrace(dir);
    const qint64 cutAt = QByteArray(R"({"traceEvents": [{"name": "a", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1}, )").size();

    gui::MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.cutBanner());
    CHECK_FALSE(window.cutBanner()->isVisible());
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    QString offered;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) return;
        for (QAbstractButton* b : box->buttons())
            if (b->text() == QStringLiteral("Open up to the cut")) {
                offered = box->text();
                b->click();
                return;
            }
        box->close();
    });
    poll.start(10);
    window.openPaths({broken});
    window.waitForImport(); // the failed attempt: its box opens, the button starts the second attempt
    for (int i = 0; i < 500 && loaded.count() < 2; ++i) {
        window.waitForImport();
        QTest::qWait(10);
    }
    REQUIRE(loaded.count() == 2);
    CHECK_FALSE(loaded.at(0).at(0).toBool());
    CHECK(loaded.at(1).at(0).toBool());
    CHECK(offered.contains(QStringLiteral("broken.json")));
    REQUIRE(window.document());
    CHECK(window.cutBanner()->isVisible());
    CHECK(window.cutBanner()->text().contains(QStringLiteral("broken.json is cut off at byte %1").arg(cutAt)));

    // Without the choice the error stays an error: the box is closed, nothing opens.
    loaded.clear();
    offered.clear();
    QObject::disconnect(&poll, nullptr, nullptr, nullptr);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) box->close();
    });
    const QString other = dir.filePath(QStringLiteral("other.json"));
    QFile::copy(broken, other);
    window.openPaths({other});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.count() == 1);
    CHECK_FALSE(loaded.first().at(0).toBool());
    CHECK(window.cutBanner()->text().contains(QStringLiteral("broken.json"))); // the open trace is unchanged
}

TEST_CASE("a trace opened up to the cut is not reopened silently as whole: the plain open offers the cut again",
          "[import_error]") {
    QSettings().clear();
    QTemporaryDir dir;
    const QString broken = writeBrokenTrace(dir);
    gui::MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    int offers = 0;
    bool acceptCut = true;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) return;
        for (QAbstractButton* b : box->buttons())
            if (b->text() == QStringLiteral("Open up to the cut")) {
                ++offers;
                if (acceptCut) {
                    b->click();
                    return;
                }
            }
        box->close();
    });
    poll.start(10);
    auto openAndSettle = [&](int expected) {
        window.openPaths({broken});
        for (int i = 0; i < 500 && loaded.count() < expected; ++i) {
            window.waitForImport();
            QTest::qWait(10);
        }
        REQUIRE(loaded.count() == expected);
    };
    openAndSettle(2); // refused, then opened up to the cut
    REQUIRE(loaded.at(1).at(0).toBool());
    REQUIRE(window.cutBanner()->isVisible());
    const std::string cutStore = window.storePath();
    REQUIRE(QFileInfo::exists(QString::fromStdString(cutStore)));

    // The same file again, without the choice: its cut store is not taken for the whole trace.
    loaded.clear();
    acceptCut = false;
    openAndSettle(1);
    CHECK_FALSE(loaded.first().at(0).toBool());
    CHECK(offers == 2);
    CHECK(window.storePath() == cutStore);     // what was open stays open, with its banner
    CHECK(window.cutBanner()->isVisible());
    CHECK(QFileInfo::exists(QString::fromStdString(cutStore))); // and the cut store is kept for a later cut open
}
