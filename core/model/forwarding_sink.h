// A sink that passes everything on to another: the base of sinks that watch what an importer emits
// on its way to the store (core/importers/emitted_record.h) and override only what they note.
#pragma once
#include "core/model/trace_sink.h"

namespace opscope {

class ForwardingSink : public TraceSink {
  public:
    explicit ForwardingSink(TraceSink& inner) : inner_(inner) {}

    StringId intern(std::string_view text) override { return inner_.intern(text); }
    DeviceId device(std::string_view name, std::string_view kind, int ordinal) override {
        return inner_.device(name, kind, ordinal);
    }
    DeviceId device(const DeviceIdentity& identity) override { return inner_.device(identity); }
    void setDeviceClockOffset(DeviceId device, TimeNs offsetNs) override {
        inner_.setDeviceClockOffset(device, offsetNs);
    }
    ProcessId process(std::string_view pidKey) override { return inner_.process(pidKey); }
    void setProcessName(ProcessId process, std::string_view name) override {
        inner_.setProcessName(process, name);
    }
    void setProcessLabels(ProcessId process, std::string_view labels) override {
        inner_.setProcessLabels(process, labels);
    }
    void setProcessSortIndex(ProcessId process, std::int64_t sortIndex) override {
        inner_.setProcessSortIndex(process, sortIndex);
    }
    void setProcessDevice(ProcessId process, DeviceId device) override {
        inner_.setProcessDevice(process, device);
    }
    ThreadId thread(ProcessId process, std::string_view tidKey) override {
        return inner_.thread(process, tidKey);
    }
    void setThreadName(ThreadId thread, std::string_view name) override {
        inner_.setThreadName(thread, name);
    }
    void setThreadSortIndex(ThreadId thread, std::int64_t sortIndex) override {
        inner_.setThreadSortIndex(thread, sortIndex);
    }
    TrackId threadTrack(ThreadId thread) override { return inner_.threadTrack(thread); }
    TrackId namedTrack(ProcessId process, TrackKind kind, std::string_view name,
                       std::string_view identity) override {
        return inner_.namedTrack(process, kind, name, identity);
    }
    TrackId counterTrack(ProcessId process, std::string_view name, std::string_view unit) override {
        return inner_.counterTrack(process, name, unit);
    }
    void setTrackCompute(TrackId track, bool isCompute) override { inner_.setTrackCompute(track, isCompute); }
    void setTrackSortIndex(TrackId track, std::int64_t sortIndex) override {
        inner_.setTrackSortIndex(track, sortIndex);
    }
    ArgId addArgs(std::string_view json) override { return inner_.addArgs(json); }
    PendingSliceIndex addSlice(const SliceInput& slice) override { return inner_.addSlice(slice); }
    std::size_t pendingSliceCount() const override { return inner_.pendingSliceCount(); }
    std::string scratchPathPrefix() const override { return inner_.scratchPathPrefix(); }
    void setSliceType(PendingSliceIndex slice, std::string_view type) override {
        inner_.setSliceType(slice, type);
    }
    void addCounter(TrackId track, TimeNs tsNs, double value) override {
        inner_.addCounter(track, tsNs, value);
    }
    void addFlowEndpoint(const FlowEndpoint& endpoint, std::string_view name) override {
        inner_.addFlowEndpoint(endpoint, name);
    }
    void addFlow(PendingSliceIndex out, PendingSliceIndex in, std::string_view cat,
                 std::string_view name) override {
        inner_.addFlow(out, in, cat, name);
    }
    void addLaunchKey(PendingSliceIndex slice, TrackId track, TimeNs tsNs, std::string_view category,
                      LaunchKeyKind kind, std::int64_t id) override {
        inner_.addLaunchKey(slice, track, tsNs, category, kind, id);
    }
    void addLaunchLink(PendingSliceIndex deviceSlice, PendingSliceIndex call,
                       std::optional<std::int64_t> correlationId, std::string_view source) override {
        inner_.addLaunchLink(deviceSlice, call, correlationId, source);
    }
    void addMetric(PendingSliceIndex slice, std::string_view key, std::optional<double> num,
                   std::string_view text, std::string_view unit, std::string_view group) override {
        inner_.addMetric(slice, key, num, text, unit, group);
    }
    void addMemoryRow(const MemoryRecordRow& row) override { inner_.addMemoryRow(row); }
    void addMemoryRow(const MemoryAllocationRow& row) override { inner_.addMemoryRow(row); }
    void addMemoryRow(const MemoryModuleRow& row) override { inner_.addMemoryRow(row); }
    void addClusterSteps(std::string_view source, const std::vector<ClusterStepRow>& rows) override {
        inner_.addClusterSteps(source, rows);
    }
    void addCommOps(std::string_view source, const std::vector<CommOpRank>& ops) override {
        inner_.addCommOps(source, ops);
    }
    void addCommLinks(std::string_view source, const std::vector<CommMatrixLink>& links) override {
        inner_.addCommLinks(source, links);
    }
    void addCommGroups(const std::vector<CommGroup>& groups) override { inner_.addCommGroups(groups); }
    void addAscendStatistics(std::string_view source, const std::vector<AscendStatisticRow>& rows) override {
        inner_.addAscendStatistics(source, rows);
    }
    void addAscendOperatorDetails(std::string_view source,
                                  const std::vector<AscendOperatorDetailRow>& rows) override {
        inner_.addAscendOperatorDetails(source, rows);
    }
    void addWarning(std::string_view code, std::string_view file, std::int64_t byteOffset, std::int64_t line,
                    std::string_view sample) override {
        inner_.addWarning(code, file, byteOffset, line, sample);
    }
    void addStat(std::string_view name, std::int64_t delta) override { inner_.addStat(name, delta); }
    void setMeta(std::string_view key, std::string_view value) override { inner_.setMeta(key, value); }
    bool setMetaIfAbsent(std::string_view key, std::string_view value) override {
        return inner_.setMetaIfAbsent(key, value);
    }
    void addSourceFile(std::string_view path, std::string_view role, std::string_view status,
                       std::string_view reason, std::int64_t events) override {
        inner_.addSourceFile(path, role, status, reason, events);
    }

  protected:
    TraceSink& inner_;
};

} // namespace opscope
