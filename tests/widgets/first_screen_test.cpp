// The first screen of a trace: the device lanes in view beside the host (tall host groups collapsed and
// drawn as a density preview), and lanes named after their device and stream.
#include "app/gui/main_window.h"
#include "core/store/timeline_data.h"
#include "widgets/details/details_panel.h"
#include "widgets/details/slice_details_model.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/lane_names.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QColor>
#include <algorithm>
#include <cstdlib>
#include <vector>

#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QSet>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

// A Python thread `depth` calls deep above an NPU with one stream and one overlap lane of it.
struct HostAboveDevice {
    FixtureStore store;
    std::int64_t host = 0, device = 0, pythonTrack = 0, streamTrack = 0, overlapTrack = 0, overlapSlice = 0;
    explicit HostAboveDevice(const std::string& name, int depth) : store(name) {
        host = store.process("100", "Python", 0);
        pythonTrack = store.track(host, store.thread(host, "100", "Thread 100"), "thread", "100");
        std::int64_t parent = 0;
        for (int d = 0; d < depth; ++d)
            parent = store.slice(pythonTrack, 1'000 + d, 39'000 - 2 * d, d, "frame " + std::to_string(d), {}, {}, -1, parent);
        store.db().exec("INSERT INTO device(id, name, kind, ordinal) VALUES(1, 'rank 0 · NPU 0', 'npu', 0)");
        device = store.process("dev", "Ascend Hardware", 1);
        store.db().exec("UPDATE process SET device_id = 1 WHERE id = " + std::to_string(device));
        const std::int64_t stream = store.thread(device, "4", "Stream 4");
        streamTrack = store.track(device, stream, "thread", "4");
        store.slice(streamTrack, 10'000, 5'000, 0, "MatMul");
        store.slice(streamTrack, 80'000, 5'000, 0, "MatMul"); // the trace goes on after the host's frames
        overlapTrack = store.track(device, stream, "thread", "4 (overlap 2)");
        store.db().exec("UPDATE track SET lane = 2 WHERE id = " + std::to_string(overlapTrack));
        overlapSlice = store.slice(overlapTrack, 11'000, 2'000, 0, "Add");
        store.finish(1'000, 85'000); // a whole store, as the GUI opens one
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

} // namespace

TEST_CASE("a host group tall enough to hide the device opens collapsed, a short one stays open", "[first_screen]") {
    for (const int depth : {60, 5}) {
        INFO(depth);
        HostAboveDevice fx("first-screen-" + std::to_string(depth), depth);
        ZoomControl zoom;
        TimelineView view(&zoom);
        view.resize(1200, 700);
        view.setData(fx.load());
        CHECK_FALSE(view.processCollapsed(0)); // decided at the first paint, at the view's real height
        view.grab();
        const TimelineData& data = *view.data();
        const int python = processIndexOf(data, "Python"), hardware = processIndexOf(data, "Ascend Hardware");
        REQUIRE(python >= 0);
        REQUIRE(hardware >= 0);
        CHECK(view.processCollapsed(python) == (depth == 60)); // 60 rows of 18 px do not fit above the device
        CHECK_FALSE(view.processCollapsed(hardware));
        const int row = view.layout().rowOfTrack(data.trackIndexOf(fx.streamTrack));
        REQUIRE(row >= 0);
        CHECK(view.layout().rows()[static_cast<std::size_t>(row)].y + TimelineLayout::kSliceRowHeight <
              view.timeArea().height()); // the device lane is on the first screen
    }
}

TEST_CASE("a collapse chosen before the first paint stands", "[first_screen]") {
    HostAboveDevice fx("first-screen-chosen", 60);
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1200, 700);
    view.setData(fx.load());
    const int python = processIndexOf(*view.data(), "Python");
    view.setProcessCollapsed(python, false);
    view.grab();
    CHECK_FALSE(view.processCollapsed(python));
}

TEST_CASE("a collapsed group draws its lanes as a preview in its header row", "[first_screen]") {
    HostAboveDevice fx("first-screen-preview", 60);
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1200, 700);
    view.setData(fx.load());
    view.grab();
    const int python = processIndexOf(*view.data(), "Python");
    REQUIRE(view.processCollapsed(python));
    const TimelineRow& header = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(python))];
    auto headerRowPixels = [&] {
        const QImage image = view.grab().toImage();
        const int y = TimelineView::kRulerHeight + header.y + header.height / 2; // in the viewport, unscrolled
        const QRect time = view.timeArea();
        QSet<QRgb> colours;
        for (int x = time.left() + 10; x < time.right() - 10; x += 7) colours.insert(image.pixel(x + view.viewport()->x(), y + view.viewport()->y()));
        return colours.size();
    };
    // The frames (the first half of the trace) drawn faded over the row's flat background: two colours.
    CHECK(headerRowPixels() > 1);
    CHECK(view.lastDrawnItems() >= 1);
}

TEST_CASE("the density preview is drawn faded where the collapsed group has slices, and only there", "[first_screen]") {
    HostAboveDevice fx("first-screen-preview-pixels", 60);
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1200, 700);
    view.setData(fx.load());
    QImage image = view.grab().toImage();
    const int python = processIndexOf(*view.data(), "Python");
    REQUIRE(view.processCollapsed(python));
    const TimelineRow& header = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(python))];
    const TimeMapper m = view.mapper();
    const QPoint offset = view.viewport()->pos();
    auto pixel = [&](const QImage& img, TimeNs t, int yInViewport) {
        return QColor(img.pixel(static_cast<int>(m.toPx(t)) + offset.x(), yInViewport + offset.y()));
    };
    const int headerY = TimelineView::kRulerHeight + header.y + header.height / 2;
    // The frames cover 1 µs..40 µs of a trace that runs to 85 µs: drawn at 20 µs, the row's own colour at 60 µs,
    // and above and below the preview's band (4 px inside the row) nothing is drawn either.
    const QColor drawn = pixel(image, 20'000, headerY), empty = pixel(image, 60'000, headerY);
    const QColor edge = pixel(image, 20'000, TimelineView::kRulerHeight + header.y + 1);
    CHECK(drawn != empty);
    CHECK(edge == empty);
    CHECK(pixel(image, 60'000, headerY + 3) == empty);

    // Expanded, the same top-level frame is drawn in its full colour: the preview is that colour faded towards
    // the row's background, so it reads as density and not as a lane.
    view.setProcessCollapsed(python, false);
    image = view.grab().toImage();
    const int frameRow = view.layout().rowOfTrack(view.data()->trackIndexOf(fx.pythonTrack));
    REQUIRE(frameRow >= 0);
    const TimelineRow& lane = view.layout().rows()[static_cast<std::size_t>(frameRow)];
    const QColor full = pixel(image, 20'000, TimelineView::kRulerHeight + lane.y + TimelineLayout::kTrackPadding + 4);
    CHECK(full != drawn);
    auto distance = [](const QColor& a, const QColor& b) {
        return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
    };
    CHECK(distance(drawn, empty) < distance(full, empty));
    CHECK(distance(drawn, full) > 0);
}

TEST_CASE("lanes are named after their device and stream, overlap lanes say so", "[first_screen]") {
    HostAboveDevice fx("lane-names", 3);
    const auto data = fx.load();
    auto track = [&](std::int64_t id) -> const TimelineTrack& {
        return data->tracks()[static_cast<std::size_t>(data->trackIndexOf(id))];
    };
    CHECK(laneTitle(*data, track(fx.streamTrack)) == QStringLiteral("NPU 0 · Stream 4"));
    CHECK(laneTitle(*data, track(fx.overlapTrack)) == QStringLiteral("NPU 0 · Stream 4 (overlap 2)"));
    CHECK(laneTitle(*data, track(fx.pythonTrack)) == QStringLiteral("Thread 100")); // a host thread as it was
    CHECK(shortDeviceName("rank 3 · GPU 1") == QStringLiteral("GPU 1"));
    CHECK(shortDeviceName("GPU 1") == QStringLiteral("GPU 1"));
    const TimelineProcess& hardware = data->processes()[track(fx.streamTrack).processIndex];
    CHECK(processTitle(hardware) == QStringLiteral("rank 0 · NPU 0 · Ascend Hardware"));
}

TEST_CASE("a job's host processes are named with their rank, as its devices are", "[first_screen][ranks]") {
    FixtureStore store("host-ranks");
    std::int64_t lanes[2] = {0, 0}, hosts[2] = {0, 0};
    for (int rank = 0; rank < 2; ++rank) {
        const std::string input = "ascend:/job/rank" + std::to_string(rank) + "|";
        hosts[rank] = store.process(input + "31" + std::to_string(rank), "Python", 0);
        lanes[rank] = store.track(hosts[rank], store.thread(hosts[rank], "31", "Thread 31"), "thread", "31");
        store.slice(lanes[rank], 1'000, 2'000, 0, "forward");
        store.db().exec("INSERT INTO device(id, name, kind, ordinal, rank) VALUES(" + std::to_string(rank + 1) +
                        ", 'rank " + std::to_string(rank) + " · NPU " + std::to_string(rank) + "', 'npu', " +
                        std::to_string(rank) + ", " + std::to_string(rank) + ")");
        const std::int64_t device = store.process(input + "9" + std::to_string(rank), "Ascend Hardware", 1);
        store.db().exec("UPDATE process SET device_id = " + std::to_string(rank + 1) + " WHERE id = " + std::to_string(device));
        store.slice(store.track(device, store.thread(device, "4", "Stream 4"), "thread", "4"), 2'000, 1'000, 0, "MatMul");
    }
    store.finish(1'000, 3'000);
    Error error;
    const auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    for (int rank = 0; rank < 2; ++rank) {
        const TimelineTrack& lane = data->tracks()[static_cast<std::size_t>(data->trackIndexOf(lanes[rank]))];
        const TimelineProcess& python = data->processes()[lane.processIndex];
        CHECK(python.hostRank == rank);
        CHECK(processTitle(python) == QStringLiteral("rank %1 · Python").arg(rank));
        CHECK(qualifiedLaneTitle(*data, lane) == QStringLiteral("rank %1 · Python / Thread 31").arg(rank));
    }
    // Rank by rank: rank 0's Python, then its device, then rank 1's.
    std::vector<std::string> order;
    for (const TimelineTrack& t : data->tracks()) {
        const TimelineProcess& p = data->processes()[t.processIndex];
        const std::string title = processTitle(p).toStdString();
        if (order.empty() || order.back() != title) order.push_back(title);
    }
    CHECK(order == std::vector<std::string>{"rank 0 · Python", "rank 0 · NPU 0 · Ascend Hardware", "rank 1 · Python",
                                            "rank 1 · NPU 1 · Ascend Hardware"});
    // One rank (the fixture above): the host process keeps its plain name.
    HostAboveDevice single("host-ranks-single", 1);
    const auto one = single.load();
    const TimelineTrack& python = one->tracks()[static_cast<std::size_t>(one->trackIndexOf(single.pythonTrack))];
    CHECK(processTitle(one->processes()[python.processIndex]) == QStringLiteral("Python"));
}

TEST_CASE("all-zero and identifier counter series are hidden by default and counted in the header", "[first_screen]") {
    FixtureStore store("hidden-counters");
    const std::int64_t pmu = store.process("dev", "Acc PMU", 0);
    const std::int64_t zero = store.track(pmu, 0, "counter", "DDR/read KB");
    const std::int64_t ids = store.track(pmu, 0, "counter", "read_bandwidth acc_id");
    const std::int64_t taskId = store.track(pmu, 0, "counter", "Task ID");
    const std::int64_t value = store.track(pmu, 0, "counter", "read_bandwidth value");
    const std::int64_t once = store.track(pmu, 0, "counter", "HBM/read KB"); // zero but once
    for (std::int64_t ts : {0, 1'000, 2'000}) {
        store.counter(zero, ts, 0);
        store.counter(ids, ts, 7);
        store.counter(taskId, ts, 12);
        store.counter(value, ts, 3.5);
        store.counter(once, ts, ts == 1'000 ? 0.001 : 0);
    }
    store.db().exec("COMMIT");
    Error error;
    const auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    auto hidden = [&](std::int64_t id) {
        return TimelineLayout::hiddenByDefault(data->tracks()[static_cast<std::size_t>(data->trackIndexOf(id))]);
    };
    CHECK(hidden(zero));
    CHECK(hidden(ids));
    CHECK(hidden(taskId));
    CHECK_FALSE(hidden(value));
    CHECK_FALSE(hidden(once)); // one sample above zero: shown
    TimelineLayout layout;
    layout.rebuild(*data, std::vector<bool>(data->processes().size(), false), std::vector<bool>(data->tracks().size(), false));
    CHECK(layout.visibleTrackCount() == 2);
    CHECK(layout.rowOfTrack(data->trackIndexOf(zero)) == -1);
    CHECK(layout.rowOfTrack(data->trackIndexOf(value)) >= 0);
    const TimelineRow& header = layout.rows()[static_cast<std::size_t>(layout.rowOfProcess(0))];
    CHECK(header.trackCount == 2);
    CHECK(header.hiddenCount == 3);
}

TEST_CASE("slices far from the rest are left out of the first view, which says so; Fit All shows them", "[first_screen]") {
    FixtureStore store("first-screen-outliers");
    const std::int64_t host = store.process("1", "python", 0);
    const std::int64_t track = store.track(host, store.thread(host, "1", "main"), "thread", "1");
    for (int i = 0; i < 40; ++i) store.slice(track, 1'000'000 + i * 10'000, 5'000, 0, "op");
    const TimeNs far = 3'000'000'000'000'000LL; // a msprof-style stray timestamp, ~35 days later
    store.slice(track, far, 1'000, 0, "stray");
    store.db().exec("COMMIT");
    Error error;
    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1200, 600);
    view.setData(TimelineData::load(store.path(), &error));
    REQUIRE(view.data());
    CHECK(view.firstViewOutliers() == 1);
    CHECK(zoom.traceRange().endNs == far + 1'000);
    CHECK(zoom.visibleRange().startNs == 1'000'000);
    CHECK(zoom.visibleRange().endNs == 1'000'000 + 39 * 10'000 + 5'000);
    CHECK(view.firstViewFarthestNs() == far - zoom.visibleRange().endNs);
}

TEST_CASE("Details' Track field names the lane as the timeline does", "[first_screen][details]") {
    QSettings().clear();
    HostAboveDevice fx("lane-names-details", 3);
    gui::MainWindow window;
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.openPaths({QString::fromStdString(fx.store.path())});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.takeFirst().at(0).toBool());
    emit window.details()->jumpToSlice(fx.overlapSlice);
    SliceDetailsModel* model = window.details()->model();
    REQUIRE(model->sliceId() == fx.overlapSlice);
    QString track;
    const QModelIndex slice = model->index(0, 0);
    for (int r = 0; r < model->rowCount(slice); ++r)
        if (model->index(r, 0, slice).data().toString() == QStringLiteral("Track")) track = model->index(r, 1, slice).data().toString();
    CHECK(track == QStringLiteral("Ascend Hardware / NPU 0 · Stream 4 (overlap 2)"));
}

TEST_CASE("of many host groups above the device, the fewest tallest ones are collapsed", "[first_screen]") {
    // Twelve host processes of 1 to 12 nested calls (listed shortest first), then an NPU with one stream.
    FixtureStore store("first-screen-many");
    std::vector<std::int64_t> hosts;
    for (int depth = 1; depth <= 12; ++depth) {
        const std::string pid = std::to_string(100 + depth);
        const std::int64_t host = store.process(pid, "Host " + std::to_string(depth), depth);
        const std::int64_t track = store.track(host, store.thread(host, pid, "main"), "thread", pid);
        std::int64_t parent = 0;
        for (int d = 0; d < depth; ++d)
            parent = store.slice(track, 1'000 + d, 39'000 - 2 * d, d, "frame " + std::to_string(d), {}, {}, -1, parent);
        hosts.push_back(host);
    }
    store.db().exec("INSERT INTO device(id, name, kind, ordinal) VALUES(1, 'rank 0 · NPU 0', 'npu', 0)");
    const std::int64_t device = store.process("dev", "Ascend Hardware", 100);
    store.db().exec("UPDATE process SET device_id = 1 WHERE id = " + std::to_string(device));
    const std::int64_t streamTrack = store.track(device, store.thread(device, "4", "Stream 4"), "thread", "4");
    store.slice(streamTrack, 10'000, 5'000, 0, "MatMul");
    store.finish(1'000, 85'000);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);

    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1200, 700);
    view.setData(data);
    view.grab();
    std::vector<bool> collapsed; // by depth, 1..12
    for (int depth = 1; depth <= 12; ++depth)
        collapsed.push_back(view.processCollapsed(processIndexOf(*view.data(), "Host " + std::to_string(depth))));
    // The tallest ones and only they: some depth k and every deeper group collapsed, none shallower.
    const auto firstCollapsed = std::find(collapsed.begin(), collapsed.end(), true);
    REQUIRE(firstCollapsed != collapsed.end());
    CHECK(std::all_of(firstCollapsed, collapsed.end(), [](bool c) { return c; }));
    const int shortestCollapsed = static_cast<int>(firstCollapsed - collapsed.begin()) + 1;
    CHECK(shortestCollapsed > 1); // not all of them: the short ones fit beside the device lane
    CHECK(shortestCollapsed < 12); // and not only the tallest
    const int wantedBelow = 3 * TimelineLayout::kSliceRowHeight;
    auto deviceLaneTop = [&] {
        const int row = view.layout().rowOfTrack(view.data()->trackIndexOf(streamTrack));
        REQUIRE(row >= 0);
        return view.layout().rows()[static_cast<std::size_t>(row)].y;
    };
    const int height = view.timeArea().height(); // nothing pinned: the scrolled rows have all of it
    CHECK(deviceLaneTop() + wantedBelow <= std::max(200, height));
    // The fewest: opening the shortest collapsed one again hides the lane.
    view.setProcessCollapsed(processIndexOf(*view.data(), "Host " + std::to_string(shortestCollapsed)), false);
    CHECK(deviceLaneTop() + wantedBelow > std::max(200, height));
}
