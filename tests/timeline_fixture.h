// Small stores written row by row with plain SQL for the timeline tests (core and widgets):
// a few processes, tracks, slices, counters, flows and metrics with ids the tests know.
#pragma once
#include "core/store/memory_schema.h"
#include "core/store/schema.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unordered_map>

#include <unistd.h>

namespace opscope::testing {

class FixtureStore {
public:
    explicit FixtureStore(const std::string& name)
        // The pid keeps parallel ctest runs (one process per test case) apart.
        : path_((std::filesystem::temp_directory_path() /
                 ("opscope-test-" + name + "-" + std::to_string(::getpid()) + ".sqlite")).string()) {
        std::filesystem::remove(path_);
        db_ = Database(path_, Database::Mode::Create);
        db_.exec(schemaTablesSql());
        db_.exec(memorySchemaTablesSql());
        db_.exec("BEGIN");
    }
    ~FixtureStore() {
        db_.close();
        std::filesystem::remove(path_);
    }

    const std::string& path() const { return path_; }
    Database& db() { return db_; }

    std::int64_t process(const std::string& pid, const std::string& name, std::int64_t sortIndex = 0) {
        Statement st = db_.prepare("INSERT INTO process(pid, name, sort_index) VALUES(?, ?, ?)");
        st.bind(1, pid).bind(2, name).bind(3, sortIndex).run();
        return db_.lastInsertRowId();
    }
    std::int64_t thread(std::int64_t process, const std::string& tid, const std::string& name) {
        Statement st = db_.prepare("INSERT INTO thread(process_id, tid, name) VALUES(?, ?, ?)");
        st.bind(1, process).bind(2, tid).bind(3, name).run();
        return db_.lastInsertRowId();
    }
    std::int64_t track(std::int64_t process, std::int64_t thread, const std::string& kind, const std::string& name,
                       const std::string& unit = {}) {
        Statement st = db_.prepare("INSERT INTO track(process_id, thread_id, kind, name, unit) VALUES(?, ?, ?, ?, ?)");
        st.bind(1, process);
        if (thread) st.bind(2, thread); else st.bindNull(2);
        st.bind(3, kind).bind(4, name).bind(5, unit).run();
        return db_.lastInsertRowId();
    }
    std::int64_t string(const std::string& text) {
        auto it = strings_.find(text);
        if (it != strings_.end()) return it->second;
        Statement st = db_.prepare("INSERT INTO string(value) VALUES(?)");
        st.bind(1, text).run();
        return strings_[text] = db_.lastInsertRowId();
    }
    // Slices must be added in (track, ts) order, as the store writer numbers them.
    std::int64_t slice(std::int64_t track, std::int64_t tsNs, std::int64_t durNs, int depth, const std::string& name,
                       const std::string& cat = {}, const std::string& argsJson = {}, std::int64_t selfNs = -1,
                       std::int64_t parent = 0, int flags = 0) {
        std::int64_t nameId = string(name);
        std::int64_t catId = cat.empty() ? 0 : string(cat);
        std::int64_t argId = 0;
        if (!argsJson.empty()) {
            Statement a = db_.prepare("INSERT INTO args(json) VALUES(?)");
            a.bind(1, argsJson).run();
            argId = db_.lastInsertRowId();
        }
        Statement st = db_.prepare("INSERT INTO slice(track_id, ts, dur, depth, parent_id, self_dur, name_id, cat_id, "
                                   "arg_id, flags) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        st.bind(1, track).bind(2, tsNs).bind(3, durNs).bind(4, depth);
        if (parent) st.bind(5, parent); else st.bindNull(5);
        st.bind(6, selfNs < 0 ? durNs : selfNs).bind(7, nameId);
        if (catId) st.bind(8, catId); else st.bindNull(8);
        if (argId) st.bind(9, argId); else st.bindNull(9);
        st.bind(10, flags).run();
        return db_.lastInsertRowId();
    }
    void counter(std::int64_t track, std::int64_t tsNs, double value) {
        Statement st = db_.prepare("INSERT INTO counter(track_id, ts, value) VALUES(?, ?, ?)");
        st.bind(1, track).bind(2, tsNs).bind(3, value).run();
    }
    void flow(std::int64_t out, std::int64_t in, const std::string& name = "flow") {
        Statement st = db_.prepare("INSERT INTO flow(slice_out, slice_in, cat, name) VALUES(?, ?, 'fixture', ?)");
        st.bind(1, out).bind(2, in).bind(3, name).run();
    }
    void metric(std::int64_t slice, const std::string& key, const std::string& unit, const std::string& group,
                double num) {
        Statement k = db_.prepare("INSERT OR IGNORE INTO metric_key(name, unit, group_name) VALUES(?, ?, ?)");
        k.bind(1, key).bind(2, unit).bind(3, group).run();
        Statement st = db_.prepare("INSERT INTO slice_metric(slice_id, key_id, num) "
                                   "SELECT ?, id, ? FROM metric_key WHERE name = ?");
        st.bind(1, slice).bind(2, num).bind(3, key).run();
    }
    void meta(const std::string& key, const std::string& value) {
        Statement st = db_.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)");
        st.bind(1, key).bind(2, value).run();
    }
    // Indices, track statistics and the trace span, as the writer's finish() leaves them.
    void finish(std::int64_t startNs, std::int64_t endNs) {
        meta("trace_start_ns", std::to_string(startNs));
        meta("trace_end_ns", std::to_string(endNs));
        meta("schema_version", std::to_string(kSchemaVersion));
        db_.exec("UPDATE track SET slice_count = (SELECT count(*) FROM slice WHERE track_id = track.id), "
                 "counter_count = (SELECT count(*) FROM counter WHERE track_id = track.id), "
                 "max_depth = coalesce((SELECT max(depth) FROM slice WHERE track_id = track.id), 0)");
        db_.exec("COMMIT");
        db_.exec(schemaIndicesSql());
    }

private:
    std::string path_;
    Database db_;
    std::unordered_map<std::string, std::int64_t> strings_;
};

// The standard small fixture: two processes, three slice tracks, one counter track, two flows.
// Times in ns from 1'000'000 (trace start); the ids below are what the tests look for.
struct SmallTimeline {
    std::int64_t gpuProcess = 0, hostProcess = 0;
    std::int64_t mainTrack = 0, workerTrack = 0, streamTrack = 0, counterTrack = 0, emptyTrack = 0;
    std::int64_t step = 0, forward = 0, matmul = 0, relu = 0, backward = 0, launch = 0;
    std::int64_t kernelMatmul = 0, kernelRelu = 0, workerTask = 0;
    static constexpr std::int64_t kStartNs = 1'000'000;
    static constexpr std::int64_t kEndNs = 1'100'000;

    explicit SmallTimeline(FixtureStore& s) {
        hostProcess = s.process("100", "python train.py", 0);
        gpuProcess = s.process("200", "GPU 0", 1);
        std::int64_t mainThread = s.thread(hostProcess, "100", "MainThread");
        std::int64_t workerThread = s.thread(hostProcess, "101", "DataLoader");
        mainTrack = s.track(hostProcess, mainThread, "thread", "MainThread");
        workerTrack = s.track(hostProcess, workerThread, "thread", "DataLoader");
        emptyTrack = s.track(hostProcess, 0, "async", "never used");
        streamTrack = s.track(gpuProcess, 0, "async", "Stream 7");
        counterTrack = s.track(gpuProcess, 0, "counter", "Memory", "MB");
        // main thread: step > forward > (matmul, relu), step > backward; launch at depth 1 after backward
        step = s.slice(mainTrack, 1'000'000, 90'000, 0, "ProfilerStep#1", "python", R"({"step":1})", 10'000);
        forward = s.slice(mainTrack, 1'005'000, 40'000, 1, "aten::forward", "cpu_op",
                          R"({"Input Dims":[[8,16],[16,4]],"seq":7,"nested":{"a":"x"}})", 10'000, step);
        matmul = s.slice(mainTrack, 1'006'000, 20'000, 2, "aten::matmul", "cpu_op", R"({"flops":1024})", 20'000, forward);
        relu = s.slice(mainTrack, 1'030'000, 10'000, 2, "aten::relu", "cpu_op", {}, 10'000, forward);
        backward = s.slice(mainTrack, 1'050'000, 30'000, 1, "aten::backward", "cpu_op", {}, 25'000, step);
        launch = s.slice(mainTrack, 1'081'000, 4'000, 1, "cudaLaunchKernel", "cuda_runtime", {}, 4'000, step);
        // worker thread
        workerTask = s.slice(workerTrack, 1'010'000, 50'000, 0, "DataLoader::next", "python");
        // GPU stream
        kernelMatmul = s.slice(streamTrack, 1'020'000, 15'000, 0, "gemm_kernel", "kernel", R"({"grid":[4,1,1]})");
        kernelRelu = s.slice(streamTrack, 1'086'000, 5'000, 0, "relu_kernel", "kernel");
        s.metric(kernelMatmul, "aic_mac_ratio", "%", "PMU", 87.5);
        s.metric(kernelMatmul, "aic_total_cycles", "cycle", "PMU", 12345);
        s.metric(kernelMatmul, "memory_read", "MB", "Memory", 64);
        for (int i = 0; i < 10; ++i) s.counter(counterTrack, 1'000'000 + i * 10'000, 100.0 + 10 * (i % 4));
        s.flow(matmul, kernelMatmul, "launch");
        s.flow(launch, kernelRelu, "launch");
        s.finish(kStartNs, kEndNs);
    }
};

} // namespace opscope::testing
