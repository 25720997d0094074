#include "app/render/builtin_views.h"
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/view_registry.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>

#include <catch2/catch.hpp>

#include <memory>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

namespace {

int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    return colours.size();
}

} // namespace

TEST_CASE("screenshot of a small store through the view registry is not blank", "[screenshot]") {
    FixtureStore store("screenshot");
    SmallTimeline fx(store);
    Error error;
    std::unique_ptr<TraceDocument> document(TraceDocument::openStore(store.path(), nullptr, &error));
    REQUIRE(document);
    gui::registerBuiltinViews();
    const ViewFactory* factory = ViewRegistry::instance().find(QStringLiteral("timeline"));
    REQUIRE(factory);
    ZoomControl zoom;
    std::unique_ptr<QWidget> widget(factory->create({document.get(), &zoom}, nullptr));
    QImage image = renderWidgetImage(widget.get(), QSize(1200, 400));
    REQUIRE(image.size() == QSize(1200, 400));
    CHECK(distinctColours(image) > 20);
    auto* view = qobject_cast<TimelineView*>(widget.get());
    REQUIRE(view);
    // 4 non-empty tracks: MainThread, DataLoader, Stream 7, Memory (the empty async lane is hidden).
    CHECK(view->visibleTrackCount() == 4);
    CHECK(view->layout().rows().size() == 6); // 2 process headers + 4 tracks
    // The slice area left of the first slice is background, the ProfilerStep row is coloured.
    const QImage keep = image;
    keep.save(QDir::temp().filePath(QStringLiteral("opscope-timeline-fixture.png")));

    // A selected slice and a search both change what is drawn (outline, flows highlighted, others dimmed).
    auto search = std::make_shared<SliceSearchResult>(searchSlices(*document->timeline(), {"aten", false, false}));
    REQUIRE(search->matches.size() == 4);
    view->setSelectedSlice(fx.matmul);
    view->setSearchResult(search, 0);
    const QImage highlighted = renderWidgetImage(widget.get(), QSize(1200, 400));
    CHECK(highlighted != image);
    highlighted.save(QDir::temp().filePath(QStringLiteral("opscope-timeline-search.png")));
    view->setSearchResult(nullptr);
    view->setSelectedSlice(0);

    const QString svg = QDir::temp().filePath(QStringLiteral("opscope-timeline-fixture.svg"));
    QString message;
    REQUIRE(saveWidgetImage(widget.get(), svg, QSize(1200, 400), &message));
    QFile file(svg);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    CHECK(bytes.contains("<svg"));
    CHECK(bytes.contains("ProfilerStep#1"));
}
