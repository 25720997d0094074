#include "core/importers/emitted_record.h"

#include "core/model/json_depth.h"
#include "core/model/time_bounds.h"
#include "core/model/utf8.h"

#include <algorithm>
#include <filesystem>
#include <unistd.h>

namespace opscope {

ProcessId EmittedRecord::process(std::string_view pidKey) {
    ProcessId id = inner_.process(pidKey);
    auto [it, made] = processes_.try_emplace(id);
    if (made) {
        it->second.id = id;
        it->second.key = std::string(pidKey);
    }
    return id;
}

void EmittedRecord::setProcessName(ProcessId process, std::string_view name) {
    inner_.setProcessName(process, name);
    if (auto it = processes_.find(process); it != processes_.end()) it->second.name = std::string(name);
}

void EmittedRecord::setProcessLabels(ProcessId process, std::string_view labels) {
    inner_.setProcessLabels(process, labels);
    if (auto it = processes_.find(process); it != processes_.end()) it->second.labels = std::string(labels);
}

void EmittedRecord::setProcessDevice(ProcessId process, DeviceId device) {
    inner_.setProcessDevice(process, device);
    if (auto it = processes_.find(process); it != processes_.end()) it->second.hasDevice = true;
}

ThreadId EmittedRecord::thread(ProcessId process, std::string_view tidKey) {
    ThreadId id = inner_.thread(process, tidKey);
    threadProcess_.insert(id, 0, process);
    return id;
}

void EmittedRecord::setThreadName(ThreadId thread, std::string_view name) {
    inner_.setThreadName(thread, name);
    if (!keep_.slices) return; // only the side-file joins read names back, and a metadata-heavy trace names 100k+ threads
    if (threadProcess_.contains(thread, 0)) threadNames_[thread] = std::string(name);
}

void EmittedRecord::noteTrack(TrackId id, ProcessId process, TrackKind kind, std::optional<ThreadId> thread) {
    bool& noted = trackNoted_.slot(id, 0, false);
    if (noted) return;
    noted = true;
    tracks_.push_back({id, process, kind, thread});
}

TrackId EmittedRecord::threadTrack(ThreadId thread) {
    TrackId id = inner_.threadTrack(thread);
    const ProcessId* process = threadProcess_.find(thread, 0);
    noteTrack(id, process ? *process : kNoProcess, TrackKind::Thread, thread);
    return id;
}

TrackId EmittedRecord::namedTrack(ProcessId process, TrackKind kind, std::string_view name, std::string_view identity) {
    TrackId id = inner_.namedTrack(process, kind, name, identity);
    noteTrack(id, process, kind, std::nullopt);
    return id;
}

TrackId EmittedRecord::counterTrack(ProcessId process, std::string_view name, std::string_view unit) {
    TrackId id = inner_.counterTrack(process, name, unit);
    noteTrack(id, process, TrackKind::Counter, std::nullopt);
    return id;
}

ArgId EmittedRecord::addArgs(std::string_view json) {
    ArgId id = inner_.addArgs(json);
    if (!keep_.slices || id == 0) return id;
    if (!keep_.argsNaming.empty() &&
        std::none_of(keep_.argsNaming.begin(), keep_.argsNaming.end(),
                     [&](std::string_view key) { return json.find(key) != std::string_view::npos; }))
        return id;
    // The text the store keeps: args too deep for a recursive parser are dropped, invalid UTF-8 repaired.
    if (jsonNestingExceeds(json, kMaxArgsDepth)) {
        args_.emplace(id, std::string(kArgsTooDeepJson));
        return id;
    }
    std::string repaired;
    std::size_t replaced = 0;
    args_.emplace(id, sanitizeJsonText(json, &repaired, &replaced) ? std::move(repaired) : std::string(json));
    return id;
}

PendingSliceIndex EmittedRecord::addSlice(const SliceInput& slice) {
    PendingSliceIndex index = inner_.addSlice(slice);
    if (keep_.categoriesByTrack && !slice.category.empty() &&
        (categories_.empty() || slice.track != lastCategory_.first ||
         slice.category != categories_.text(lastCategory_.second))) { // not the last slice's pair
        lastCategory_ = {slice.track, categories_.intern(slice.category)};
        trackCategories_.slot(lastCategory_.first, lastCategory_.second) = true;
    }
    if (!keep_.slices) return index;
    if (!sliceLogMade_) {
        std::string prefix = inner_.scratchPathPrefix();
        if (prefix.empty())
            prefix = (std::filesystem::temp_directory_path() / ("opscope-import-" + std::to_string(::getpid()))).string();
        slices_.log = SliceLog(prefix, sliceBudgetBytes_);
        sliceLogMade_ = true;
    }
    TimeNs tsNs = slice.tsNs, durNs = slice.durNs;
    boundSliceTimes(&tsNs, &durNs); // the times the store keeps
    const std::uint32_t name = names_.intern(slice.name);
    std::string_view args;
    auto it = slice.args != 0 ? args_.find(slice.args) : args_.end();
    if (it != args_.end()) args = it->second;
    slices_.log.append(index, tsNs, durNs, slice.track, name, args);
    if (it != args_.end()) args_.erase(it);
    return index;
}

std::vector<EmittedProcess> EmittedRecord::processes() const {
    std::vector<EmittedProcess> out;
    out.reserve(processes_.size());
    for (const auto& [id, p] : processes_) out.push_back(p);
    std::sort(out.begin(), out.end(), [](const EmittedProcess& a, const EmittedProcess& b) { return a.id < b.id; });
    return out;
}

std::unordered_map<ProcessId, std::vector<TrackId>> EmittedRecord::threadTracksByProcess() const {
    std::unordered_map<ProcessId, std::vector<TrackId>> out;
    for (const EmittedTrack& t : tracks_)
        if (t.kind == TrackKind::Thread) out[t.process].push_back(t.id);
    return out;
}

std::string_view EmittedRecord::threadName(ThreadId thread) const {
    auto it = threadNames_.find(thread);
    return it == threadNames_.end() ? std::string_view() : std::string_view(it->second);
}

} // namespace opscope
