// The breakdown over small plain inputs with answers worked out by hand: every device column, every
// overlap case, both step rules (torch_npu text ranges, launch links), HTA's "others" rule at its
// threshold, and int64 overflow reported instead of wrapped.
#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/analysis/breakdown/breakdown_json.h"
#include "core/analysis/breakdown/device_totals.h"
#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/breakdown/interval_set.h"
#include "core/analysis/breakdown/kernel_names.h"

#include <catch2/catch.hpp>

#include <limits>
#include <random>

using namespace opscope;

namespace {

struct InputBuilder {
    BreakdownInput input;
    explicit InputBuilder(const std::string& kind, LaunchSource source = LaunchSource::None) {
        input.devices.push_back({1, kind == "npu" ? "NPU 0" : "GPU 0", kind, std::nullopt, {}, {}});
        input.launchSource = source;
    }
    std::uint32_t nameIndex(const std::string& name) {
        for (std::size_t i = 0; i < input.names.size(); ++i)
            if (input.names[i] == name) return static_cast<std::uint32_t>(i);
        input.names.push_back(name);
        return static_cast<std::uint32_t>(input.names.size() - 1);
    }
    InputBuilder& slice(DeviceClass c, TimeNs start, TimeNs end, const std::string& name, TimeNs launch = kNoLaunchNs) {
        input.devices[0].slices.push_back({start, end, c, nameIndex(name), launch});
        return *this;
    }
    InputBuilder& step(std::int64_t n, TimeNs start, TimeNs end) {
        input.devices[0].hostSteps.push_back({n, start, end});
        return *this;
    }
    BreakdownReport run(const BreakdownOptions& options = {}) {
        BreakdownReport report;
        Error error;
        REQUIRE(computeBreakdown(input, options, &report, &error));
        return report;
    }
};

const StepBreakdown& stepOf(const DeviceBreakdown& d, std::int64_t n) {
    for (const StepBreakdown& s : d.steps)
        if (s.step == n) return s;
    FAIL("no step " << n);
    return d.steps.front();
}

} // namespace

TEST_CASE("breakdown: device columns are unions, overlap an intersection, wait only what nothing else covers", "[devicetime]") {
    InputBuilder b("gpu");
    b.slice(DeviceClass::Compute, 0, 10, "gemm").slice(DeviceClass::Compute, 5, 15, "gemm") // overlap inside a class
        .slice(DeviceClass::Communication, 12, 30, "ncclKernel")
        .slice(DeviceClass::Memory, 40, 45, "Memcpy")
        .slice(DeviceClass::Wait, 44, 50, "Stream Wait Event")
        .slice(DeviceClass::Other, 60, 62, "marker");
    const DeviceBreakdown d = b.run().devices.at(0);
    CHECK(d.spanNs == 62);
    CHECK(d.computeNs == 15);
    CHECK(d.communicationNs == 18);
    CHECK(d.overlapNs == 3);
    CHECK(d.communicationNotOverlappedNs == 15);
    CHECK(d.memoryNs == 5);
    CHECK(d.waitNs == 5);   // [45, 50): the wait's first ns lies under the copy
    CHECK(d.otherNs == 2);
    CHECK(d.busyNs == 35);  // compute ∪ communication ∪ memory
    CHECK(d.idleNs == 20);  // HTA: span − union of every device slice (waits and markers included)
    CHECK(d.commComputeOverlapPct == Approx(100.0 * 3 / 18));
    REQUIRE(d.kernelTypes.size() == 5);
    CHECK(d.kernelTypes[0].deviceClass == DeviceClass::Compute);
    CHECK(d.kernelTypes[0].timeNs == 15);             // per class: the union
    CHECK(d.kernelTypes[0].names.at(0).timeNs == 20); // per name: the sum
    CHECK(d.kernelTypes[0].names.at(0).count == 2);
    CHECK(d.stepRule == StepRule::None);
    CHECK(d.steps.empty());
}

TEST_CASE("breakdown: overlap cases: disjoint, nested, touching, identical", "[devicetime]") {
    auto overlapOf = [](TimeNs cs, TimeNs ce, TimeNs ms, TimeNs me) {
        InputBuilder b("gpu");
        b.slice(DeviceClass::Compute, cs, ce, "k").slice(DeviceClass::Communication, ms, me, "nccl");
        return b.run().devices.at(0);
    };
    CHECK(overlapOf(0, 10, 20, 30).overlapNs == 0);  // disjoint
    CHECK(overlapOf(0, 10, 20, 30).idleNs == 10);
    CHECK(overlapOf(0, 100, 20, 30).overlapNs == 10); // communication nested in compute
    CHECK(overlapOf(0, 100, 20, 30).commComputeOverlapPct == Approx(100.0));
    CHECK(overlapOf(20, 30, 0, 100).overlapNs == 10); // compute nested in communication
    CHECK(overlapOf(20, 30, 0, 100).communicationNotOverlappedNs == 90);
    CHECK(overlapOf(0, 10, 10, 20).overlapNs == 0);  // touching: no overlap, no idle
    CHECK(overlapOf(0, 10, 10, 20).idleNs == 0);
    CHECK(overlapOf(5, 15, 5, 15).overlapNs == 10);  // identical
    CHECK(overlapOf(5, 15, 5, 15).communicationNotOverlappedNs == 0);
    // No communication: the share is 0, not a division by zero.
    InputBuilder b("gpu");
    b.slice(DeviceClass::Compute, 0, 10, "k");
    CHECK(b.run().devices.at(0).commComputeOverlapPct == 0.0);
}

TEST_CASE("breakdown: zero-duration slices count as executions with no time", "[devicetime]") {
    InputBuilder b("gpu");
    b.slice(DeviceClass::Compute, 0, 10, "k").slice(DeviceClass::Compute, 20, 20, "empty");
    const DeviceBreakdown d = b.run().devices.at(0);
    CHECK(d.computeNs == 10);
    CHECK(d.spanNs == 20);
    CHECK(d.sliceCounts[0] == 2);
    REQUIRE(d.kernelTypes.at(0).names.size() == 2);
    CHECK(d.kernelTypes[0].names[1].name == "empty");
    CHECK(d.kernelTypes[0].names[1].count == 1);
    CHECK(d.kernelTypes[0].names[1].timeNs == 0);
}

TEST_CASE("breakdown: Ascend steps follow torch_npu's text export (ranges, whole lane slices by start)", "[devicetime]") {
    InputBuilder b("npu", LaunchSource::Flow);
    b.step(1, 100, 235).step(2, 235, 300);
    b.slice(DeviceClass::Compute, 110, 150, "MatMul", 105)
        .slice(DeviceClass::Communication, 140, 230, "hcom_allReduce_1", 150) // runs past the host step
        .slice(DeviceClass::Compute, 240, 260, "Add", 240)
        .slice(DeviceClass::Compute, 270, 320, "Conv", 290)
        .slice(DeviceClass::Communication, 300, 310, "hcom_receive_1", 295);
    const DeviceBreakdown d = b.run().devices.at(0);
    CHECK(d.stepRule == StepRule::TorchNpuText);
    const StepBreakdown& s1 = stepOf(d, 1);
    CHECK(s1.rangeStartNs == 110); // earliest start of the work the step launched
    CHECK(s1.rangeEndNs == 235);   // max(its last end 230, the host step's end 235)
    CHECK(s1.computeNs == 40);
    CHECK(s1.communicationNs == 90); // whole, although it ends after the host step
    CHECK(s1.communicationNotOverlappedNs == 80);
    CHECK(s1.overlapNs == 10);
    CHECK(s1.freeNs == 10);          // the gap [230, 240) starts inside step 1's range
    CHECK(s1.stageNs == 130);        // 110 .. 240 (the free slice's end)
    CHECK(s1.preparingNs == 10);     // first work 110 − host start 100
    CHECK(s1.bubbleNs == 0);
    const StepBreakdown& s2 = stepOf(d, 2);
    CHECK(s2.rangeStartNs == 240);
    CHECK(s2.rangeEndNs == 320);
    CHECK(s2.computeNs == 70);
    CHECK(s2.communicationNs == 10);
    CHECK(s2.communicationNotOverlappedNs == 0);
    CHECK(s2.overlapNs == 10);
    CHECK(s2.freeNs == 10);    // [260, 270)
    CHECK(s2.bubbleNs == 10);  // hcom_receive_1, summed
    CHECK(s2.stageNs == 70);   // 240 .. 320 − bubble
    CHECK(s2.preparingNs == 5);
    // torch_npu's identity: Computing + Not Overlapped + Free = Stage + Bubble.
    CHECK(s1.computeNs + s1.communicationNotOverlappedNs + s1.freeNs == s1.stageNs + s1.bubbleNs);
    CHECK(s2.computeNs + s2.communicationNotOverlappedNs + s2.freeNs == s2.stageNs + s2.bubbleNs);

    BreakdownOptions only2;
    only2.step = 2;
    const DeviceBreakdown d2 = b.run(only2).devices.at(0);
    REQUIRE(d2.steps.size() == 1);
    CHECK(d2.steps[0].step == 2);
    CHECK(d2.computeNs == 70); // device figures cover the step's work only
    CHECK(d2.communicationNs == 10);
}

TEST_CASE("breakdown: Kineto steps: the step that launched the work; without a link, the slice's own time", "[devicetime]") {
    auto build = [](LaunchSource source) {
        InputBuilder b("gpu", source);
        b.step(1, 0, 100).step(2, 100, 200);
        b.slice(DeviceClass::Compute, 50, 120, "k1", 40)
            .slice(DeviceClass::Compute, 130, 150, "k2", 110)
            .slice(DeviceClass::Communication, 140, 180, "ncclKernel", 120)
            .slice(DeviceClass::Compute, 150, 160, "k4") // no link
            .slice(DeviceClass::Compute, 210, 220, "k3"); // no link, after every step
        return b.run().devices.at(0);
    };
    const DeviceBreakdown d = build(LaunchSource::Flow);
    CHECK(d.stepRule == StepRule::Flow);
    const StepBreakdown& s1 = stepOf(d, 1);
    CHECK(s1.computeNs == 70); // k1 whole, although it runs into step 2
    CHECK(s1.stageNs == 70);
    CHECK(s1.preparingNs == 50);
    CHECK(s1.unlinkedSlices == 0);
    const StepBreakdown& s2 = stepOf(d, 2);
    CHECK(s2.computeNs == 30); // k2 and k4 touch: one interval
    CHECK(s2.communicationNs == 40);
    CHECK(s2.overlapNs == 20);
    CHECK(s2.communicationNotOverlappedNs == 20);
    CHECK(s2.freeNs == 0);
    CHECK(s2.stageNs == 50);
    CHECK(s2.preparingNs == 30);
    CHECK(s2.unlinkedSlices == 1); // k4, placed by its own start, and said so
    CHECK(build(LaunchSource::LaunchLink).stepRule == StepRule::LaunchLink);
    const DeviceBreakdown byTime = build(LaunchSource::None);
    CHECK(byTime.stepRule == StepRule::DeviceTime);
    CHECK(stepOf(byTime, 1).computeNs == 70);
    CHECK(stepOf(byTime, 2).unlinkedSlices == 0);
}

TEST_CASE("breakdown: HTA's others rule: at 10 names nothing is folded, at 11 the running sums above the 0.8 quantile are", "[devicetime]") {
    std::vector<KernelNameTime> names;
    for (int i = 1; i <= 10; ++i) names.push_back({"k" + std::to_string(i), i, 1});
    CHECK(aggregateKernelNames(names, 10, 0.8).size() == 10);
    names.push_back({"k11", 11, 1});
    // Sorted 11..1, running sums 11 21 30 38 45 51 56 60 63 65 66; quantile at 0.8·10 = index 8: 63.
    // 63 is not above it (kept); 65 and 66 are.
    std::vector<KernelNameTime> kept = aggregateKernelNames(names, 10, 0.8);
    REQUIRE(kept.size() == 10);
    CHECK(kept[8].name == "k3");
    CHECK(kept[9].name == "others");
    CHECK(kept[9].timeNs == 3);
    CHECK(kept[9].count == 2);
    // Rank ≥ topNames folds even under the quantile.
    std::vector<KernelNameTime> flat;
    for (int i = 0; i < 12; ++i) flat.push_back({"n" + std::to_string(10 + i), 5, 1});
    std::vector<KernelNameTime> f = aggregateKernelNames(flat, 3, 1.0);
    REQUIRE(f.size() == 4);
    CHECK(f[3].timeNs == 45);
}

TEST_CASE("breakdown: a span beyond int64 is an error, not a wrapped number", "[devicetime]") {
    InputBuilder b("gpu");
    constexpr TimeNs kMax = std::numeric_limits<TimeNs>::max(), kMin = std::numeric_limits<TimeNs>::min();
    b.slice(DeviceClass::Compute, kMin / 2 - 10, kMin / 2, "a").slice(DeviceClass::Compute, kMax / 2 + 10, kMax / 2 + 20, "b");
    BreakdownReport report;
    Error error;
    CHECK_FALSE(computeBreakdown(b.input, {}, &report, &error));
    CHECK(error.file == "GPU 0");
    TimeNs sum = kMax - 1;
    CHECK(addChecked(&sum, 1));
    CHECK_FALSE(addChecked(&sum, 1));
    CHECK(sum == kMax);
}

TEST_CASE("breakdown: interval set operations", "[devicetime]") {
    std::vector<Interval> a{{0, 10}, {20, 30}}, b{{5, 25}};
    CHECK(totalLengthNs(intersectIntervals(a, b)) == 10);
    std::vector<Interval> diff = subtractIntervals(a, b);
    REQUIRE(diff.size() == 2);
    CHECK(diff[0].endNs == 5);
    CHECK(diff[1].startNs == 25);
    CHECK(totalLengthNs(uniteIntervals(a, b)) == 30);
    CHECK(subtractIntervals(a, {}).size() == 2);
    CHECK(subtractIntervals({{0, 10}}, {{0, 10}}).empty());
}

TEST_CASE("breakdown: no device work gives devices: [] and says so", "[devicetime]") {
    BreakdownInput empty;
    BreakdownReport report;
    Error error;
    REQUIRE(computeBreakdown(empty, {}, &report, &error));
    nlohmann::json doc = breakdownJson(report);
    CHECK(doc["devices"].is_array());
    CHECK(doc["devices"].empty());
    CHECK(doc["message"] == "no device activity");
}

TEST_CASE("breakdown: class unions grown slice by slice equal the merge of every interval", "[devicetime]") {
    // Slices in start order take the running path; the same slices shuffled take the merge. Nested,
    // touching, empty and overlapping slices of every class.
    std::mt19937_64 rng(11);
    auto next = [&rng](std::uint64_t bound) { return static_cast<TimeNs>(rng() % bound); };
    std::vector<BreakdownSlice> slices;
    TimeNs ts = 0;
    for (int i = 0; i < 3000; ++i) {
        ts += next(30);
        const TimeNs dur = next(5) == 0 ? 0 : next(80);
        slices.push_back({ts, ts + dur, static_cast<DeviceClass>(next(kDeviceClassCount)), 0, kNoLaunchNs});
    }
    std::vector<const BreakdownSlice*> sorted, shuffled;
    for (const BreakdownSlice& s : slices) sorted.push_back(&s);
    shuffled = sorted;
    for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[static_cast<std::size_t>(next(i))]);
    const ClassUnions running = classUnions(sorted), merged = classUnions(shuffled);
    auto same = [](const std::vector<Interval>& a, const std::vector<Interval>& b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i].startNs != b[i].startNs || a[i].endNs != b[i].endNs) return false;
        return true;
    };
    for (int c = 0; c < kDeviceClassCount; ++c) {
        INFO("class " << c);
        CHECK_FALSE(running.byClass[c].empty());
        CHECK(same(running.byClass[c], merged.byClass[c]));
    }
    CHECK(running.allNs == merged.allNs);
    CHECK(running.allFits);
    CHECK(merged.allFits);
    // Touching intervals make one; an empty one adds nothing.
    std::vector<Interval> u;
    for (const Interval& iv : {Interval{0, 10}, Interval{10, 20}, Interval{12, 15}, Interval{25, 25}, Interval{30, 31}})
        appendToUnion(u, iv);
    CHECK(same(u, {{0, 20}, {30, 31}}));
    UnionLength length;
    for (const Interval& iv : u) length.add(iv);
    TimeNs total = -1;
    CHECK(length.total(&total));
    CHECK(total == 21);
    // A union longer than int64 ns is refused, not wrapped.
    UnionLength huge;
    huge.add({-(TimeNs{1} << 62), 0});
    huge.add({1, (TimeNs{1} << 62) + (TimeNs{1} << 61)});
    CHECK_FALSE(huge.total(&total));
    CHECK(total == 21);
}

TEST_CASE("breakdown: steps from slices in start order equal those from the same slices out of order", "[devicetime]") {
    // In start order the lanes grow as unions slice by slice; out of order they are merged afterwards.
    for (const char* kind : {"npu", "gpu"}) {
        INFO(kind);
        std::mt19937_64 rng(5);
        auto next = [&rng](std::uint64_t bound) { return static_cast<TimeNs>(rng() % bound); };
        InputBuilder ordered(kind, LaunchSource::LaunchLink);
        for (int n = 1; n <= 4; ++n) ordered.step(n, (n - 1) * 550, n * 550);
        const DeviceClass classes[] = {DeviceClass::Compute, DeviceClass::Communication, DeviceClass::Memory};
        TimeNs ts = 0;
        for (int i = 0; i < 400; ++i) {
            ts += next(12);
            const TimeNs launch = next(4) == 0 ? kNoLaunchNs : std::max<TimeNs>(0, ts - next(300));
            ordered.slice(classes[next(3)], ts, ts + next(40), i % 7 == 0 ? "hcom_receive_1" : "k", launch);
        }
        InputBuilder reversed = ordered;
        auto& slices = reversed.input.devices[0].slices;
        std::reverse(slices.begin(), slices.end());
        const BreakdownReport a = ordered.run(), b = reversed.run();
        REQUIRE(a.devices.at(0).steps.size() == 4);
        for (const StepBreakdown& step : a.devices[0].steps) CHECK(step.computeNs > 0);
        CHECK(breakdownJson(a) == breakdownJson(b)); // every device and step figure
    }
}
