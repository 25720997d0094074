#include "core/importers/ascend/ascend_unit.h"

#include "core/importers/ascend/csv_values.h"

namespace opscope::ascend {

namespace {

// Sort order of the groups this importer makes, host first, like torch_npu's own indices.
std::int64_t sortIndexOf(std::string_view name) {
    static const std::string_view order[] = {"Python", "CANN", "MsTx", "Ascend Hardware", "Communication",
                                             "Overlap Analysis", "Step Trace", "AI Core Freq", "HCCL"};
    for (std::size_t i = 0; i < std::size(order); ++i)
        if (order[i] == name) return name == "HCCL" ? 4 : static_cast<std::int64_t>(i);
    return 20;
}

} // namespace

ProcessId deviceProcess(UnitContext& ctx, int device, std::string_view name) {
    device = ctx.deviceOr(device);
    std::string key = ctx.keyPrefix + "npu" + std::to_string(device) + "/" + std::string(name);
    if (auto it = ctx.ownProcesses.find(key); it != ctx.ownProcesses.end()) return it->second;
    ProcessId process = ctx.writer.process(key);
    ctx.ownProcesses.emplace(key, process);
    ctx.writer.setProcessName(process, name);
    ctx.writer.setProcessLabels(process, "NPU " + std::to_string(device));
    ctx.writer.setProcessSortIndex(process, 1000 + sortIndexOf(name));
    if (ctx.deviceFor) ctx.writer.setProcessDevice(process, ctx.deviceFor(device));
    return process;
}

std::string communicationProcessName(const UnitContext& ctx) {
    for (const TimelineProcess& p : ctx.timeline.processes())
        if (p.name == "HCCL" || p.name == "Communication") return p.name;
    return ctx.torchNpu ? "HCCL" : "Communication";
}

ProcessId communicationProcess(UnitContext& ctx, int device) {
    const int wanted = ctx.deviceOr(device);
    for (const TimelineProcess& p : ctx.timeline.processes())
        if ((p.name == "HCCL" || p.name == "Communication") && (p.device == wanted || device < 0)) return p.id;
    return deviceProcess(ctx, device, communicationProcessName(ctx));
}

ProcessId hostProcess(UnitContext& ctx, std::string_view name) {
    std::string key = ctx.keyPrefix + "host/" + std::string(name);
    if (auto it = ctx.ownProcesses.find(key); it != ctx.ownProcesses.end()) return it->second;
    ProcessId process = ctx.writer.process(key);
    ctx.ownProcesses.emplace(key, process);
    ctx.writer.setProcessName(process, name);
    ctx.writer.setProcessLabels(process, "CPU");
    ctx.writer.setProcessSortIndex(process, sortIndexOf(name));
    return process;
}

TrackId streamTrack(UnitContext& ctx, int device, long long stream) {
    device = ctx.deviceOr(device);
    if (auto existing = ctx.timeline.streamTrack(device, stream)) return *existing;
    if (auto it = ctx.ownStreams.find({device, stream}); it != ctx.ownStreams.end()) return it->second;
    ProcessId process;
    if (auto hw = ctx.timeline.hardwareProcess(device)) process = *hw;
    else process = deviceProcess(ctx, device, "Ascend Hardware");
    TrackId track = namedThreadTrack(ctx, process, std::to_string(stream), "Stream " + std::to_string(stream));
    ctx.ownStreams.emplace(std::make_pair(device, stream), track);
    return track;
}

TrackId namedThreadTrack(UnitContext& ctx, ProcessId process, std::string_view tidKey, std::string_view name) {
    auto key = std::make_pair(process, std::string(tidKey));
    if (auto it = ctx.ownThreads.find(key); it != ctx.ownThreads.end()) return it->second;
    ThreadId thread = ctx.writer.thread(process, tidKey);
    ctx.writer.setThreadName(thread, name);
    TrackId track = ctx.writer.threadTrack(thread);
    ctx.ownThreads.emplace(std::move(key), track);
    return track;
}

void recordUsed(UnitContext& ctx, const std::string& path, std::string_view role, std::string_view note,
                std::int64_t events) {
    ctx.writer.addSourceFile(path, role, "used", note, events);
    ctx.report.usedFiles.push_back(path);
    ctx.report.events += events;
}

void recordSkipped(TraceSink& writer, AscendImportReport& report, const std::string& path, std::string_view role,
                   std::string_view reason) {
    writer.addSourceFile(path, role, "skipped", reason, 0);
    report.skippedFiles.push_back(path + ": " + std::string(reason));
}

std::string shortReason(const Error& error) {
    std::string text = errorCodeName(error.code);
    if (error.line >= 0) text += " at line " + std::to_string(error.line);
    if (!error.expected.empty()) text += ": expected " + error.expected;
    if (!error.detail.empty()) text += " (" + error.detail.substr(0, 200) + ")";
    return text;
}

void recordFailure(UnitContext& ctx, const std::string& path, std::string_view role, const Error& error,
                   bool partlyUsed, std::int64_t events) {
    std::string reason = shortReason(error);
    std::string code = std::string("ascend_") + errorCodeName(error.code);
    ctx.writer.addWarning(code, path, error.byteOffset, error.line, error.detail.empty() ? reason : error.detail);
    ctx.writer.addSourceFile(path, role, partlyUsed ? "used" : "failed", reason, events);
    ctx.report.fileErrors.push_back(error);
    if (partlyUsed) {
        ctx.report.usedFiles.push_back(path);
        ctx.report.events += events;
    } else {
        ctx.report.skippedFiles.push_back(path + ": " + reason);
    }
}

void addCellMetric(TraceSink& writer, PendingSliceIndex slice, std::string_view key, std::string_view unit,
                   std::string_view group, std::string_view cell, bool exactText, bool idColumn) {
    std::string_view v = cleanCell(cell);
    // A missing value ("N/A", empty) is not stored: at a million rows of 50 columns every row counts.
    if (isMissing(v)) return;
    if (idColumn && v == kNoId) {
        writer.addMetric(slice, key, std::nullopt, "none", unit, group);
        return;
    }
    if (exactText) {
        writer.addMetric(slice, key, std::nullopt, v, unit, group); // a timestamp: exact text, never a double
        return;
    }
    if (auto num = parseNumber(v)) writer.addMetric(slice, key, num, {}, unit, group);
    else writer.addMetric(slice, key, std::nullopt, v, unit, group);
}

} // namespace opscope::ascend
