// The first frame from a stored layout (timeline_pack) is the frame from a scan of the slice table:
// the same draw list and the same pixels, on an imported trace with flows, nesting and summaries.
#include "core/session/open_trace.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_load.h"
#include "tests/widgets/draw_list_of_all_tracks.h"
#include "tests/widgets/timeline_frame.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_draw_list.h"
#include "widgets/timeline/timeline_view.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <random>
#include <string>

using namespace opscope;
using opscope::testing::drawListOfAllTracks;
using opscope::testing::loadTimeline;
using opscope::testing::timelineFrame;

namespace {

// Two threads of nested host ops, each launching a device task through a flow: long runs, so that
// zoomed out the frame folds the level-of-detail summaries.
std::string busyTrace() {
    std::mt19937_64 rng(5);
    std::string json = "[";
    double ts = 0;
    for (int i = 0; i < 3000; ++i) {
        const double dur = 1.0 + static_cast<double>(rng() % 400) / 10.0;
        const std::string t = std::to_string(ts), d = std::to_string(dur), id = std::to_string(i);
        const std::string tid = std::to_string(1 + i % 2), name = "op" + std::to_string(i % 11);
        json += R"({"ph":"X","name":")" + name + R"(","cat":"cpu_op","pid":1,"tid":)" + tid + R"(,"ts":)" + t +
                R"(,"dur":)" + d + "},";
        json += R"({"ph":"X","name":"inner","cat":"cpu_op","pid":1,"tid":)" + tid + R"(,"ts":)" + std::to_string(ts + dur / 4) +
                R"(,"dur":)" + std::to_string(dur / 2) + "},";
        if (i % 3 == 0) {
            json += R"({"ph":"s","name":"f","cat":"c","id":)" + id + R"(,"pid":1,"tid":)" + tid + R"(,"ts":)" + t + "},";
            json += R"({"ph":"X","name":"kernel","cat":"kernel","pid":2,"tid":7,"ts":)" + std::to_string(ts + 5) +
                    R"(,"dur":3},)";
            json += R"({"ph":"f","bp":"e","name":"f","cat":"c","id":)" + id + R"(,"pid":2,"tid":7,"ts":)" +
                    std::to_string(ts + 5) + "},";
        }
        ts += dur + static_cast<double>(rng() % (i % 50 == 0 ? 5000 : 20));
    }
    json.back() = ']';
    return json;
}

} // namespace

TEST_CASE("the first frame from the stored layout is the frame from the scanned one", "[timeline_pack]") {
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("busy.json"));
    QFile file(trace);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(busyTrace()));
    file.close();
    OpenOptions options;
    options.storePath = dir.filePath(QStringLiteral("busy.opscope.sqlite")).toStdString();
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace.toStdString()}, options, {}, &result, &error));

    const auto stored = loadTimeline(result.storePath, true), scanned = loadTimeline(result.storePath, false);
    REQUIRE(stored->sliceLayoutStored()); // the import wrote the pack
    REQUIRE_FALSE(scanned->sliceLayoutStored());
    REQUIRE(stored->flows().size() == 1000);
    bool summariesUsed = false;
    for (const TimelineTrack& t : stored->tracks())
        for (const DepthRun& r : t.depths) summariesUsed = summariesUsed || r.lodCount > 0;
    REQUIRE(summariesUsed);

    const TimeRange trace0 = stored->traceRange();
    const TimeNs dur = trace0.durationNs();
    for (const TimeRange window : {trace0, TimeRange{trace0.startNs + dur / 3, trace0.startNs + dur / 3 + dur / 50},
                                   TimeRange{trace0.startNs + dur / 2, trace0.startNs + dur / 2 + 20'000}}) {
        INFO("window " << window.startNs << " " << window.endNs);
        const DrawList a = drawListOfAllTracks(*stored, window), b = drawListOfAllTracks(*scanned, window);
        REQUIRE(a.slices.size() == b.slices.size());
        CHECK_FALSE(a.slices.empty());
        for (std::size_t i = 0; i < a.slices.size(); ++i) {
            CHECK(a.slices[i].sliceId == b.slices[i].sliceId);
            CHECK(a.slices[i].merged == b.slices[i].merged);
            CHECK(a.slices[i].x == b.slices[i].x);
            CHECK(a.slices[i].w == b.slices[i].w);
            CHECK(a.slices[i].y == b.slices[i].y);
            CHECK(a.slices[i].fill == b.slices[i].fill);
        }
        REQUIRE(a.labels.size() == b.labels.size());
        CHECK(a.slicesFolded == b.slicesFolded);
        const QImage pa = timelineFrame(stored, window, true), pb = timelineFrame(scanned, window, true);
        CHECK(pa == pb);
    }
}
