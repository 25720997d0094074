// Multi-device alignment: two ranks whose clocks differ by a known offset line up on their first
// step marker (or, without steps, the end of their first collective); the timeline applies the offsets.
#include "analysis_fixture.h"
#include "core/analysis/cluster/device_alignment.h"
#include "core/store/timeline_data.h"
#include "core/session/open_trace.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;

namespace {

// One rank of a data-parallel job: a host step and one kernel per step on its GPU stream. Times in us.
std::string rankTrace(long long clockUs) {
    auto us = [clockUs](long long t) { return std::to_string(clockUs + t); };
    return R"({"traceEvents":[
 {"ph":"M","pid":1,"name":"process_name","args":{"name":"python"}},
 {"ph":"M","pid":2,"name":"process_name","args":{"name":"GPU 0"}},
 {"ph":"X","pid":1,"tid":1,"ts":)" + us(100) + R"(,"dur":1000,"name":"ProfilerStep#1"},
 {"ph":"X","pid":2,"tid":7,"ts":)" + us(300) + R"(,"dur":200,"name":"gemm_kernel","cat":"kernel"},
 {"ph":"X","pid":1,"tid":1,"ts":)" + us(1200) + R"(,"dur":1000,"name":"ProfilerStep#2"},
 {"ph":"X","pid":2,"tid":7,"ts":)" + us(1400) + R"(,"dur":200,"name":"gemm_kernel","cat":"kernel"}
]})";
}

std::int64_t firstSliceTs(const TimelineData& data, const std::string& name, std::size_t processIndex) {
    for (const TimelineTrack& t : data.tracks()) {
        if (t.processIndex != processIndex) continue;
        for (int d = 0; d < t.depthCount; ++d)
            for (const TimelineSlice& s : data.depthSlices(t, d))
                if (data.string(s.nameId) == name) return s.tsNs;
    }
    return -1;
}

} // namespace

TEST_CASE("Two ranks with a known clock offset align on their first step", "[alignment]") {
    test::TempDir dir;
    const std::string rank0 = dir.write("rank0.json", rankTrace(1'000'000));
    const std::string rank1 = dir.write("rank1.json", rankTrace(1'007'000)); // 7 ms later clock
    OpenResult opened;
    Error error;
    OpenOptions options;
    options.storePath = dir.file("ranks.opscope.sqlite");
    REQUIRE(openTrace({rank0, rank1}, options, ImportProgress{}, &opened, &error));
    Database db(opened.storePath, Database::Mode::ReadOnly);

    DeviceAlignment alignment;
    REQUIRE(computeDeviceAlignment(db, AlignmentOptions{}, &alignment, &error));
    CHECK(alignment.source == AlignmentSource::StepMarkers);
    REQUIRE(alignment.groups.size() == 2);
    CHECK(alignment.referenceGroup == 0);
    CHECK(alignment.groups[0].key == "0/");
    CHECK(alignment.groups[1].key == "1/");
    CHECK(alignment.groups[0].anchorName == "ProfilerStep#1");
    CHECK(alignment.groups[0].anchorNs == 1'000'100'000);
    CHECK(alignment.groups[1].anchorNs == 1'007'100'000);
    CHECK(alignment.groups[0].offsetNs == 0);
    CHECK(alignment.groups[1].offsetNs == -7'000'000);
    CHECK(alignment.shifts());
    CHECK(alignment.processOffsets().size() == alignment.groups[1].processIds.size());

    TimelineLoadOptions shift;
    shift.processShiftNs = alignment.processOffsets();
    auto aligned = TimelineData::load(db, shift, &error);
    auto raw = TimelineData::load(db, &error);
    REQUIRE(aligned);
    REQUIRE(raw);
    // Every process of rank 1 moved by -7 ms; the kernels now start together.
    std::vector<std::int64_t> kernelStarts;
    for (std::size_t p = 0; p < aligned->processes().size(); ++p) {
        const std::int64_t ts = firstSliceTs(*aligned, "gemm_kernel", p);
        if (ts >= 0) kernelStarts.push_back(ts);
    }
    REQUIRE(kernelStarts.size() == 2);
    CHECK(kernelStarts[0] == kernelStarts[1]);
    CHECK(kernelStarts[0] == 1'000'300'000);
    // The span shrinks to the aligned data; the unshifted load still shows the offset.
    CHECK(aligned->traceRange().endNs == 1'002'200'000);
    CHECK(raw->traceRange().endNs == 1'009'200'000);
    for (const TimelineFlow& f : aligned->flows()) {
        const TimelineSlice* out = aligned->findSlice(aligned->flowOut(f).sliceId);
        const TimelineSlice* in = aligned->findSlice(aligned->flowIn(f).sliceId);
        REQUIRE(out);
        REQUIRE(in);
        CHECK(out->tsNs <= in->endNs());
        CHECK(aligned->flowOut(f).timeNs == out->endNs()); // the arrow moved with its slices
        CHECK(aligned->flowIn(f).timeNs == in->tsNs);
    }
}

TEST_CASE("Devices of one input align on the end of their first collective", "[alignment]") {
    test::AnalysisStore s;
    TrackId c0 = s.computeTrack(0, "Stream 1");
    TrackId c1 = s.computeTrack(1, "Stream 1");
    TrackId comm0 = s.deviceTrack(0, "Communication");
    TrackId comm1 = s.deviceTrack(1, "Communication");
    s.slice(c0, 1'000, 500, "MatMul");
    s.slice(c1, 4'000, 500, "MatMul");
    // Rank 1 reached the allreduce later on its own clock; both finish it at the same moment.
    s.slice(comm0, 2'000, 3'000, "hcom_allReduce_1");
    s.slice(comm1, 5'500, 2'500, "hcom_allReduce_1");
    Database& db = s.finish();
    DeviceAlignment alignment;
    Error error;
    REQUIRE(computeDeviceAlignment(db, AlignmentOptions{}, &alignment, &error));
    CHECK(alignment.source == AlignmentSource::SyncMarkers);
    REQUIRE(alignment.groups.size() == 2);
    CHECK(alignment.groups[0].label == "NPU 0");
    CHECK(alignment.groups[0].anchorNs == 5'000);
    CHECK(alignment.groups[1].anchorNs == 8'000);
    CHECK(alignment.groups[1].offsetNs == -3'000);
}

TEST_CASE("Nothing to align with one device or no markers or offsets already applied", "[alignment]") {
    DeviceAlignment alignment;
    Error error;
    SECTION("one device") {
        test::AnalysisStore s;
        s.slice(s.computeTrack(0, "Stream 1"), 0, 10, "ProfilerStep#1");
        REQUIRE(computeDeviceAlignment(s.finish(), AlignmentOptions{}, &alignment, &error));
        CHECK(alignment.source == AlignmentSource::None);
        CHECK_FALSE(alignment.shifts());
    }
    SECTION("two devices without a shared marker") {
        test::AnalysisStore s;
        s.slice(s.computeTrack(0, "Stream 1"), 0, 10, "MatMul");
        s.slice(s.computeTrack(1, "Stream 1"), 50, 10, "MatMul");
        REQUIRE(computeDeviceAlignment(s.finish(), AlignmentOptions{}, &alignment, &error));
        CHECK(alignment.source == AlignmentSource::None);
        CHECK(alignment.processOffsets().empty());
    }
    SECTION("the importer set clock offsets") {
        test::AnalysisStore s;
        s.slice(s.computeTrack(0, "Stream 1"), 0, 10, "ProfilerStep#1");
        s.slice(s.computeTrack(1, "Stream 1"), 50, 10, "ProfilerStep#1");
        s.writer().setDeviceClockOffset(s.writer().device("NPU 1", "npu", 1), 50);
        REQUIRE(computeDeviceAlignment(s.finish(), AlignmentOptions{}, &alignment, &error));
        CHECK(alignment.source == AlignmentSource::ClockOffsets);
        CHECK_FALSE(alignment.shifts());
    }
}

TEST_CASE("Process keys name their input", "[alignment]") {
    CHECK(inputPrefixOfProcessKey("1/2971362") == "1/");
    CHECK(inputPrefixOfProcessKey("ascend:/data/rank0|3096504") == "ascend:/data/rank0");
    CHECK(inputPrefixOfProcessKey("2971362").empty());
    CHECK(inputPrefixOfProcessKey("host:python").empty());
}

TEST_CASE("A global shift moves the whole timeline", "[alignment]") {
    test::AnalysisStore s;
    s.slice(s.computeTrack(0, "Stream 1"), 1'000, 10, "MatMul");
    s.finish();
    Error error;
    Database db(s.path(), Database::Mode::ReadOnly);
    TimelineLoadOptions options;
    options.globalShiftNs = -400;
    auto shifted = TimelineData::load(db, options, &error);
    auto raw = TimelineData::load(db, &error);
    REQUIRE(shifted);
    CHECK(shifted->traceRange().startNs == raw->traceRange().startNs - 400);
    CHECK(shifted->slices().front().tsNs == raw->slices().front().tsNs - 400);
}
