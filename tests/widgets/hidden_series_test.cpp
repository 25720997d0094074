// The counter series the first screen hides (all zero, identifiers) are counted in their group's header and
// shown again from it: a click on the count, the header's context menu, or View > Show Hidden Counter Series.
#include "app/gui/main_window.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

// "Acc PMU": one counter worth plotting, one all zero and one identifier; "NPU memory": only zero series.
struct HiddenSeries {
    FixtureStore store;
    std::int64_t value = 0, zero = 0, ids = 0, memoryZero = 0;
    explicit HiddenSeries(const std::string& name) : store(name) {
        const std::int64_t pmu = store.process("pmu", "Acc PMU", 0);
        value = store.track(pmu, 0, "counter", "read_bandwidth value");
        zero = store.track(pmu, 0, "counter", "DDR/read KB");
        ids = store.track(pmu, 0, "counter", "read_bandwidth acc_id");
        const std::int64_t memory = store.process("mem", "NPU memory", 1);
        memoryZero = store.track(memory, 0, "counter", "module 7 KB");
        for (std::int64_t ts : {0, 1'000, 2'000}) {
            store.counter(value, ts, 3.5);
            store.counter(zero, ts, 0);
            store.counter(ids, ts, 7);
            store.counter(memoryZero, ts, 0);
        }
        store.finish(0, 2'000);
    }
    std::shared_ptr<const TimelineData> load() {
        Error error;
        auto data = TimelineData::load(store.path(), &error);
        REQUIRE(data);
        return data;
    }
};

int processIndexOf(const TimelineData& data, const std::string& name) {
    for (std::size_t i = 0; i < data.processes().size(); ++i)
        if (data.processes()[i].name == name) return static_cast<int>(i);
    return -1;
}

bool trackShown(const TimelineView& view, std::int64_t trackId) {
    return view.layout().rowOfTrack(view.data()->trackIndexOf(trackId)) >= 0;
}

// Opens the view's context menu at pos and triggers the action named objectName in it.
bool triggerContextAction(TimelineView& view, QPoint pos, const QString& objectName, QString* text = nullptr) {
    bool triggered = false;
    QTimer::singleShot(0, [&] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu) return;
        for (QAction* a : menu->actions())
            if (a->objectName() == objectName) {
                if (text) *text = a->text();
                triggered = true;
                a->trigger();
            }
        menu->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view.viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view.viewport(), &event);
    return triggered;
}

QPoint headerCentre(const TimelineView& view, int process) {
    const TimelineRow& row = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(process))];
    return QPoint(60, TimelineView::kRulerHeight + row.y + row.height / 2);
}

} // namespace

TEST_CASE("a group of only hidden series keeps its header, which counts them", "[hidden_series]") {
    HiddenSeries fx("hidden-series-header");
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1000, 500);
    view.setData(fx.load());
    const int memory = processIndexOf(*view.data(), "NPU memory"), pmu = processIndexOf(*view.data(), "Acc PMU");
    REQUIRE(view.layout().rowOfProcess(memory) >= 0);
    const TimelineRow& header = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(memory))];
    CHECK(header.trackCount == 0);
    CHECK(header.hiddenCount == 1);
    CHECK(view.hiddenSeriesCount() == 3);
    CHECK(view.hiddenSeriesHiddenCount() == 3);
    CHECK(trackShown(view, fx.value));
    CHECK_FALSE(trackShown(view, fx.zero));
    CHECK_FALSE(trackShown(view, fx.ids));
    CHECK(view.visibleTrackCount() == 1);
    CHECK_FALSE(view.hiddenSeriesShown(pmu));
}

TEST_CASE("a click on the hidden count shows the group's series, a second click hides them", "[hidden_series]") {
    HiddenSeries fx("hidden-series-click");
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1000, 500);
    view.setData(fx.load());
    view.grab();
    const int pmu = processIndexOf(*view.data(), "Acc PMU");
    QSignalSpy changed(&view, &TimelineView::hiddenSeriesChanged);
    const QPoint centre = headerCentre(view, pmu);
    const QPoint count(TimelineView::kHeaderWidth - 14, centre.y()); // the count ends 8 px before the header's edge
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, count);
    CHECK(changed.count() == 1);
    CHECK(view.hiddenSeriesShown(pmu));
    CHECK_FALSE(view.processCollapsed(pmu)); // the count is the control, not the collapse
    CHECK(trackShown(view, fx.zero));
    CHECK(trackShown(view, fx.ids));
    CHECK_FALSE(trackShown(view, fx.memoryZero)); // only that group
    CHECK(view.hiddenSeriesHiddenCount() == 1);
    const TimelineRow& header = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(pmu))];
    CHECK(header.trackCount == 3);
    CHECK(header.hiddenShown);
    view.grab();
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, QPoint(TimelineView::kHeaderWidth - 14, headerCentre(view, pmu).y()));
    CHECK(changed.count() == 2);
    CHECK_FALSE(view.hiddenSeriesShown(pmu));
    CHECK_FALSE(trackShown(view, fx.zero));
    // Elsewhere on the header the click still collapses the group.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, headerCentre(view, pmu));
    CHECK(view.processCollapsed(pmu));
    CHECK(changed.count() == 2);
}

TEST_CASE("the header's context menu shows and hides a group's hidden series, the view's menu all of them",
          "[hidden_series]") {
    HiddenSeries fx("hidden-series-menu");
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1000, 500);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setData(fx.load());
    const int memory = processIndexOf(*view.data(), "NPU memory");
    QString text;
    REQUIRE(triggerContextAction(view, headerCentre(view, memory), QStringLiteral("toggleProcessHiddenSeries"), &text));
    CHECK(text == QStringLiteral("Show 1 hidden series"));
    CHECK(trackShown(view, fx.memoryZero));
    CHECK_FALSE(trackShown(view, fx.zero));
    REQUIRE(triggerContextAction(view, headerCentre(view, memory), QStringLiteral("toggleProcessHiddenSeries"), &text));
    CHECK(text == QStringLiteral("Hide 1 all-zero or identifier series"));
    CHECK_FALSE(trackShown(view, fx.memoryZero));
    // Over the lanes: the whole trace's.
    const QPoint inTime(TimelineView::kHeaderWidth + 100, TimelineView::kRulerHeight + 5);
    REQUIRE(triggerContextAction(view, inTime, QStringLiteral("toggleAllHiddenSeries"), &text));
    CHECK(text == QStringLiteral("Show all 3 hidden series"));
    CHECK(view.hiddenSeriesHiddenCount() == 0);
    CHECK(trackShown(view, fx.zero));
    CHECK(trackShown(view, fx.ids));
    CHECK(trackShown(view, fx.memoryZero));
    REQUIRE(triggerContextAction(view, inTime, QStringLiteral("toggleAllHiddenSeries"), &text));
    CHECK(text == QStringLiteral("Hide all-zero and identifier series"));
    CHECK(view.hiddenSeriesHiddenCount() == 3);
}

TEST_CASE("View > Show Hidden Counter Series shows them all; another trace hides them again", "[hidden_series]") {
    QSettings().clear();
    HiddenSeries fx("hidden-series-window");
    gui::MainWindow window;
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    auto open = [&](const std::string& path) {
        loaded.clear();
        window.openPaths({QString::fromStdString(path)});
        window.waitForImport();
        if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
        REQUIRE(loaded.first().at(0).toBool());
    };
    open(fx.store.path());
    auto* action = window.findChild<QAction*>(QStringLiteral("action_showHiddenSeries"));
    REQUIRE(action);
    CHECK(action->isEnabled());
    CHECK_FALSE(action->isChecked());
    CHECK(action->text().contains(QStringLiteral("(3)")));
    TimelineView* view = window.findChild<TimelineView*>();
    REQUIRE(view);
    action->trigger();
    CHECK(action->isChecked());
    CHECK(view->hiddenSeriesHiddenCount() == 0);
    CHECK(trackShown(*view, fx.memoryZero));

    open(OPSCOPE_SOURCE_DIR "/resources/samples/sample_trace.json");
    CHECK_FALSE(action->isChecked()); // a new trace starts with its series hidden
    CHECK(view->hiddenSeriesHiddenCount() == view->hiddenSeriesCount());
}
