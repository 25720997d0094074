// Per-device, per-step bookkeeping of device busy intervals: derives the Overlap Analysis slices,
// the step_trace_time.csv figures and the sampled counters (utilization, HBM, AI Core frequency)
// from the tasks actually generated, so that they agree with the trace.
#pragma once
#include "gen_chrome.h"
#include "gen_rng.h"

#include <algorithm>
#include <vector>

namespace opscope::gen {

struct Interval {
    Ns start;
    Ns end;
};

struct DevicePids {
    Pid hardware, hccl, overlap, freq, hbm, util;
};

struct StepTotals {
    int step = 0;
    Ns computingNs = 0, commNotOverlappedNs = 0, overlappedNs = 0, commNs = 0, freeNs = 0, stageNs = 0,
       preparingNs = 0;
};

inline std::vector<Interval> mergeIntervals(std::vector<Interval> v) {
    std::sort(v.begin(), v.end(), [](const Interval& a, const Interval& b) {
        return a.start != b.start ? a.start < b.start : a.end < b.end;
    });
    std::vector<Interval> out;
    for (const Interval& i : v) {
        if (!out.empty() && i.start <= out.back().end)
            out.back().end = std::max(out.back().end, i.end);
        else
            out.push_back(i);
    }
    return out;
}

// a minus b; both merged and sorted.
inline std::vector<Interval> subtractIntervals(const std::vector<Interval>& a, const std::vector<Interval>& b) {
    std::vector<Interval> out;
    std::size_t j = 0;
    for (Interval cur : a) {
        while (j < b.size() && b[j].end <= cur.start) ++j;
        std::size_t k = j;
        while (k < b.size() && b[k].start < cur.end && cur.start < cur.end) {
            if (b[k].start > cur.start) out.push_back({cur.start, b[k].start});
            cur.start = std::max(cur.start, b[k].end);
            ++k;
        }
        if (cur.start < cur.end) out.push_back(cur);
    }
    return out;
}

inline Ns totalNs(const std::vector<Interval>& v) {
    Ns t = 0;
    for (const Interval& i : v) t += i.end - i.start;
    return t;
}

// Fixed-period sampling of the compute busy fraction into utilization and HBM bandwidth counters.
class CounterSampler {
public:
    static constexpr Ns kPeriodNs = 500000;

    void start(Ns t) { windowStart_ = t; }
    void feed(Sink& s, const DevicePids& p, Rng& rng, Ns a, Ns b) {
        while (a < b) {
            const Ns windowEnd = windowStart_ + kPeriodNs;
            if (a >= windowEnd) {
                emitWindow(s, p, rng);
                continue;
            }
            const Ns e = std::min(b, windowEnd);
            busyNs_ += e - a;
            a = e;
            if (a >= windowEnd) emitWindow(s, p, rng);
        }
    }
    void advanceTo(Sink& s, const DevicePids& p, Rng& rng, Ns t) {
        while (windowStart_ + kPeriodNs <= t) emitWindow(s, p, rng);
    }

private:
    void emitWindow(Sink& s, const DevicePids& p, Rng& rng) {
        const std::int64_t utilMilli = busyNs_ * 100000 / kPeriodNs;
        // HBM peak 1.6 TB/s; a busy AI Core streams 35-65% of it.
        const std::int64_t readMilli = busyNs_ * 1600000000 / kPeriodNs * rng.range(35, 65) / 100;
        const std::int64_t writeMilli = readMilli * rng.range(40, 70) / 100;
        counter(s, p.util, "Average", windowStart_, "utilization(%)", utilMilli, false);
        counter(s, p.hbm, "HBM 0/Read", windowStart_, "Read(MB/s)", readMilli, false);
        counter(s, p.hbm, "HBM 0/Write", windowStart_, "Write(MB/s)", writeMilli, false);
        windowStart_ += kPeriodNs;
        busyNs_ = 0;
    }
    Ns windowStart_ = 0;
    Ns busyNs_ = 0;
};

class StepTimeline {
public:
    void addCompute(Ns start, Ns end) { compute_.push_back({start, end}); }
    void addComm(Ns start, Ns end) { comm_.push_back({start, end}); }
    bool empty() const { return compute_.empty() && comm_.empty(); }

    // Emits the Overlap Analysis slices and the counters of this step, returns its totals and
    // clears the step. hostStepStart is the ProfilerStep start (for "Preparing").
    StepTotals finish(Sink& s, const DevicePids& p, Rng& rng, CounterSampler& sampler, Ns hostStepStart) {
        StepTotals t;
        const auto c = mergeIntervals(std::move(compute_));
        const auto m = mergeIntervals(std::move(comm_));
        compute_.clear();
        comm_.clear();
        if (c.empty() && m.empty()) return t;
        const auto commOnly = subtractIntervals(m, c);
        std::vector<Interval> all(c);
        all.insert(all.end(), m.begin(), m.end());
        const auto busy = mergeIntervals(std::move(all));
        for (const Interval& i : c) overlapSlice(s, p.overlap, 0, "Computing", i.start, i.end - i.start);
        for (const Interval& i : m) overlapSlice(s, p.overlap, 1, "Communication", i.start, i.end - i.start);
        for (const Interval& i : commOnly)
            overlapSlice(s, p.overlap, 2, "Communication(Not Overlapped)", i.start, i.end - i.start);
        for (std::size_t k = 1; k < busy.size(); ++k)
            overlapSlice(s, p.overlap, 3, "Free", busy[k - 1].end, busy[k].start - busy[k - 1].end);
        for (const Interval& i : c) sampler.feed(s, p, rng, i.start, i.end);
        sampler.advanceTo(s, p, rng, busy.back().end);
        frequencyDip(s, p, rng, busy.front().start, busy.back().end);
        t.computingNs = totalNs(c);
        t.commNs = totalNs(m);
        t.commNotOverlappedNs = totalNs(commOnly);
        t.overlappedNs = t.commNs - t.commNotOverlappedNs;
        t.stageNs = busy.back().end - busy.front().start;
        t.freeNs = t.stageNs - totalNs(busy);
        t.preparingNs = std::max<Ns>(0, busy.front().start - hostStepStart);
        return t;
    }

private:
    // Now and then the AI Core clock drops (thermal/power capping) for a few ms.
    static void frequencyDip(Sink& s, const DevicePids& p, Rng& rng, Ns first, Ns last) {
        if (!rng.chance(250) || last - first < 4000000) return;
        const Ns at = first + (last - first) * rng.range(20, 60) / 100;
        const Ns back = std::min(last, at + rng.range(1000000, 5000000));
        counter(s, p.freq, "AI Core Freq", at, "MHz", rng.chance(500) ? 1650000 : 1300000, true);
        counter(s, p.freq, "AI Core Freq", back, "MHz", 1800000, true);
    }
    std::vector<Interval> compute_;
    std::vector<Interval> comm_;
};

} // namespace opscope::gen
