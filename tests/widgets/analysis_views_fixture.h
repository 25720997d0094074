// A small store for the analysis view tests: one NPU with a compute stream and a host thread. Times in
// ns from 0 (the trace start); the compute stream idles 6..16 µs (launch work on the host) and
// 21..41 µs (a host synchronisation), so both bubbles and the sync-wait diagnosis have evidence.
#pragma once
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"

#include <QTest>

#include <catch2/catch.hpp>

#include <memory>

namespace opscope::testing {

struct AnalysisViewsFixture {
    FixtureStore store;
    std::int64_t deviceProcess = 0, hostProcess = 0, streamTrack = 0, hostTrack = 0;
    std::int64_t matmul[3] = {0, 0, 0}, add[2] = {0, 0};
    std::int64_t step = 0, sync = 0, launch = 0;
    std::unique_ptr<TraceDocument> document; // what the views are handed
    std::shared_ptr<const TimelineData> timeline;
    ZoomControl zoom;

    static constexpr TimeNs kEndNs = 50'000;

    explicit AnalysisViewsFixture(const std::string& name) : store(name) {
        store.db().exec("INSERT INTO device(id, name, kind, ordinal) VALUES(1, 'NPU 0', 'npu', 0)");
        deviceProcess = store.process("dev0", "NPU 0", 1);
        store.db().exec("UPDATE process SET device_id = 1 WHERE id = " + std::to_string(deviceProcess));
        hostProcess = store.process("100", "python", 0);
        const std::int64_t stream = store.thread(deviceProcess, "2", "Stream 2");
        const std::int64_t main = store.thread(hostProcess, "100", "MainThread");
        streamTrack = store.track(deviceProcess, stream, "thread", "Stream 2");
        hostTrack = store.track(hostProcess, main, "thread", "MainThread");
        store.db().exec("UPDATE track SET is_compute = 1, device_id = 1 WHERE id = " + std::to_string(streamTrack));
        // Compute stream (slices in ts order, as the writer numbers them).
        matmul[0] = store.slice(streamTrack, 1'000, 4'000, 0, "MatMul", "kernel");
        add[0] = store.slice(streamTrack, 5'000, 1'000, 0, "Add", "kernel");
        matmul[1] = store.slice(streamTrack, 16'000, 4'000, 0, "MatMul", "kernel");
        add[1] = store.slice(streamTrack, 20'000, 1'000, 0, "Add", "kernel");
        matmul[2] = store.slice(streamTrack, 41'000, 4'000, 0, "MatMul", "kernel");
        // Host thread: the step, a launch during the first gap, a sync during the second.
        step = store.slice(hostTrack, 0, 48'000, 0, "ProfilerStep#1", "python");
        launch = store.slice(hostTrack, 6'000, 9'000, 1, "aclnnMatMul launch", "cpu_op", {}, -1, step);
        sync = store.slice(hostTrack, 21'000, 20'000, 1, "aclrtSynchronizeStream", "cpu_op", {}, -1, step);
        for (std::int64_t id : matmul) {
            store.metric(id, "aic_mac_ratio", "", "AI Core PMU", 0.8);
            store.metric(id, "flops", "", "Roofline", 4.0e9);
            store.metric(id, "bytes", "", "Roofline", 2.0e7);
        }
        for (std::int64_t id : add) {
            store.metric(id, "aic_mac_ratio", "", "AI Core PMU", 0.2);
            store.metric(id, "flops", "", "Roofline", 1.0e6);
            store.metric(id, "bytes", "", "Roofline", 4.0e6);
        }
        store.finish(0, kEndNs);
        Error error;
        document.reset(TraceDocument::openStore(store.path(), nullptr, &error));
        REQUIRE(document);
        timeline = document->timeline();
        REQUIRE(timeline);
        zoom.setTraceRange(timeline->traceRange());
    }
};

// Shows a view offscreen at a size, so layouts and plots have their geometry.
inline void showAt(QWidget& w, QSize size) {
    w.resize(size);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
}

} // namespace opscope::testing
