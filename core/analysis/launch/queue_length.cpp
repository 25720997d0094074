#include "core/analysis/launch/queue_length.h"

#include "core/analysis/launch/checked_sum.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

// pandas' default quantile: linear interpolation between the closest ranks.
double quantile(const std::vector<std::int64_t>& sorted, double q) {
    if (sorted.empty()) return 0;
    const double pos = q * static_cast<double>(sorted.size() - 1);
    const auto lower = static_cast<std::size_t>(std::floor(pos));
    const std::size_t upper = std::min(lower + 1, sorted.size() - 1);
    const double frac = pos - static_cast<double>(lower);
    return static_cast<double>(sorted[lower]) + (static_cast<double>(sorted[upper]) - static_cast<double>(sorted[lower])) * frac;
}

void describe(StreamQueue* q) {
    std::vector<std::int64_t> lengths;
    lengths.reserve(q->points.size());
    for (const QueuePoint& p : q->points) lengths.push_back(p.length);
    q->count = static_cast<std::int64_t>(lengths.size());
    if (lengths.empty()) return;
    double sum = 0;
    for (std::int64_t v : lengths) sum += static_cast<double>(v);
    q->mean = sum / static_cast<double>(lengths.size());
    if (lengths.size() > 1) {
        double squares = 0;
        for (std::int64_t v : lengths) squares += (static_cast<double>(v) - q->mean) * (static_cast<double>(v) - q->mean);
        q->std = std::sqrt(squares / static_cast<double>(lengths.size() - 1));
    } else {
        q->std = std::nan(""); // pandas: NaN for a single value
    }
    std::sort(lengths.begin(), lengths.end());
    q->min = lengths.front();
    q->max = lengths.back();
    q->p25 = quantile(lengths, 0.25);
    q->p50 = quantile(lengths, 0.50);
    q->p75 = quantile(lengths, 0.75);
}

} // namespace

QueueReport computeQueueLength(const LaunchData& data, const QueueOptions& options) {
    QueueReport report;
    report.traceDurationNs = data.traceRange.durationNs();
    struct Change {
        TimeNs tsNs;
        int delta;
    };
    std::vector<Change> changes;
    for (std::size_t s = 0; s < data.streams.size(); ++s) {
        changes.clear();
        std::int64_t earlyStarts = 0;
        for (std::uint32_t i = data.streamBegin[s]; i < data.streamBegin[s + 1]; ++i) {
            const DeviceLaunchEvent& e = data.events[i];
            if (!e.linked()) continue;
            changes.push_back({e.callTsNs, +1});
            changes.push_back({queueLeaveNs(e), -1});
            earlyStarts += startsBeforeCall(e) ? 1 : 0;
        }
        if (changes.empty()) continue;
        // At one timestamp a launch counts before a kernel start: the queue never dips below zero for it.
        std::stable_sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
            return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.delta > b.delta;
        });
        StreamQueue q;
        q.device = data.streams[s].device;
        q.stream = data.streams[s].stream;
        q.threadId = data.streams[s].threadId;
        q.earlyStarts = earlyStarts;
        q.points.reserve(changes.size());
        std::int64_t length = 0;
        for (const Change& c : changes) {
            length += c.delta;
            q.points.push_back({c.tsNs, length});
        }
        bool fits = true;
        for (std::size_t i = 0; i + 1 < q.points.size(); ++i)
            if (q.points[i].length >= options.limit) fits &= addChecked(q.timeAtLimitNs, q.points[i + 1].tsNs - q.points[i].tsNs);
        if (!fits) report.overflowed = true;
        describe(&q);
        report.streams.push_back(std::move(q));
    }
    return report;
}

} // namespace opscope
