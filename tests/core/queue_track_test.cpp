// The launch queue per stream as a derived counter track of the session's timeline: the change points
// `opscope-cli queue --series` lists, under the stream's process, never a store track.
#include "../launch_fixtures.h"
#include "core/analysis/launch/queue_track.h"
#include "core/session/trace_session.h"
#include "core/store/timeline_data.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("queue track: the session's timeline draws the launch queue of each stream", "[launch][queue]") {
    TempDir dir;
    Error error;
    auto session = TraceSession::open({dir.write("idle.json", kIdleTrace)}, OpenOptions{}, ImportProgress{}, nullptr, &error);
    REQUIRE(session);
    std::shared_ptr<const TimelineData> timeline = session->timeline(&error);
    REQUIRE(timeline);
    const TimelineTrack* queue = nullptr;
    const TimelineTrack* stream = nullptr;
    for (const TimelineTrack& t : timeline->tracks()) {
        if (t.name == "Launch queue") queue = &t;
        if (t.isCompute) stream = &t;
    }
    REQUIRE(queue);
    REQUIRE(stream);
    CHECK(queue->id < 0);
    CHECK(queue->kind == TrackKind::Counter);
    CHECK(queue->processIndex == stream->processIndex);
    CHECK(queue->threadId == stream->threadId);
    // +1 at each call start, -1 at each kernel start (k5 is unlinked): HTA's series.
    const std::vector<std::pair<TimeNs, double>> want{{0, 1}, {10'000, 0}, {15'000, 1}, {30'000, 2},
                                                      {49'999, 1}, {89'999, 0}, {120'000, 1}, {130'000, 0}};
    std::vector<std::pair<TimeNs, double>> got;
    for (std::uint32_t i = queue->counterBegin; i < queue->counterEnd; ++i)
        got.emplace_back(timeline->counterTs()[i], timeline->counterValues()[i]);
    CHECK(got == want);
    CHECK(queue->counterMax == 2);
}

TEST_CASE("queue track: change points at one time keep the last length", "[launch][queue]") {
    QueueReport report;
    StreamQueue q;
    q.threadId = 4;
    q.points = {{100, 1}, {100, 2}, {200, 1}};
    report.streams.push_back(q);
    report.streams.push_back(StreamQueue{}); // no points: no track
    const std::vector<DerivedCounterTrack> tracks = queueCounterTracks(report);
    REQUIRE(tracks.size() == 1);
    CHECK(tracks[0].trackId == -1);
    CHECK(tracks[0].threadId == 4);
    CHECK(tracks[0].points == std::vector<std::pair<TimeNs, double>>{{100, 2}, {200, 1}});
}
