// The timeline's first frame does not wait for the flows (loadTimelineDeferringFlows): while they are
// read, a frame that would draw arrows says "Loading flows…" rather than showing none; once they come
// (TimelineView::setFlows, from TimelineFlowLoader on a worker), every arrow and the selected slice's
// are drawn as with flows loaded up front.
#include "tests/widgets/flow_trace_fixture.h"
#include "core/session/trace_session.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_flows.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_flow_loader.h"
#include "widgets/timeline/timeline_view.h"

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

#include <memory>
#include <string>

using namespace opscope;

namespace {

constexpr int kFlows = 30;

struct FlowStore {
    QTemporaryDir dir;
    std::string path;
    FlowStore() : path(opscope::testing::importFlowTrace(dir, opscope::testing::launchFlowTrace(kFlows, 10, 4))) {}
    std::shared_ptr<const TimelineData> load(bool deferFlows) const {
        Database db(path, Database::Mode::ReadOnly);
        Error error;
        auto data = deferFlows ? loadTimelineDeferringFlows(db, TimelineLoadOptions{}, &error)
                               : TimelineData::load(db, TimelineLoadOptions{}, &error);
        REQUIRE(data);
        return data;
    }
    std::shared_ptr<const TimelineFlowSet> flowsOf(const TimelineData& data) const {
        Database db(path, Database::Mode::ReadOnly);
        return loadTimelineFlows(db, data);
    }
};

struct ShownView {
    ZoomControl zoom;
    TimelineView view{&zoom};
    explicit ShownView(std::shared_ptr<const TimelineData> data) {
        view.setData(std::move(data), true);
        view.resize(1200, 400);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
    void paint() { view.viewport()->grab(); }
};

} // namespace

TEST_CASE("deferred flows: the load has none; read later they are the flows and groups of a full load",
          "[timeline_view][flows]") {
    FlowStore store;
    const auto deferred = store.load(true), full = store.load(false);
    CHECK(deferred->flows().empty());
    REQUIRE(full->flows().size() == kFlows);
    const auto later = store.flowsOf(*deferred);
    CHECK(later->timeline == deferred.get());
    REQUIRE(later->flows.size() == full->flows().size());
    for (std::size_t i = 0; i < later->flows.size(); ++i) {
        CHECK(later->flows[i].outSlice == full->flows()[i].outSlice);
        CHECK(later->flows[i].inSlice == full->flows()[i].inSlice);
        CHECK(later->flows[i].outTrack == full->flows()[i].outTrack);
        CHECK(later->flows[i].inTrack == full->flows()[i].inTrack);
    }
    const std::vector<FlowGroup> fullGroups = buildFlowGroups(*full);
    REQUIRE(later->groups.size() == fullGroups.size());
    for (std::size_t g = 0; g < later->groups.size(); ++g) {
        CHECK(later->groups[g].flows == fullGroups[g].flows);
        CHECK(later->groups[g].maxSpanNs == fullGroups[g].maxSpanNs);
    }
}

TEST_CASE("deferred flows: the first frame is the frame of a load with its flows", "[timeline_view][flows]") {
    FlowStore store;
    auto frame = [](std::shared_ptr<const TimelineData> data, bool flowsLater) {
        ZoomControl zoom;
        TimelineView view(&zoom);
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.resize(1200, 400);
        view.show();
        view.setData(std::move(data), flowsLater);
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        view.render(&painter);
        return image;
    };
    const QImage deferred = frame(store.load(true), true), full = frame(store.load(false), false);
    CHECK(deferred == full); // the first frame draws no arrows: nothing waits for them
}

TEST_CASE("deferred flows: wanted before they come, the timeline says it is loading them, then draws them",
          "[timeline_view][flows]") {
    FlowStore store;
    const auto data = store.load(true);
    ShownView v(data);
    QSignalSpy wanted(&v.view, &TimelineView::flowsWanted);
    CHECK(v.view.flowsPending());
    v.zoom.fitAll();
    v.paint();
    CHECK_FALSE(v.view.flowsLoadingShown()); // nothing asks for arrows yet: the frame is as it will be
    CHECK(wanted.count() == 0);

    v.view.setFlowsVisible(true);
    CHECK(wanted.count() == 1);
    v.paint();
    CHECK(v.view.flowsLoadingShown());
    CHECK(v.view.flowsDrawn() == 0);

    // Another load's flows are not these slices' positions: ignored.
    v.view.setFlows(store.flowsOf(*store.load(true)));
    CHECK(v.view.flowsPending());

    // A slice with a flow selected while they load: its arrow is found when they come.
    std::int64_t launchId = 0;
    for (const TimelineTrack& t : data->tracks())
        if (t.depthCount > 0 && data->string(data->depthSlices(t, 0)[0].nameId) == "launch") launchId = data->depthSlices(t, 0)[3].id;
    REQUIRE(launchId != 0);
    v.view.setSelectedSlice(launchId);
    CHECK(wanted.count() == 2);
    v.view.setFlows(store.flowsOf(*data));
    CHECK_FALSE(v.view.flowsPending());
    REQUIRE(v.view.flows().size() == kFlows);
    v.paint();
    CHECK_FALSE(v.view.flowsLoadingShown());
    CHECK(v.view.flowsHighlighted() == 1);
    CHECK(v.view.flowsDrawn() + v.view.flowsMerged() == kFlows - 1); // every other flow, drawn or merged
    CHECK(v.view.flowsDrawn() > 0);

    v.view.setFlowsVisible(false);
    v.view.setSelectedSlice(0);
    v.paint();
    CHECK_FALSE(v.view.flowsLoadingShown());
}

TEST_CASE("deferred flows: the document's loader reads them on a worker and hands them to the timeline",
          "[timeline_view][flows]") {
    FlowStore store;
    Error error;
    std::unique_ptr<TraceDocument> document(TraceDocument::openStore(store.path, nullptr, &error));
    REQUIRE(document);
    CHECK(document->timeline()->flows().empty()); // the session's timeline does not wait for them
    ShownView v(document->timeline());
    TimelineFlowLoader* loader = TimelineFlowLoader::forDocument(document.get());
    CHECK(TimelineFlowLoader::forDocument(document.get()) == loader); // one per document
    QObject::connect(loader, &TimelineFlowLoader::flowsLoaded, &v.view, &TimelineView::setFlows);
    QSignalSpy loaded(loader, &TimelineFlowLoader::flowsLoaded);
    loader->load();
    loader->load(); // asked twice while reading: read once
    REQUIRE(loaded.wait(60000));
    QTest::qWait(50); // a second delivery would come now
    REQUIRE(loaded.count() == 1);
    REQUIRE(loader->flows());
    CHECK(loader->flows()->flows.size() == kFlows);
    CHECK(loader->flows()->timeline == document->timeline().get());
    CHECK_FALSE(v.view.flowsPending());
    CHECK(v.view.flows().size() == kFlows);
    loader->load(); // read already: handed out again at once
    CHECK(loaded.count() == 2);
}
