#include "core/analysis/launch/critical_path.h"

#include <algorithm>
#include <map>

namespace opscope {

const char* pathBoundName(PathBound bound) {
    switch (bound) {
    case PathBound::Host: return "host";
    case PathBound::Launch: return "launch";
    case PathBound::Device: return "device";
    case PathBound::Sync: return "sync";
    }
    return "host";
}

namespace {

bool isSyncName(std::string_view name) {
    return name.find("Synchronize") != std::string_view::npos || name == "Event Sync" || name == "Stream Sync" ||
           name == "Context Sync";
}

bool isRuntimeName(std::string_view name) {
    return name.rfind("cuda", 0) == 0 || name.rfind("cu", 0) == 0 || name.rfind("hip", 0) == 0 ||
           name.rfind("aclrt", 0) == 0 || name.rfind("AscendCL@", 0) == 0;
}

class Tracer {
public:
    Tracer(const LaunchData& launches, const HostCallData& host, TimeRange window, std::vector<std::size_t> events)
        : launches_(launches), host_(host), window_(window), events_(std::move(events)) {
        inStep_.assign(launches_.events.size(), 0);
        for (std::size_t i : events_) inStep_[i] = 1;
    }

    CriticalPath trace(std::int64_t step) {
        CriticalPath path;
        path.step = step;
        path.startNs = window_.startNs;
        std::size_t last = npos;
        for (std::size_t i : events_)
            if (last == npos || launches_.events[i].endNs() > launches_.events[last].endNs()) last = i;
        path_ = &path;
        std::int64_t mainThread = 0;
        if (const HostSliceRecord* s = stepSlice_) mainThread = s->threadId;
        if (last != npos && launches_.events[last].endNs() > window_.endNs) {
            path.endNs = launches_.events[last].endNs();
            device(last);
        } else {
            path.endNs = window_.endNs;
            hostBefore(mainThread, window_.endNs);
        }
        std::reverse(path.segments.begin(), path.segments.end());
        for (const PathSegment& s : path.segments) path.boundNs[static_cast<std::size_t>(s.kind)] += s.endNs - s.startNs;
        path.bound = static_cast<PathBound>(std::max_element(path.boundNs.begin(), path.boundNs.end()) - path.boundNs.begin());
        return path;
    }

    const HostSliceRecord* stepSlice_ = nullptr;

private:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    void add(PathBound kind, TimeNs start, TimeNs end, std::int64_t slice) {
        if (end > start) path_->segments.push_back({kind, start, end, slice});
    }

    // Backwards from device event i; a loop, each step moving strictly earlier.
    void device(std::size_t i) {
        for (std::size_t guard = 0; guard < launches_.events.size() + 1; ++guard) {
            const DeviceLaunchEvent& e = launches_.events[i];
            add(PathBound::Device, e.tsNs, e.endNs(), e.sliceId);
            // LaunchData groups events per stream in start order: the one before is the previous on the stream.
            const bool hasPrev = i > launches_.streamBegin[e.stream];
            const std::size_t prev = hasPrev ? i - 1 : npos;
            const TimeNs prevEnd = hasPrev ? launches_.events[prev].endNs() : window_.startNs;
            if (e.linked() && e.callEndNs() > prevEnd) { // waited for its launch
                add(PathBound::Launch, e.callEndNs(), e.tsNs, 0);
                toCall(e);
                return;
            }
            if (!hasPrev) {
                add(PathBound::Host, window_.startNs, e.tsNs, 0);
                return;
            }
            if (!inStep_[prev]) { // queued behind an earlier step's work: device time, then its launch
                if (e.linked()) {
                    add(PathBound::Device, std::max(e.callEndNs(), window_.startNs), e.tsNs, 0);
                    toCall(e);
                } else {
                    add(PathBound::Device, window_.startNs, e.tsNs, 0);
                }
                return;
            }
            add(PathBound::Device, prevEnd, e.tsNs, 0); // queued behind the previous event
            i = prev;
        }
    }

    void toCall(const DeviceLaunchEvent& e) {
        add(PathBound::Launch, std::max(e.callTsNs, window_.startNs), e.callEndNs(), e.callSliceId);
        const HostSliceRecord* call = host_.find(e.callSliceId);
        hostBefore(call ? call->threadId : 0, std::max(e.callTsNs, window_.startNs));
    }

    // Backwards on a host thread from t to the step's start: launch calls, sync waits, host work.
    void hostBefore(std::int64_t thread, TimeNs t) {
        std::vector<const HostSliceRecord*> calls;
        for (const HostSliceRecord& s : host_.slices)
            if (s.threadId == thread && s.tsNs >= window_.startNs && s.tsNs + s.durNs <= t && isRuntimeName(host_.text(s.nameId)))
                calls.push_back(&s);
        std::sort(calls.begin(), calls.end(), [](const HostSliceRecord* a, const HostSliceRecord* b) { return a->tsNs > b->tsNs; });
        TimeNs cursor = t;
        for (const HostSliceRecord* c : calls) {
            const TimeNs end = c->tsNs + c->durNs;
            if (end > cursor) continue; // nested inside a later call
            add(PathBound::Host, end, cursor, 0);
            if (isSyncName(host_.text(c->nameId))) {
                const std::size_t waited = lastEndingBy(end);
                if (waited != npos && launches_.events[waited].endNs() > c->tsNs) {
                    add(PathBound::Sync, launches_.events[waited].endNs(), end, c->id);
                    device(waited);
                    return;
                }
            }
            add(PathBound::Launch, c->tsNs, end, c->id);
            cursor = c->tsNs;
        }
        add(PathBound::Host, window_.startNs, cursor, 0);
    }

    std::size_t lastEndingBy(TimeNs t) const {
        std::size_t best = npos;
        for (std::size_t i : events_) {
            const TimeNs end = launches_.events[i].endNs();
            if (end <= t && (best == npos || end > launches_.events[best].endNs())) best = i;
        }
        return best;
    }

    const LaunchData& launches_;
    const HostCallData& host_;
    TimeRange window_;
    std::vector<std::size_t> events_;
    std::vector<char> inStep_; // per LaunchData event: launched by this step
    CriticalPath* path_ = nullptr;
};

} // namespace

std::vector<CriticalPath> computeCriticalPaths(const LaunchData& launches, const HostCallData& host,
                                               const std::vector<std::int64_t>& steps) {
    const AttributionReport attribution = attributeLaunches(launches, host);
    std::vector<CriticalPath> out;
    for (const HostSliceRecord& s : host.slices) {
        const std::int64_t n = profilerStepNumber(host.text(s.nameId));
        if (n < 0 || (!steps.empty() && std::find(steps.begin(), steps.end(), n) == steps.end())) continue;
        std::vector<std::size_t> events;
        for (std::size_t i = 0; i < launches.events.size(); ++i)
            if (attribution.events[i].step == n && attribution.events[i].stepSliceId == s.id) events.push_back(i);
        // Events attributed to the step by time (other threads) carry this step slice too.
        Tracer tracer(launches, host, TimeRange{s.tsNs, s.tsNs + s.durNs}, std::move(events));
        tracer.stepSlice_ = &s;
        out.push_back(tracer.trace(n));
    }
    std::sort(out.begin(), out.end(), [](const CriticalPath& a, const CriticalPath& b) { return a.startNs < b.startNs; });
    return out;
}

} // namespace opscope
