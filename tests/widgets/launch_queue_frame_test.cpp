// The first frame with the launch queue tracks the import stored is the frame with the tracks computed
// from the launch links (a store without them): the same pixels, whole trace and zoomed in.
#include "core/session/trace_session.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "tests/launch_fixtures.h"
#include "tests/widgets/flow_trace_fixture.h"
#include "tests/widgets/timeline_frame.h"

#include <QFile>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::timelineFrame;

namespace {

std::shared_ptr<const TimelineData> sessionTimeline(const std::string& store) {
    Error error;
    auto session = TraceSession::openStore(store, &error);
    REQUIRE(session);
    auto timeline = session->timeline(&error);
    REQUIRE(timeline);
    return timeline;
}

} // namespace

TEST_CASE("the frame with stored launch queue tracks is the frame with computed ones", "[queue_store]") {
    QTemporaryDir dir;
    const std::string store = opscope::testing::importFlowTrace(dir, opscope::test::queueTrace());
    const std::string computedStore = dir.filePath(QStringLiteral("computed.opscope.sqlite")).toStdString();
    REQUIRE(QFile::copy(QString::fromStdString(store), QString::fromStdString(computedStore)));
    {
        // As a store without them: the session computes the tracks from the links.
        Database db(computedStore, Database::Mode::ReadWrite);
        db.exec("DROP TABLE launch_queue_points; DROP TABLE launch_queue_track; "
                "DELETE FROM meta WHERE key = 'launch_queue_tracks'");
    }

    const auto stored = sessionTimeline(store), computed = sessionTimeline(computedStore);
    int queues = 0;
    for (const TimelineTrack& t : stored->tracks()) queues += t.id < 0 && t.counterEnd > t.counterBegin ? 1 : 0;
    REQUIRE(queues == 2);
    const TimeRange whole = stored->traceRange();
    const TimeNs dur = whole.durationNs();
    for (const TimeRange window : {whole, TimeRange{whole.startNs + dur / 3, whole.startNs + dur / 3 + dur / 20}}) {
        INFO("window " << window.startNs << " " << window.endNs);
        CHECK(timelineFrame(stored, window, false) == timelineFrame(computed, window, false));
    }
}
