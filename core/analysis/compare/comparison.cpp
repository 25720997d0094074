#include "core/analysis/compare/comparison.h"

#include "core/analysis/launch/step_selection.h"
#include "core/store/host_call_reader.h"

#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/breakdown/per_device_stats.h"
#include "core/store/meta_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>

namespace opscope {

namespace {

// Floating-point slack so that a growth of exactly the threshold does not count as beyond it.
constexpr double kEpsilon = 1e-9;

double ratioOf(double current, double base) {
    return base != 0 ? current / base : std::numeric_limits<double>::quiet_NaN();
}

void fillOperators(const OperatorStats& stats, BaselineAggregates* out) {
    out->executions = stats.sliceCount;
    for (const OperatorStatsRow& r : stats.rows) out->operators.push_back({r.key, r.count, r.totalNs, r.avgNs, r.p90Ns});
}

} // namespace

void fillBubbleAggregates(const BubbleReport& bubbles, BaselineAggregates* out) {
    const DeviceBalance balance = deviceBalance(bubbles);
    out->busyNs = balance.totalBusyNs;
    out->computeNs = balance.totalComputeNs;
    out->imbalance = balance.imbalance;
    for (const DeviceStats& d : balance.devices) {
        out->devices.push_back({d.label, d.busyNs, d.spanNs(), d.bubbleTotalNs, d.computeNs});
        out->bubbleCount += d.bubbleCount;
        out->bubbleTotalNs += d.bubbleTotalNs;
        out->largestBubbleNs = std::max(out->largestBubbleNs, d.largestBubbleNs);
    }
}

void addFindings(const DiagnosisReport& report, BaselineAggregates* out) {
    out->hasFindings = true;
    for (const Finding& f : report.findings) {
        if (f.status != FindingStatus::Fired) continue;
        out->findings.push_back({f.ruleId, f.title.en, severityName(f.severity), f.measured, f.unit, f.timeAtStakeNs});
    }
}

bool computeBaseline(Database& db, const BaselineOptions& options, BaselineAggregates* out, Error* error) {
    *out = BaselineAggregates{};
    out->minBubbleNs = options.minBubbleNs;
    const bool spanRead = guardStore(db, error, [&] {
        out->source = readMetaText(db, "source_path", db.path());
        const TimeRange span = readTraceSpan(db); // {0, 0} for a store without a span
        out->traceDurationNs = std::max<TimeNs>(0, span.endNs - span.startNs);
        return true;
    });
    if (!spanRead) return false;
    OperatorStatsOptions statsOptions;
    statsOptions.includeMetrics = false;
    std::optional<TimeRange> stepSpan, hostWindow;
    out->step = options.step;
    if (options.step >= 0) {
        StepSelection selection;
        if (!selectStep(db, options.step, &selection, error)) return false;
        stepSpan = selection.deviceSpan.empty() ? selection.hostWindow : selection.deviceSpan;
        hostWindow = selection.hostWindow;
        statsOptions.grouping.onlySliceIds = std::make_shared<const std::vector<std::int64_t>>(std::move(selection.sliceIds));
    }
    if (options.allTracks) {
        out->hostOperators = countHostOperators(*options.allTracks, hostWindow);
    } else {
        HostCallData host;
        if (!readHostCalls(db, &host, error)) return false;
        out->hostOperators = countHostOperators(host, hostWindow);
    }
    OperatorStats stats;
    const bool statsOk = options.computeTracks
                             ? computeOperatorStats(db, *options.computeTracks, statsOptions, &stats, error)
                             : computeOperatorStats(db, statsOptions, &stats, error);
    if (!statsOk) return false;
    out->fellBackToAll = stats.fellBackToAll;
    fillOperators(stats, out);
    if (options.includeBubbles) {
        BubbleOptions bubbleOptions;
        bubbleOptions.minBubbleNs = options.minBubbleNs;
        bubbleOptions.largestCount = 0;
        bubbleOptions.range = stepSpan;
        BubbleReport bubbles;
        if (options.allTracks) bubbles = computeBubbles(*options.allTracks, bubbleOptions);
        else if (!computeBubbles(db, bubbleOptions, &bubbles, error)) return false;
        fillBubbleAggregates(bubbles, out);
    }
    if (options.includeFindings) {
        DiagnosisReport diagnosis;
        DiagnosisOptions diagnosisOptions;
        diagnosisOptions.range = stepSpan;
        diagnosisOptions.snapshot = options.allTracks;
        if (!runDiagnosis(db, diagnosisOptions, &diagnosis, error)) return false;
        addFindings(diagnosis, out);
    }
    return true;
}

const char* presenceName(Presence presence) {
    switch (presence) {
    case Presence::Both: return "both";
    case Presence::New: return "new";
    case Presence::Vanished: return "vanished";
    }
    return "both";
}

const char* regressionKindName(RegressionKind kind) {
    switch (kind) {
    case RegressionKind::BusyTime: return "busy_time";
    case RegressionKind::BubbleTime: return "bubble_time";
    case RegressionKind::DeviceBusy: return "device_busy";
    case RegressionKind::OperatorTotal: return "operator_total";
    case RegressionKind::OperatorMean: return "operator_mean";
    case RegressionKind::NewOperator: return "new_operator";
    case RegressionKind::NewFinding: return "new_finding";
    }
    return "busy_time";
}

double MetricDiff::ratio() const { return ratioOf(current, base); }
double DeviceDiff::busyRatio() const { return ratioOf(static_cast<double>(newBusyNs), static_cast<double>(baseBusyNs)); }
double OperatorDiff::totalRatio() const {
    return ratioOf(static_cast<double>(newTotalNs), static_cast<double>(baseTotalNs));
}
double OperatorDiff::meanRatio() const { return ratioOf(newMeanNs, baseMeanNs); }
double Regression::growth() const { return base != 0 ? current / base - 1.0 : std::numeric_limits<double>::quiet_NaN(); }

namespace {

class Comparer {
public:
    Comparer(const BaselineAggregates& base, const BaselineAggregates& current, const CompareOptions& options)
        : base_(base), cur_(current), options_(options) {
        floorNs_ = std::max<double>(static_cast<double>(options.minDeltaNs),
                                    options.minShareOfBusy * static_cast<double>(base.busyNs));
        out_.baseSource = base.source;
        out_.newSource = current.source;
        out_.options = options;
        out_.noiseFloorNs = static_cast<TimeNs>(std::llround(floorNs_));
    }

    ComparisonResult run() {
        compareTotals();
        compareDevices();
        compareOperators();
        compareFindings();
        return std::move(out_);
    }

private:
    // A time grew beyond the threshold and by more than the noise floor.
    bool timeRegressed(double baseNs, double currentNs) const {
        const double growth = currentNs - baseNs;
        if (growth <= 0 || growth < floorNs_) return false;
        return baseNs <= 0 || currentNs / baseNs - 1.0 > options_.threshold + kEpsilon;
    }

    void addTotal(const char* name, const char* unit, double base, double current, bool gated,
                  RegressionKind kind = RegressionKind::BusyTime) {
        MetricDiff d{name, unit, base, current, gated, gated && timeRegressed(base, current)};
        if (d.regressed) out_.regressions.push_back({kind, {}, base, current, "ns"});
        out_.totals.push_back(std::move(d));
    }

    void compareTotals() {
        auto d = [](auto v) { return static_cast<double>(v); };
        addTotal("trace duration", "ns", d(base_.traceDurationNs), d(cur_.traceDurationNs), false);
        addTotal("busy time", "ns", d(base_.busyNs), d(cur_.busyNs), true, RegressionKind::BusyTime);
        addTotal("bubble time", "ns", d(base_.bubbleTotalNs), d(cur_.bubbleTotalNs), true, RegressionKind::BubbleTime);
        addTotal("bubbles", "count", d(base_.bubbleCount), d(cur_.bubbleCount), false);
        addTotal("largest bubble", "ns", d(base_.largestBubbleNs), d(cur_.largestBubbleNs), false);
        addTotal("operator executions", "count", d(base_.executions), d(cur_.executions), false);
        addTotal("device imbalance", "ratio", base_.imbalance, cur_.imbalance, false);
    }

    // Devices match by rank ("rank 3 · NPU 0" and "rank 3 · NPU 1" are one rank), by label otherwise,
    // and two single-device traces match whatever their labels (GPU 3 today against GPU 1 yesterday).
    static std::string deviceMatchKey(const std::string& label) {
        if (label.rfind("rank ", 0) != 0) return label;
        std::size_t end = label.find_first_not_of("0123456789", 5);
        return end == 5 ? label : label.substr(0, end);
    }

    void compareDevices() {
        const bool single = base_.devices.size() == 1 && cur_.devices.size() == 1;
        std::map<std::string, const DeviceAggregate*> current;
        for (const DeviceAggregate& d : cur_.devices) current[single ? std::string() : deviceMatchKey(d.label)] = &d;
        for (const DeviceAggregate& b : base_.devices) {
            DeviceDiff diff{b.label, Presence::Vanished, b.busyNs, 0, b.bubbleTotalNs, 0, false};
            auto it = current.find(single ? std::string() : deviceMatchKey(b.label));
            if (it != current.end()) {
                diff.presence = Presence::Both;
                if (it->second->label != b.label) diff.label = b.label + " / " + it->second->label;
                diff.newBusyNs = it->second->busyNs;
                diff.newBubbleNs = it->second->bubbleTotalNs;
                current.erase(it);
                // One device alone is not a second opinion on the total: gate it only when there are several.
                diff.regressed = base_.devices.size() > 1 &&
                                 timeRegressed(static_cast<double>(diff.baseBusyNs), static_cast<double>(diff.newBusyNs));
                if (diff.regressed)
                    out_.regressions.push_back({RegressionKind::DeviceBusy, diff.label, static_cast<double>(diff.baseBusyNs),
                                                static_cast<double>(diff.newBusyNs), "ns"});
            }
            out_.devices.push_back(std::move(diff));
        }
        for (const DeviceAggregate& n : cur_.devices) {
            auto left = current.find(single ? std::string() : deviceMatchKey(n.label));
            if (left != current.end() && left->second == &n)
                out_.devices.push_back({n.label, Presence::New, 0, n.busyNs, 0, n.bubbleTotalNs, false});
        }
    }

    void compareOperator(OperatorDiff& d) {
        if (d.presence == Presence::Both) {
            d.totalRegressed = timeRegressed(static_cast<double>(d.baseTotalNs), static_cast<double>(d.newTotalNs));
            // A slower mean regresses when it costs more than the floor over the new executions.
            const double meanGrowth = d.newMeanNs - d.baseMeanNs;
            d.meanRegressed = d.baseMeanNs > 0 && meanGrowth * static_cast<double>(d.newCount) >= floorNs_ &&
                              d.newMeanNs / d.baseMeanNs - 1.0 > options_.threshold + kEpsilon;
        } else if (d.presence == Presence::New) {
            // New work regresses when it alone adds more than the threshold of the base busy time.
            const double added = static_cast<double>(d.newTotalNs);
            d.totalRegressed = added >= floorNs_ &&
                               added > options_.threshold * static_cast<double>(base_.busyNs) + kEpsilon;
        }
    }

    void compareOperators() {
        std::map<std::string, OperatorDiff> byName;
        for (const OperatorAggregate& b : base_.operators) {
            OperatorDiff& d = byName[b.name];
            d.name = b.name;
            d.presence = Presence::Vanished;
            d.baseCount = b.count;
            d.baseTotalNs = b.totalNs;
            d.baseMeanNs = b.meanNs;
        }
        for (const OperatorAggregate& n : cur_.operators) {
            auto [it, inserted] = byName.try_emplace(n.name);
            OperatorDiff& d = it->second;
            d.name = n.name;
            d.presence = inserted ? Presence::New : Presence::Both;
            d.newCount = n.count;
            d.newTotalNs = n.totalNs;
            d.newMeanNs = n.meanNs;
        }
        for (auto& [name, d] : byName) {
            compareOperator(d);
            out_.operators.push_back(std::move(d));
        }
        std::sort(out_.operators.begin(), out_.operators.end(), [](const OperatorDiff& a, const OperatorDiff& b) {
            const TimeNs da = std::llabs(a.deltaTotalNs()), db = std::llabs(b.deltaTotalNs());
            return da != db ? da > db : a.name < b.name;
        });
        for (const OperatorDiff& d : out_.operators) {
            const double bt = static_cast<double>(d.baseTotalNs), nt = static_cast<double>(d.newTotalNs);
            if (d.presence == Presence::New && d.totalRegressed)
                out_.regressions.push_back({RegressionKind::NewOperator, d.name, 0, nt, "ns"});
            else if (d.totalRegressed)
                out_.regressions.push_back({RegressionKind::OperatorTotal, d.name, bt, nt, "ns"});
            if (d.meanRegressed)
                out_.regressions.push_back({RegressionKind::OperatorMean, d.name, d.baseMeanNs, d.newMeanNs, "ns"});
        }
    }

    void compareFindings() {
        std::map<std::string, const FindingAggregate*> current;
        for (const FindingAggregate& f : cur_.findings) current[f.ruleId] = &f;
        std::vector<FindingDiff> appeared, disappeared, persisting;
        for (const FindingAggregate& b : base_.findings) {
            auto it = current.find(b.ruleId);
            if (it == current.end()) {
                // Not fired any more; only meaningful when the new side ran the diagnosis at all.
                if (cur_.hasFindings) disappeared.push_back({b.ruleId, b.title, b.severity, Presence::Vanished, b.measured, 0, b.unit, false});
                continue;
            }
            persisting.push_back({b.ruleId, it->second->title, it->second->severity, Presence::Both, b.measured,
                                  it->second->measured, b.unit, false});
            current.erase(it);
        }
        for (const FindingAggregate& n : cur_.findings) {
            if (!current.count(n.ruleId) || !base_.hasFindings) continue;
            FindingDiff d{n.ruleId, n.title, n.severity, Presence::New, 0, n.measured, n.unit, false};
            d.regressed = options_.gateFindings && n.severity == "high";
            if (d.regressed) out_.regressions.push_back({RegressionKind::NewFinding, n.ruleId, 0, n.measured, ""});
            appeared.push_back(std::move(d));
        }
        for (auto* part : {&appeared, &disappeared, &persisting})
            for (FindingDiff& d : *part) out_.findings.push_back(std::move(d));
    }

    const BaselineAggregates& base_;
    const BaselineAggregates& cur_;
    CompareOptions options_;
    double floorNs_ = 0;
    ComparisonResult out_;
};

} // namespace

ComparisonResult compareBaselines(const BaselineAggregates& base, const BaselineAggregates& current,
                                  const CompareOptions& options) {
    ComparisonResult result = Comparer(base, current, options).run();
    result.hostOperators = diffHostOperators(base.hostOperators, current.hostOperators);
    return result;
}

bool parseThresholdPercent(const std::string& text, double* share) {
    std::string number = text;
    if (!number.empty() && number.back() == '%') number.pop_back();
    if (number.empty()) return false;
    char* end = nullptr;
    const double percent = std::strtod(number.c_str(), &end);
    if (*end != '\0' || !std::isfinite(percent) || percent < 0) return false;
    *share = percent / 100.0;
    return true;
}

} // namespace opscope
