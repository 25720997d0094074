// One door, same rows, for the device-side analyses: the opscope-cli binary's --json (parsed) and the GUI's
// TraceDocument (the Summary and Memory views, or the session the views compute through) give the same rows
// for the same options: breakdown, memory, launches, idle, queue, sequences and critical path.
#include "tests/cli/cli_runner.h"
#include "tests/launch_fixtures.h"
#include "tests/memory_fixtures.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/memory/memory_view.h"
#include "widgets/summary/summary_view.h"

#include "core/analysis/breakdown/breakdown_json.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <memory>

using namespace opscope;
using namespace opscope::test;

namespace {

// The trace written to a file and imported by the CLI once per test: the store both sides read.
std::string importedStore(const std::string& name, const char* traceText) {
    const std::string dir = cliTempDir();
    const std::string trace = dir + "/" + name + ".json";
    std::ofstream(trace) << traceText;
    const std::string store = dir + "/" + name + ".opscope.sqlite";
    CliResult r = runCli({"import", trace, "-o", store, "--quiet"});
    REQUIRE(r.exitCode == 0);
    return store;
}

std::unique_ptr<TraceDocument> openDocument(const std::string& store) {
    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(doc);
    return doc;
}

nlohmann::json cliJson(const std::vector<std::string>& args) {
    CliResult r = runCli(args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    return nlohmann::json::parse(r.out);
}

} // namespace

TEST_CASE("parity: breakdown, CLI --json, the session and the Summary view's bars", "[parity][breakdown]") {
    for (const char* name : {"bundled", "lagging"}) {
        INFO(name);
        const std::string store = std::string(name) == "bundled"
                                      ? [] {
                                            const std::string s = cliTempDir() + "/bundled.opscope.sqlite";
                                            REQUIRE(runCli({"import", bundledSample(), "-o", s, "--quiet"}).exitCode == 0);
                                            return s;
                                        }()
                                      : importedStore("lagging", kLaggingTrace);
        const nlohmann::json cli = cliJson({"breakdown", store, "--json"});
        auto doc = openDocument(store);
        BreakdownReport report;
        Error error;
        REQUIRE(doc->session()->breakdown(BreakdownOptions{}, &report, &error));
        CHECK(cli == breakdownJson(report));
        REQUIRE_FALSE(cli.at("devices").empty());

        // The view draws one bar per (device, step), or per device without steps, from the same figures.
        ZoomControl zoom;
        SummaryView view(&zoom);
        view.setDocument(doc.get());
        REQUIRE(view.waitForLoaded());
        std::size_t bar = 0;
        for (const auto& d : cli.at("devices")) {
            if (d.at("steps").empty()) {
                REQUIRE(bar < view.bars().size());
                CHECK(view.bars()[bar].computeNs == d.at("compute_ns").get<TimeNs>());
                CHECK(view.bars()[bar].communicationNotOverlappedNs ==
                      d.at("communication_not_overlapped_ns").get<TimeNs>());
                CHECK(view.bars()[bar].freeNs == d.at("idle_ns").get<TimeNs>());
                ++bar;
                continue;
            }
            for (const auto& s : d.at("steps")) {
                REQUIRE(bar < view.bars().size());
                const SummaryView::Bar& b = view.bars()[bar++];
                CHECK(b.range.startNs == s.at("range_start_ns").get<TimeNs>());
                CHECK(b.range.endNs == s.at("range_end_ns").get<TimeNs>());
                CHECK(b.computeNs == s.at("compute_ns").get<TimeNs>());
                CHECK(b.communicationNotOverlappedNs == s.at("communication_not_overlapped_ns").get<TimeNs>());
                CHECK(b.freeNs == s.at("free_ns").get<TimeNs>());
            }
        }
        CHECK(bar == view.bars().size());
    }
}

TEST_CASE("parity: memory, CLI --json --top 200 and the Memory view's summaries", "[parity][memory]") {
    const std::string store = importedStore("memory", kKinetoMemoryTrace);
    const nlohmann::json cli = cliJson({"memory", store, "--json", "--top", "200"}); // the view lists 200
    auto doc = openDocument(store);
    ZoomControl zoom;
    MemoryView view(&zoom);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded());
    const std::vector<DeviceMemorySummary>& gui = view.summaries();
    REQUIRE(cli.at("devices").size() == gui.size());
    REQUIRE_FALSE(gui.empty());
    for (std::size_t i = 0; i < gui.size(); ++i) {
        const auto& d = cli.at("devices")[i];
        const DeviceMemorySummary& s = gui[i];
        INFO(s.device.name);
        CHECK(d.at("device") == s.device.name);
        CHECK(d.at("peak_allocated_bytes") == s.peaks.device.peakAllocatedBytes);
        CHECK(d.at("peak_time_ns") == s.peaks.device.peakAllocatedTsNs);
        CHECK(d.at("peak_reserved_bytes") == s.peaks.device.peakReservedBytes);
        CHECK(d.at("alive").at("allocations") == s.alive.size());
        CHECK(d.at("alive").at("bytes") == s.aliveBytes);
        CHECK(d.at("unreleased").at("allocations") == s.unreleased.size());
        CHECK(d.at("unreleased").at("bytes") == s.unreleasedBytes);
        REQUIRE(d.at("largest").size() == s.largest.size());
        for (std::size_t b = 0; b < s.largest.size(); ++b)
            CHECK(d.at("largest")[b].at("size_bytes") == s.largest[b]->sizeBytes);
        REQUIRE(d.at("operators").size() == s.operators.size());
        for (std::size_t o = 0; o < s.operators.size(); ++o) {
            CHECK(d.at("operators")[o].at("operator") == s.operators[o].operatorName);
            CHECK(d.at("operators")[o].at("total_allocated_bytes") == s.operators[o].totalAllocatedBytes);
            CHECK(d.at("operators")[o].at("peak_bytes") == s.operators[o].peakBytes);
        }
    }
}

TEST_CASE("parity: launches, CLI --json and the document, cutoffs moved", "[parity][launch]") {
    const std::string store = importedStore("launch", kLaunchTrace);
    auto doc = openDocument(store);
    LaunchStatsOptions options;
    options.launchDelayCutoffNs = 99999;
    const nlohmann::json cli = cliJson({"launches", store, "--json", "--delay-cutoff-ns", "99999"});
    LaunchStatsReport gui;
    Error error;
    REQUIRE(doc->session()->launchStats(options, &gui, &error));
    REQUIRE(cli.at("launches").size() == gui.launches.size());
    REQUIRE_FALSE(gui.launches.empty());
    for (std::size_t i = 0; i < gui.launches.size(); ++i) {
        const LaunchRow& r = gui.launches[i];
        const auto& row = cli.at("launches")[i];
        INFO(gui.kernel(r));
        CHECK(row.at("kernel") == std::string(gui.kernel(r)));
        CHECK(row.at("runtime_call") == std::string(gui.runtimeCall(r)));
        CHECK(row.at("stream") == gui.stream(r));
        CHECK(row.at("device") == gui.device(r));
        CHECK(row.at("cpu_duration_ns") == gui.cpuDurationNs(r));
        CHECK(row.at("gpu_duration_ns") == gui.gpuDurationNs(r));
        CHECK(row.at("launch_delay_ns") == gui.launchDelayNs(r));
        CHECK(row.at("device_slice_id") == gui.deviceSliceId(r));
        CHECK(row.at("call_slice_id") == gui.callSliceId(r));
        CHECK(row.at("outliers").size() == static_cast<std::size_t>(__builtin_popcount(r.outliers)));
    }
    REQUIRE(cli.at("kernels").size() == gui.kernels.size());
    for (std::size_t i = 0; i < gui.kernels.size(); ++i) {
        CHECK(cli.at("kernels")[i].at("kernel") == gui.kernels[i].kernel);
        CHECK(cli.at("kernels")[i].at("gpu_total_ns") == gui.kernels[i].gpuTotalNs);
        CHECK(cli.at("kernels")[i].at("long_delay") == gui.kernels[i].longDelays);
    }
    CHECK(cli.at("device_events") == gui.deviceEvents);
    CHECK(cli.at("unlinked_device_events") == gui.unlinkedEvents);
}

TEST_CASE("parity: idle and queue, CLI --json and the document", "[parity][launch]") {
    const std::string store = importedStore("idle", kIdleTrace);
    auto doc = openDocument(store);
    Error error;

    IdleOptions idleOptions;
    idleOptions.kernelWaitThresholdNs = 30001;
    const nlohmann::json idle = cliJson({"idle", store, "--json", "--kernel-wait-ns", "30001"});
    IdleReport idleGui;
    REQUIRE(doc->session()->idleBreakdown(idleOptions, &idleGui, &error));
    REQUIRE(idle.at("streams").size() == idleGui.streams.size());
    REQUIRE_FALSE(idleGui.streams.empty());
    for (std::size_t i = 0; i < idleGui.streams.size(); ++i) {
        const StreamIdle& s = idleGui.streams[i];
        const auto& row = idle.at("streams")[i];
        CHECK(row.at("stream") == s.stream);
        CHECK(row.at("host_wait_ns") == s.hostWaitNs);
        CHECK(row.at("kernel_wait_ns") == s.kernelWaitNs);
        CHECK(row.at("other_ns") == s.otherNs);
        CHECK(row.at("events") == s.events);
    }

    QueueOptions queueOptions;
    queueOptions.limit = 2;
    const nlohmann::json queue = cliJson({"queue", store, "--json", "--series", "--limit", "2"});
    QueueReport queueGui;
    REQUIRE(doc->session()->queueLength(queueOptions, &queueGui, &error));
    REQUIRE(queue.at("streams").size() == queueGui.streams.size());
    REQUIRE_FALSE(queueGui.streams.empty());
    for (std::size_t i = 0; i < queueGui.streams.size(); ++i) {
        const StreamQueue& q = queueGui.streams[i];
        const auto& row = queue.at("streams")[i];
        CHECK(row.at("count") == q.count);
        CHECK(row.at("max") == q.max);
        CHECK(row.at("time_at_limit_ns") == q.timeAtLimitNs);
        REQUIRE(row.at("points").size() == q.points.size());
        for (std::size_t p = 0; p < q.points.size(); ++p) {
            CHECK(row.at("points")[p][0] == q.points[p].tsNs);
            CHECK(row.at("points")[p][1] == q.points[p].length);
        }
    }
    CHECK(queue.at("trace_duration_ns") == queueGui.traceDurationNs);
}

TEST_CASE("parity: kernel sequences and critical paths, CLI --json and the document", "[parity][launch]") {
    const std::string sequences = importedStore("sequences", kSequenceTrace);
    auto doc = openDocument(sequences);
    Error error;
    const nlohmann::json cli = cliJson({"sequences", sequences, "--json"});
    SequenceReport gui;
    REQUIRE(doc->session()->kernelSequences(SequenceOptions{}, &gui, &error));
    REQUIRE(cli.at("sequences").size() == gui.sequences.size());
    REQUIRE_FALSE(gui.sequences.empty());
    for (std::size_t i = 0; i < gui.sequences.size(); ++i) {
        CHECK(cli.at("sequences")[i].at("pattern") == gui.sequences[i].pattern);
        CHECK(cli.at("sequences")[i].at("count") == gui.sequences[i].count);
        CHECK(cli.at("sequences")[i].at("gpu_total_ns") == gui.sequences[i].gpuTotalNs);
    }
    REQUIRE(cli.at("fusion_candidates").size() == gui.fusionCandidates.size());
    for (std::size_t i = 0; i < gui.fusionCandidates.size(); ++i)
        CHECK(cli.at("fusion_candidates")[i].at("pattern") == gui.fusionCandidates[i].pattern);

    const std::string lagging = importedStore("lagging_path", kLaggingTrace);
    auto steps = openDocument(lagging);
    const nlohmann::json paths = cliJson({"critical-path", lagging, "--json"});
    std::vector<CriticalPath> guiPaths;
    REQUIRE(steps->session()->criticalPaths({}, &guiPaths, &error));
    REQUIRE(paths.at("steps").size() == guiPaths.size());
    REQUIRE_FALSE(guiPaths.empty());
    for (std::size_t i = 0; i < guiPaths.size(); ++i) {
        const auto& row = paths.at("steps")[i];
        CHECK(row.at("step") == guiPaths[i].step);
        CHECK(row.at("start_ns") == guiPaths[i].startNs);
        CHECK(row.at("end_ns") == guiPaths[i].endNs);
        CHECK(row.at("bound") == pathBoundName(guiPaths[i].bound));
        CHECK(row.at("segments").size() == guiPaths[i].segments.size());
    }
}
