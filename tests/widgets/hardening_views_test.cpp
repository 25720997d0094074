// Issue #14 in the GUI: a slice whose stored args are nested 40,000 deep (a store written before the
// import capped them) shows in Details when clicked, capped, instead of overflowing the stack; a crafted
// store fails to open with an error naming it, and the trace already open stays.
#include "app/gui/main_window.h"
#include "core/session/open_trace.h"
#include "core/store/sqlite_db.h"
#include "widgets/common/trace_document.h"
#include "widgets/details/details_panel.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/timeline/timeline_view.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

std::string nestedObject(int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += "{\"a\":";
    text += "1";
    text.append(static_cast<std::size_t>(depth), '}');
    return text;
}

// A one-slice trace imported to DIR/s.sqlite; returns the store's path.
std::string importOneSlice(const QTemporaryDir& dir) {
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    QFile file(trace);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"([{"ph":"X","name":"deep","pid":1,"tid":1,"ts":1000,"dur":5000,"args":{"x":1}}])");
    file.close();
    OpenOptions options;
    options.storePath = dir.filePath(QStringLiteral("s.sqlite")).toStdString();
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace.toStdString()}, options, ImportProgress{}, &result, &error));
    return options.storePath;
}

void openAndWait(gui::MainWindow& window, const std::string& path, bool expectOk) {
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.openPaths({QString::fromStdString(path)});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(10000));
    REQUIRE(loaded.count() == 1);
    CHECK(loaded.first().at(0).toBool() == expectOk);
}

} // namespace

TEST_CASE("hardening: clicking a slice with args stored 40,000 deep shows them capped in Details", "[hardening]") {
    QSettings().clear();
    QTemporaryDir dir;
    const std::string store = importOneSlice(dir);
    {
        Database db(store, Database::Mode::ReadWrite);
        Statement st = db.prepare("UPDATE args SET json = ? WHERE id = (SELECT arg_id FROM slice)");
        const std::string deep = nestedObject(40'000);
        st.bind(1, deep);
        st.step();
    }
    gui::MainWindow window;
    window.resize(1200, 800);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    openAndWait(window, store, true);

    std::int64_t sliceId = 0;
    Error error;
    REQUIRE(window.document()->session()->query(&error, [&](Database& db) {
        sliceId = db.scalarInt("SELECT id FROM slice");
        return true;
    }));
    window.timeline()->revealSlice(sliceId);
    const auto centre = window.timeline()->sliceCenter(sliceId);
    REQUIRE(centre);
    QTest::mouseClick(window.timeline()->viewport(), Qt::LeftButton, {}, centre->toPoint());
    REQUIRE(window.timeline()->selectedSlice() == sliceId);

    // Arguments: 32 container levels, then one row saying the rest was left out.
    SliceDetailsModel* model = window.details()->model();
    QModelIndex node;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, 0).data().toString() == QStringLiteral("Arguments")) node = model->index(r, 0);
    REQUIRE(node.isValid());
    int levels = 0;
    while (model->rowCount(node) > 0) {
        node = model->index(0, 0, node);
        ++levels;
    }
    CHECK(levels == 33);
    CHECK(node.siblingAtColumn(SliceDetailsModel::ValueColumn).data().toString() ==
          QStringLiteral("(nested deeper than 32 levels)"));
    window.details()->view()->expandAll(); // the tree draws every level
    QTest::qWait(10);
}

TEST_CASE("hardening: a crafted store (slice_count 4e9) is refused with its name; the open trace stays",
          "[hardening]") {
    QSettings().clear();
    QTemporaryDir dir;
    const std::string store = importOneSlice(dir);
    Database(store, Database::Mode::ReadWrite).exec("UPDATE track SET slice_count = 4000000000");

    gui::MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    openAndWait(window, OPSCOPE_SOURCE_DIR "/resources/samples/sample_trace.json", true);
    TraceDocument* const document = window.document();
    const std::string openStore = window.storePath();
    REQUIRE(document);

    QString shown;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            shown = box->text() + QLatin1Char('\n') + box->informativeText() + QLatin1Char('\n') + box->detailedText();
            box->close();
        }
    });
    poll.start(10);
    openAndWait(window, store, false);
    INFO(shown.toStdString());
    CHECK(shown.contains(QStringLiteral("s.sqlite")));
    CHECK(window.document() == document);
    CHECK(window.storePath() == openStore);
}
