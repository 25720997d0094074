#include "core/importers/ascend/ascend_timeline.h"

#include "core/importers/ascend/csv_values.h"
#include "core/model/time_bounds.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>

namespace opscope::ascend {

namespace {

constexpr std::array<std::string_view, 30> kDeviceProcessNames = {
    "Ascend Hardware", "HCCL", "Communication", "Overlap Analysis", "AI Core Freq", "AI Core Utilization",
    "NPU MEM", "HBM", "DDR", "LLC", "HCCS", "PCIe", "NIC", "RoCE", "QoS", "Acc PMU", "Stars Soc Info",
    "Stars Chip Trans", "SIO", "Biu Perf", "Ub", "Block Detail", "CCU", "Fusion Task", "Low Power",
    "Voltage Info", "Step Trace", "Device Memory", "AI Vector Core Utilization", "NPU"};

std::optional<long long> integerOf(const nlohmann::json& value) {
    if (value.is_number_integer()) return value.get<long long>();
    if (value.is_number_unsigned()) return static_cast<long long>(value.get<unsigned long long>());
    if (value.is_string()) return parseInteger(cleanCell(value.get_ref<const std::string&>()));
    return std::nullopt;
}

// Trailing digits of a process key: the JSON pid, whatever prefix the importer put in front.
std::optional<long long> trailingNumber(std::string_view text) {
    std::size_t end = text.size(), begin = end;
    while (begin > 0 && text[begin - 1] >= '0' && text[begin - 1] <= '9') --begin;
    if (begin == end) return std::nullopt;
    return parseInteger(text.substr(begin, std::min<std::size_t>(end - begin, 18)));
}

} // namespace

std::optional<int> deviceFromLabels(std::string_view labels) {
    if (labels.substr(0, 3) != "NPU") return std::nullopt;
    std::string_view rest = labels.substr(3);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == ':')) rest.remove_prefix(1);
    auto n = parseInteger(rest);
    if (!n || *n < 0 || *n > 1'000'000) return std::nullopt;
    return static_cast<int>(*n);
}

bool AscendTimeline::isComputeTaskType(std::string_view t) {
    return t.substr(0, 3) == "AI_" || t.substr(0, 4) == "MIX_" || t.substr(0, 7) == "KERNEL_";
}

bool AscendTimeline::isDeviceProcessName(std::string_view name) {
    for (std::string_view n : kDeviceProcessNames)
        if (name == n) return true;
    return name.substr(0, 11) == "AI Core Fre" || name.substr(0, 10) == "Step Trace";
}

void AscendTimeline::build(EmittedRecord& timeline, int defaultDevice) {
    slices_ = timeline.takeSlices();
    std::vector<std::pair<TimelineProcess, std::string>> found; // with pid key
    for (EmittedProcess& row : timeline.processes())
        found.push_back({{row.id, std::move(row.name), std::move(row.labels), -1}, std::move(row.key)});
    // A device the files do not name: the low 5 bits of msprof's synthetic "Ascend Hardware" pid.
    if (defaultDevice < 0) {
        for (const auto& [p, pidKey] : found) {
            auto pid = trailingNumber(pidKey);
            if (p.name == "Ascend Hardware" && pid && *pid >= 1024 && (*pid & 31) != 31) {
                defaultDevice = static_cast<int>(*pid & 31);
                break;
            }
        }
        if (defaultDevice < 0) defaultDevice = 0;
    }
    std::unordered_map<ProcessId, std::size_t> byId;
    for (auto& [p, pidKey] : found) {
        bool npu = p.labels.substr(0, 3) == "NPU" || isDeviceProcessName(p.name);
        if (auto d = deviceFromLabels(p.labels)) p.device = *d;
        else if (npu) p.device = defaultDevice;
        if (p.device >= 0) deviceSet_.insert(p.device);
        if (p.name == "Ascend Hardware" && p.device >= 0) hardware_.emplace(p.device, p.id);
        byId.emplace(p.id, processes_.size());
        processes_.push_back(p);
    }
    for (const EmittedTrack& track : timeline.tracks()) {
        auto it = byId.find(track.process);
        if (it == byId.end()) continue;
        const TimelineProcess& p = processes_[it->second];
        TrackInfo info;
        info.device = p.device;
        info.hardware = p.name == "Ascend Hardware";
        info.communication = p.name == "HCCL" || p.name == "Communication";
        const std::string_view threadName = track.thread ? timeline.threadName(*track.thread) : std::string_view();
        if (info.hardware && threadName.rfind("Stream ", 0) == 0)
            if (auto s = parseInteger(threadName.substr(7))) {
                info.stream = *s;
                streamTracks_.emplace(std::make_pair(p.device, *s), track.id);
            }
        tracks_.emplace(track.id, info);
    }
    // A record that spilled is large: its candidates go to a scratch database instead of memory.
    if (slices_.log.spilled()) {
        staged_ = std::make_unique<StagedCandidates>();
        for (std::uint32_t i = 0; i < slices_.names.size(); ++i) nameIds_.emplace(slices_.names[i], i);
    }
    slices_.log.forEach([this](PendingSliceIndex index, const EmittedSlice& s) {
        auto it = tracks_.find(s.track);
        if (it != tracks_.end()) indexSlice(index, s, it->second);
    });
    if (staged_) staged_->seal();
    auto byTs = [](const Candidate& a, const Candidate& b) { return a.tsNs < b.tsNs; };
    for (auto& [key, list] : tasks_) std::stable_sort(list.begin(), list.end(), byTs);
    for (auto& [key, list] : hardwareByName_) std::stable_sort(list.begin(), list.end(), byTs);
    for (auto& [key, list] : communicationByName_) std::stable_sort(list.begin(), list.end(), byTs);
}

void AscendTimeline::indexSlice(PendingSliceIndex index, const EmittedSlice& s, const TrackInfo& track) {
    std::string_view name = slices_.nameOf(s);
    if (track.device < 0) {
        if (name.rfind("ProfilerStep#", 0) == 0)
            if (auto n = parseInteger(name.substr(13))) steps_[*n] = {s.tsNs, s.tsNs + s.durNs};
        return;
    }
    if (!track.hardware && !track.communication) return;
    const Candidate candidate{s.tsNs, index, s.track};
    if (staged_)
        staged_->addName(track.hardware ? StagedCandidates::NameKind::Hardware : StagedCandidates::NameKind::Communication,
                         track.device, s.name, candidate);
    else
        (track.hardware ? hardwareByName_ : communicationByName_)[{track.device, std::string(name)}].push_back(candidate);
    auto& span = spans_.try_emplace(track.device, s.tsNs, s.tsNs + s.durNs).first->second;
    span.first = std::min(span.first, s.tsNs);
    span.second = std::max(span.second, s.tsNs + s.durNs);
    if (!track.hardware || s.args.empty()) return;
    nlohmann::json args = nlohmann::json::parse(s.args, nullptr, false);
    if (!args.is_object()) return;
    std::optional<long long> stream, task;
    if (auto it = args.find("Physic Stream Id"); it != args.end()) stream = integerOf(*it);
    if (!stream)
        if (auto it = args.find("Stream Id"); it != args.end()) stream = integerOf(*it);
    if (auto it = args.find("Task Id"); it != args.end()) task = integerOf(*it);
    if (stream && task) {
        if (staged_) staged_->addTask(track.device, *stream, *task, candidate);
        else tasks_[{track.device, *stream, *task}].push_back(candidate);
    }
    if (stream && track.stream < 0) streamTracks_.emplace(std::make_pair(track.device, *stream), s.track);
    if (auto it = args.find("Task Type"); it != args.end() && it->is_string())
        if (isComputeTaskType(it->get_ref<const std::string&>())) computeTracks_.insert(s.track);
}

std::set<int> AscendTimeline::devices() const { return deviceSet_; }

int AscendTimeline::keyDevice(int device) const {
    if (deviceSet_.size() == 1 || device < 0) return deviceSet_.empty() ? 0 : *deviceSet_.begin();
    return device;
}

namespace {

// [tsNs - tol, tsNs + tol]; a row's start may be any int64 (a CSV cell): the window saturates
// instead of overflowing.
std::pair<TimeNs, TimeNs> windowOf(TimeNs tsNs, TimeNs tol) {
    TimeNs lowNs = 0, highNs = 0;
    if (!checkedSub(tsNs, tol, &lowNs)) lowNs = std::numeric_limits<TimeNs>::min();
    if (!checkedAdd(tsNs, tol, &highNs)) highNs = std::numeric_limits<TimeNs>::max();
    return {lowNs, highNs};
}

} // namespace

std::optional<TimelineCandidate> AscendTimeline::nearest(const Candidate* begin, const Candidate* end, TimeNs tsNs,
                                                         TimeNs tol, const JoinSet& used) {
    std::optional<Candidate> best;
    TimeNs bestDelta = tol + 1;
    for (const Candidate* it = begin; it != end; ++it) {
        if (used.count(it->slice)) continue;
        TimeNs delta = it->tsNs > tsNs ? it->tsNs - tsNs : tsNs - it->tsNs;
        if (delta < bestDelta) {
            bestDelta = delta;
            best = *it;
        }
    }
    return best;
}

std::optional<TimelineCandidate> AscendTimeline::nearestIn(const std::vector<Candidate>* list, TimeNs tsNs,
                                                           TimeNs tol, const JoinSet& used) {
    if (!list) return std::nullopt;
    const auto [lowNs, highNs] = windowOf(tsNs, tol);
    auto first = std::lower_bound(list->begin(), list->end(), lowNs,
                                  [](const Candidate& c, TimeNs t) { return c.tsNs < t; });
    auto last = std::upper_bound(first, list->end(), highNs, [](TimeNs t, const Candidate& c) { return t < c.tsNs; });
    return nearest(list->data() + (first - list->begin()), list->data() + (last - list->begin()), tsNs, tol, used);
}

std::optional<TimelineCandidate> AscendTimeline::findTask(int device, long long stream, long long task, TimeNs tsNs,
                                                          TimeNs toleranceNs, const JoinSet& used) const {
    if (staged_) {
        const auto [lowNs, highNs] = windowOf(tsNs, toleranceNs);
        std::vector<Candidate> window = staged_->tasks(keyDevice(device), stream, task, lowNs, highNs);
        return nearest(window.data(), window.data() + window.size(), tsNs, toleranceNs, used);
    }
    auto it = tasks_.find({keyDevice(device), stream, task});
    return nearestIn(it == tasks_.end() ? nullptr : &it->second, tsNs, toleranceNs, used);
}

std::optional<TimelineCandidate> AscendTimeline::findName(const NameIndex& index, StagedCandidates::NameKind kind,
                                                          int device, std::string_view name, TimeNs tsNs, TimeNs tol,
                                                          const JoinSet& used) const {
    if (staged_) {
        auto id = nameIds_.find(std::string(name));
        if (id == nameIds_.end()) return std::nullopt;
        const auto [lowNs, highNs] = windowOf(tsNs, tol);
        std::vector<Candidate> window = staged_->names(kind, keyDevice(device), id->second, lowNs, highNs);
        return nearest(window.data(), window.data() + window.size(), tsNs, tol, used);
    }
    auto it = index.find({keyDevice(device), std::string(name)});
    return nearestIn(it == index.end() ? nullptr : &it->second, tsNs, tol, used);
}

std::optional<TimelineCandidate> AscendTimeline::findCommunication(int device, std::string_view name, TimeNs tsNs,
                                                                   TimeNs toleranceNs, const JoinSet& used) const {
    return findName(communicationByName_, StagedCandidates::NameKind::Communication, device, name, tsNs, toleranceNs,
                    used);
}

std::optional<TimelineCandidate> AscendTimeline::findHardwareByName(int device, std::string_view name, TimeNs tsNs,
                                                                    TimeNs toleranceNs, const JoinSet& used) const {
    return findName(hardwareByName_, StagedCandidates::NameKind::Hardware, device, name, tsNs, toleranceNs, used);
}

std::optional<PendingSliceIndex> AscendTimeline::taskOccurrence(int device, long long stream, long long task,
                                                                std::size_t n) const {
    if (staged_) {
        auto hit = staged_->taskOccurrence(keyDevice(device), stream, task, n);
        if (!hit) return std::nullopt;
        return hit->slice;
    }
    auto it = tasks_.find({keyDevice(device), stream, task});
    if (it == tasks_.end() || n >= it->second.size()) return std::nullopt;
    return it->second[n].slice;
}

std::optional<ProcessId> AscendTimeline::hardwareProcess(int device) const {
    if (deviceSet_.size() == 1 && device < 0) device = *deviceSet_.begin();
    auto it = hardware_.find(device);
    if (it == hardware_.end()) return std::nullopt;
    return it->second;
}

std::optional<TrackId> AscendTimeline::streamTrack(int device, long long stream) const {
    auto it = streamTracks_.find({device, stream});
    if (it == streamTracks_.end()) return std::nullopt;
    return it->second;
}

int AscendTimeline::deviceOfTrack(TrackId track) const {
    auto it = tracks_.find(track);
    return it == tracks_.end() ? -1 : it->second.device;
}

std::optional<std::pair<TimeNs, TimeNs>> AscendTimeline::deviceSpan(int device) const {
    if (device >= 0) {
        auto it = spans_.find(device);
        if (it != spans_.end()) return it->second;
        if (spans_.size() != 1) return std::nullopt;
    }
    if (spans_.empty()) return std::nullopt;
    std::pair<TimeNs, TimeNs> all = spans_.begin()->second;
    for (const auto& [d, s] : spans_) {
        all.first = std::min(all.first, s.first);
        all.second = std::max(all.second, s.second);
    }
    return all;
}

} // namespace opscope::ascend
