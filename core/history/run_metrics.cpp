#include "core/history/run_metrics.h"

#include <algorithm>

namespace opscope::history {

namespace {

double asValue(TimeNs ns) { return static_cast<double>(ns); }

} // namespace

std::vector<RunMetric> metricsFromAggregates(const BaselineAggregates& a) {
    std::vector<RunMetric> out;
    out.push_back({"trace.duration_ns", "", asValue(a.traceDurationNs), "ns"});
    out.push_back({"busy_ns", "", asValue(a.busyNs), "ns"});
    out.push_back({"bubble.total_ns", "", asValue(a.bubbleTotalNs), "ns"});
    out.push_back({"bubble.count", "", static_cast<double>(a.bubbleCount), "count"});
    out.push_back({"bubble.largest_ns", "", asValue(a.largestBubbleNs), "ns"});
    out.push_back({"imbalance", "", a.imbalance, "ratio"});
    out.push_back({"op.executions", "", static_cast<double>(a.executions), "count"});
    for (const DeviceAggregate& d : a.devices) {
        out.push_back({"device.busy_ns", d.label, asValue(d.busyNs), "ns"});
        out.push_back({"device.span_ns", d.label, asValue(d.spanNs), "ns"});
        out.push_back({"device.bubble_ns", d.label, asValue(d.bubbleTotalNs), "ns"});
    }
    // Operators arrive sorted by total time; the top ones are what a trend is asked about.
    const std::size_t ops = std::min(a.operators.size(), kTopOperators);
    for (std::size_t i = 0; i < ops; ++i) {
        const OperatorAggregate& o = a.operators[i];
        out.push_back({"op.count", o.name, static_cast<double>(o.count), "count"});
        out.push_back({"op.total_ns", o.name, asValue(o.totalNs), "ns"});
        out.push_back({"op.mean_ns", o.name, o.meanNs, "ns"});
        if (o.p90Ns > 0) out.push_back({"op.p90_ns", o.name, asValue(o.p90Ns), "ns"});
    }
    for (const FindingAggregate& f : a.findings) out.push_back({"finding.measured", f.ruleId, f.measured, f.unit});
    return out;
}

std::vector<RunMetric> metricsFromBreakdown(const BreakdownReport& breakdown) {
    std::vector<RunMetric> out;
    for (const DeviceBreakdown& d : breakdown.devices) {
        out.push_back({"breakdown.compute_ns", d.name, asValue(d.computeNs), "ns"});
        out.push_back({"breakdown.communication_ns", d.name, asValue(d.communicationNs), "ns"});
        out.push_back({"breakdown.communication_not_overlapped_ns", d.name, asValue(d.communicationNotOverlappedNs), "ns"});
        out.push_back({"breakdown.memory_ns", d.name, asValue(d.memoryNs), "ns"});
        out.push_back({"breakdown.wait_ns", d.name, asValue(d.waitNs), "ns"});
        out.push_back({"breakdown.idle_ns", d.name, asValue(d.idleNs), "ns"});
        out.push_back({"breakdown.busy_ns", d.name, asValue(d.busyNs), "ns"});
        out.push_back({"breakdown.comm_compute_overlap_pct", d.name, d.commComputeOverlapPct, "%"});
        for (const StepBreakdown& s : d.steps) {
            const std::string scope = d.name + " step " + std::to_string(s.step);
            out.push_back({"step.stage_ns", scope, asValue(s.stageNs), "ns"});
            out.push_back({"step.compute_ns", scope, asValue(s.computeNs), "ns"});
            out.push_back({"step.communication_not_overlapped_ns", scope, asValue(s.communicationNotOverlappedNs), "ns"});
            out.push_back({"step.free_ns", scope, asValue(s.freeNs), "ns"});
        }
    }
    return out;
}

std::vector<RunMetric> metricsFromMemory(const std::vector<DeviceMemorySummary>& memory) {
    std::vector<RunMetric> out;
    for (const DeviceMemorySummary& m : memory) {
        const std::string scope = m.device.name.empty() ? std::string("host") : m.device.name;
        if (m.peaks.device.peakAllocatedBytes != kNoBytes)
            out.push_back({"memory.peak_allocated_bytes", scope, static_cast<double>(m.peaks.device.peakAllocatedBytes), "bytes"});
        if (m.peaks.device.peakReservedBytes != kNoBytes)
            out.push_back({"memory.peak_reserved_bytes", scope, static_cast<double>(m.peaks.device.peakReservedBytes), "bytes"});
    }
    return out;
}

Direction defaultDirection(const std::string& metricName) {
    // A count or a finding's measure may move either way for the worse; a time only up.
    if (metricName == "op.count" || metricName == "op.executions" || metricName == "finding.measured")
        return Direction::Both;
    // Less communication hidden under compute is the worse way.
    if (metricName == "breakdown.comm_compute_overlap_pct") return Direction::Down;
    return Direction::Up;
}

double defaultMinAbsolute(const std::string& unit) {
    if (unit == "ns") return 1000.0; // 1 µs, as compare's noise floor
    if (unit == "count") return 0.5; // one execution more or less is a change of a count
    if (unit == "bytes") return 1024.0 * 1024.0; // allocator granularity: a MiB
    if (unit == "%") return 1.0;     // one percentage point
    return 0.0;
}

} // namespace opscope::history
