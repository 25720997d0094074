// A small store written with StoreWriter for the analysis tests: devices with compute tracks, host
// threads, slices, metrics and counters, finished and reopened read-only in one call.
#pragma once
#include "core/store/sqlite_db.h"
#include "core/store/store_writer.h"
#include "test_support.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace opscope::test {

class AnalysisStore {
public:
    AnalysisStore() {
        Error error;
        path_ = dir_.file("analysis.opscope.sqlite");
        writer_ = StoreWriter::create(path_, &error);
        if (!writer_) throw std::runtime_error(describe(error));
    }

    StoreWriter& writer() { return *writer_; }

    // A device process ("NPU <ordinal>") with a compute stream track.
    TrackId computeTrack(int ordinal, const std::string& stream) {
        ProcessId p = deviceProcess(ordinal);
        TrackId t = writer_->threadTrack(writer_->thread(p, stream));
        writer_->setThreadName(writer_->thread(p, stream), stream);
        writer_->setTrackCompute(t, true);
        return t;
    }
    // A device-side track that is not compute (e.g. a communication plane).
    TrackId deviceTrack(int ordinal, const std::string& name) {
        ProcessId p = deviceProcess(ordinal);
        TrackId t = writer_->threadTrack(writer_->thread(p, name));
        writer_->setThreadName(writer_->thread(p, name), name);
        return t;
    }
    TrackId hostTrack(const std::string& process, const std::string& thread) {
        ProcessId p = writer_->process("host:" + process);
        writer_->setProcessName(p, process);
        ThreadId th = writer_->thread(p, thread);
        writer_->setThreadName(th, thread);
        return writer_->threadTrack(th);
    }
    TrackId counterTrack(int ordinal, const std::string& name, const std::string& unit) {
        return writer_->counterTrack(deviceProcess(ordinal), name, unit);
    }

    PendingSliceIndex slice(TrackId track, TimeNs ts, TimeNs dur, const std::string& name,
                            const std::string& cat = {}, const std::string& type = {}, const std::string& args = {}) {
        SliceInput in;
        in.track = track;
        in.tsNs = ts;
        in.durNs = dur;
        in.name = name;
        in.category = cat;
        in.type = type;
        in.args = args.empty() ? 0 : writer_->addArgs(args);
        return writer_->addSlice(in);
    }
    void metric(PendingSliceIndex slice, const std::string& key, double value, const std::string& unit = {}) {
        writer_->addMetric(slice, key, value, {}, unit);
    }

    Database& finish() {
        Error error;
        if (!writer_->finish(nullptr, &error)) throw std::runtime_error(describe(error));
        db_ = Database(path_, Database::Mode::ReadOnly);
        return db_;
    }
    Database& db() { return db_; }
    const std::string& path() const { return path_; }

private:
    ProcessId deviceProcess(int ordinal) {
        std::string name = "NPU " + std::to_string(ordinal);
        ProcessId p = writer_->process("dev:" + std::to_string(ordinal));
        writer_->setProcessName(p, name);
        writer_->setProcessDevice(p, writer_->device(name, "npu", ordinal));
        return p;
    }

    TempDir dir_;
    std::string path_;
    std::unique_ptr<StoreWriter> writer_;
    Database db_;
};

} // namespace opscope::test
