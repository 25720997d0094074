#include "core/analysis/launch/queue_track.h"

namespace opscope {

std::vector<DerivedCounterTrack> queueCounterTracks(const QueueReport& report) {
    std::vector<DerivedCounterTrack> out;
    out.reserve(report.streams.size());
    for (const StreamQueue& q : report.streams) {
        if (q.points.empty()) continue;
        DerivedCounterTrack t;
        t.trackId = -static_cast<std::int64_t>(out.size()) - 1;
        t.threadId = q.threadId;
        t.name = "Launch queue";
        t.points.reserve(q.points.size());
        for (const QueuePoint& p : q.points) {
            if (!t.points.empty() && t.points.back().first == p.tsNs) t.points.back().second = static_cast<double>(p.length);
            else t.points.emplace_back(p.tsNs, static_cast<double>(p.length));
        }
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<DerivedCounterTrack> launchQueueTracks(const LaunchData& launches) {
    return queueCounterTracks(computeQueueLength(launches, QueueOptions{}));
}

} // namespace opscope
