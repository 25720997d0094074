// Bubble distribution: intervals in which a device compute track (or, in the union view, every compute
// track of a device) runs nothing inside its first-to-last activity; busy/idle shares, a log-binned
// histogram, bubbles over time, and the largest bubbles with neighbours, host work and a likely cause.
#pragma once
#include "core/analysis/bubbles/host_work.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/analysis/snapshot/track_selection.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// ProfilerStart / ProfilerStop: the gap between the profiler's start marker task (PROFILING_ENABLE) and
// the first work, or between the last work and its stop marker (PROFILING_DISABLE): the profiling window,
// not the workload (docs/device-time.md). Appended last so that per-cause columns keep their order.
enum class BubbleCause : std::uint8_t {
    HostBoundLaunch, SyncWait, CommunicationWait, DataTransfer, Unknown, ProfilerStart, ProfilerStop
};
inline constexpr std::size_t kBubbleCauseCount = 7;
// True for the causes that say a gap belongs to the profiling window rather than to the workload.
bool isProfilerWindowCause(BubbleCause cause);
// True when a marker task's name opens (PROFILING_ENABLE) or closes (PROFILING_DISABLE) the profiling window.
bool isProfilerStartMarker(std::string_view name);
bool isProfilerStopMarker(std::string_view name);
const char* bubbleCauseId(BubbleCause cause);   // "host_bound_launch", "sync_wait", ...
const char* bubbleCauseText(BubbleCause cause); // "host-bound launch gap", "synchronisation wait", ...

// What a gap waits for, read from the wait tasks inside it (docs/device-time.md): an event, a notify,
// another stream, or a collective running meanwhile on the device; Nothing without a wait task.
enum class WaitFor : std::uint8_t { Nothing, Event, Notify, Stream, Collective };
// "", "event", "notify", "stream", "collective": the words of the CLI, its CSV and the reports.
const char* waitForText(WaitFor waitFor);

struct BubbleOptions {
    TrackSelection tracks;            // default: the device tracks that hold work (device_busy.h)
    TimeNs minBubbleNs = 0;           // gaps shorter than this are idle time but not bubbles
    std::optional<TimeRange> range;   // none: everything
    int largestCount = 20;            // rows of the largest-bubble table
    bool largestFromDevices = true;   // the table lists union (device) bubbles; false: per-track bubbles
    int hostWorkPerBubble = 5;        // host slices listed per table row
    int binsPerDecade = 3;            // histogram: 1 us .. 10 s in log bins, plus < 1 us and >= 10 s
    double causeCoverage = 0.5;       // share of a bubble a kind of host work must cover to be its cause
    HostWorkPatterns patterns;
};

struct Bubble {
    TimeNs startNs = 0;
    TimeNs durNs = 0;
    std::int64_t trackId = 0;   // logical track; 0 for a device (union) bubble
    std::int64_t deviceKey = 0; // TrackRecord::deviceKey()
    std::int64_t waitSliceId = 0; // the wait task (or the collective) covering most of the gap
    TimeNs waitNs = 0;            // the part of the gap covered by wait tasks (their union)
    // That task's name, as an index into its report's waitNames (BubbleReport::waitName reads it): a
    // trace has a few such names and can have tens of millions of gaps, each of which held two strings.
    std::uint32_t waitNameIndex = 0;
    BubbleCause cause = BubbleCause::Unknown;
    WaitFor waitFor = WaitFor::Nothing;
    TimeNs endNs() const { return startNs + durNs; }
};

struct BubbleSummary {
    std::int64_t trackId = 0; // 0: the device union
    std::int64_t deviceKey = 0;
    std::string label;
    TimeNs spanStartNs = 0, spanEndNs = 0; // first to last device slice, waits included (the breakdown's span), clipped to the range
    TimeNs busyNs = 0;                     // device busy: union of compute, communication and memory slices
    TimeNs computeNs = 0;                  // union of the compute slices alone
    TimeNs idleNs = 0;                     // span - busy (gaps of any size, waits included)
    TimeNs waitNs = 0;                     // the part of the idle time covered by wait tasks
    double busyShare = 0, idleShare = 0;   // of the span
    double computeShare = 0;               // computeNs / span
    std::int64_t bubbleCount = 0;          // gaps >= minBubbleNs
    TimeNs bubbleTotalNs = 0;
    TimeNs largestBubbleNs = 0;
    std::array<TimeNs, kBubbleCauseCount> causeNs{};
    std::array<std::int64_t, kBubbleCauseCount> causeCount{};
};

struct HistogramBin {
    TimeNs lowNs = 0;
    TimeNs highNs = -1; // -1: no upper bound
    std::int64_t count = 0;
    TimeNs totalNs = 0;
};

struct HostWorkOverlap {
    std::int64_t sliceId = 0;
    std::int64_t trackId = 0;
    std::string name;
    std::string trackLabel;
    HostWorkClass workClass = HostWorkClass::Other;
    TimeNs overlapNs = 0;
};

struct BubbleDetail {
    Bubble bubble;
    std::string waitName; // the bubble's wait task or collective, "" without one
    std::string opBefore, opAfter; // the compute operators that end at / start at the bubble's edges
    std::int64_t sliceBefore = 0, sliceAfter = 0;
    std::array<TimeNs, kHostWorkClassCount> classCoveredNs{}; // union of host work per class inside the bubble
    TimeNs hostBusyNs = 0;                                    // launch + host compute, as a union
    std::vector<HostWorkOverlap> hostWork;                    // classified work first, by overlap
};

struct BubbleReport {
    std::vector<std::int64_t> computeTracks;
    bool fellBackToAll = false;
    bool hasHostTracks = false; // without host tracks every cause is unknown
    std::optional<TimeRange> range;
    TimeNs minBubbleNs = 0;
    std::vector<BubbleSummary> tracks;  // per compute track
    std::vector<BubbleSummary> devices; // union view per device
    std::vector<HistogramBin> trackHistogram, deviceHistogram;
    std::vector<Bubble> trackBubbles;   // grouped by track (in the order of tracks), by start within
    std::vector<Bubble> deviceBubbles;  // grouped by device (in the order of devices), by start within
    std::vector<BubbleDetail> largest;  // by duration, descending
    // The names Bubble::waitNameIndex points at; [0] is "" (no wait task).
    std::vector<std::string> waitNames{std::string()};

    // The bubble's wait task or collective, "" without one (or for an index this report does not hold).
    const std::string& waitName(const Bubble& b) const;
};

// Edges of the histogram: [0, 1 us), then binsPerDecade log bins per decade up to 10 s, then [10 s, inf).
std::vector<HistogramBin> makeBubbleBins(int binsPerDecade);

bool computeBubbles(Database& db, const BubbleOptions& options, BubbleReport* out, Error* error);
// The snapshot should hold every slice track: the compute ones and the host ones that explain gaps.
BubbleReport computeBubbles(const StoreSnapshot& snapshot, const BubbleOptions& options);
// With host work already indexed (built for the same compute tracks and patterns).
BubbleReport computeBubbles(const StoreSnapshot& snapshot, const BubbleOptions& options, const HostActivity& host);

} // namespace opscope
