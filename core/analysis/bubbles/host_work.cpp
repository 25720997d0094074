#include "core/analysis/bubbles/host_work.h"

#include "core/model/spillable_array.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace opscope {

const char* hostWorkClassName(HostWorkClass c) {
    switch (c) {
    case HostWorkClass::Sync: return "sync";
    case HostWorkClass::Communication: return "communication";
    case HostWorkClass::DataTransfer: return "data_transfer";
    case HostWorkClass::Launch: return "launch";
    case HostWorkClass::HostCompute: return "host_compute";
    case HostWorkClass::Other: return "other";
    }
    return "other";
}

namespace {

bool containsNoCase(std::string_view haystack, std::string_view needle) {
    if (needle.empty() || needle.size() > haystack.size()) return false;
    auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != haystack.end();
}

bool matchesAny(std::string_view text, const std::vector<std::string>& patterns) {
    for (const std::string& p : patterns)
        if (containsNoCase(text, p)) return true;
    return false;
}

bool equalsAnyNoCase(std::string_view text, const std::vector<std::string>& values) {
    for (const std::string& v : values)
        if (v.size() == text.size() && containsNoCase(text, v)) return true;
    return false;
}

} // namespace

bool isExcludedHostWork(const HostWorkPatterns& patterns, std::string_view name, std::string_view processName) {
    return matchesAny(processName, patterns.excludedProcesses) || matchesAny(name, patterns.excludedNames);
}

HostWorkClass classifyHostWork(const HostWorkPatterns& patterns, std::string_view name, std::string_view category,
                               std::string_view processName, std::string_view trackName) {
    // A communication process (HCCL) waits and copies on behalf of a collective: that is communication.
    if (matchesAny(processName, patterns.communicationProcesses) || matchesAny(trackName, patterns.communicationProcesses))
        return HostWorkClass::Communication;
    if (matchesAny(name, patterns.sync)) return HostWorkClass::Sync;
    if (matchesAny(name, patterns.communication) || matchesAny(category, patterns.communication))
        return HostWorkClass::Communication;
    if (matchesAny(name, patterns.dataTransfer) || matchesAny(category, patterns.dataTransfer))
        return HostWorkClass::DataTransfer;
    if (matchesAny(name, patterns.launch)) return HostWorkClass::Launch;
    if (equalsAnyNoCase(category, patterns.hostComputeCategories)) return HostWorkClass::HostCompute;
    return HostWorkClass::Other;
}

HostSliceRef HostActivity::slice(std::size_t i) const {
    const SliceRecord& s = snapshot_->slices.slices[sliceIndex_[i]];
    return {s.tsNs, s.endNs(), s.id, snapshot_->slices.trackIds[s.trackIndex], s.nameId, workClass_[i]};
}

void HostActivity::build(const StoreSnapshot& snapshot, const std::vector<std::int64_t>& computeTracks,
                         const HostWorkPatterns& patterns) {
    snapshot_ = &snapshot;
    sliceIndex_.clear();
    workClass_.clear();
    std::array<std::vector<Interval>, kHostWorkClassCount> trackRuns;
    std::array<SortedRuns, kHostWorkClassCount> classRuns;
    std::vector<Interval> trackBusy;
    SortedRuns busyRuns;
    const SliceSet& set = snapshot.slices;
    // Room for every host slice at once: growing by doubling copies the list and pages in fresh memory
    // at each step (a million-slice trace holds hundreds of thousands of host slices).
    std::size_t hostSlices = 0;
    for (std::size_t t = 0; t < set.trackCount(); ++t)
        if (!std::binary_search(computeTracks.begin(), computeTracks.end(), set.trackIds[t]))
            hostSlices += set.end(t) - set.begin(t);
    sliceIndex_.reserve(hostSlices);
    workClass_.reserve(hostSlices);
    // What a slice's name and category say, cached once for the whole trace; what its process and track
    // say, once per track. A cache per track re-matched every pattern on traces of many short threads
    // (48,000 tracks of a few slices each).
    std::unordered_map<std::uint64_t, int> byName; // (name, category) -> class, or -1 for excluded
    PageReleasingWalk<SliceRecord> walk(set.slices); // a mapped snapshot's pages go back behind the loop
    for (std::size_t t = 0; t < set.trackCount(); ++t) {
        std::int64_t trackId = set.trackIds[t];
        if (std::binary_search(computeTracks.begin(), computeTracks.end(), trackId)) continue;
        const TrackRecord* track = snapshot.catalog.find(trackId);
        if (!track || track->kind == "step" || track->kind == "counter") continue;
        if (isExcludedHostWork(patterns, {}, track->processName)) continue;
        std::string trackName = track->kind == "thread" && !track->threadName.empty() ? track->threadName : track->name;
        const bool communicationTrack = classifyHostWork(patterns, {}, {}, track->processName, trackName) ==
                                        HostWorkClass::Communication;
        for (auto& run : trackRuns) run.clear();
        trackBusy.clear();
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
            const SliceRecord& s = walk[i];
            if (s.durNs <= 0) continue;
            std::uint64_t key = (static_cast<std::uint64_t>(s.nameId) << 32) | s.catId;
            auto it = byName.find(key);
            if (it == byName.end()) {
                std::string_view name = snapshot.strings.at(s.nameId);
                int c = isExcludedHostWork(patterns, name, {})
                            ? -1
                            : static_cast<int>(classifyHostWork(patterns, name, snapshot.strings.at(s.catId), {}, {}));
                it = byName.emplace(key, c).first;
            }
            if (it->second < 0) continue;
            const auto c = communicationTrack ? HostWorkClass::Communication : static_cast<HostWorkClass>(it->second);
            sliceIndex_.push_back(i);
            workClass_.push_back(c);
            // A track's slices come sorted by start: its runs are kept as unions, a nested call adding
            // nothing (the host slices of a 10 GB trace are 27 M, most of them inside another).
            appendToUnion(trackRuns[static_cast<std::size_t>(c)], {s.tsNs, s.endNs()});
            if (c == HostWorkClass::Launch || c == HostWorkClass::HostCompute) appendToUnion(trackBusy, {s.tsNs, s.endNs()});
        }
        // Sorted by start too: the tracks' runs are merged without a sort.
        for (std::size_t c = 0; c < kHostWorkClassCount; ++c) classRuns[c].add(trackRuns[c]);
        busyRuns.add(trackBusy);
    }
    for (std::size_t c = 0; c < kHostWorkClassCount; ++c) byClass_[c] = CoverageIndex(classRuns[c].take());
    hostBusy_ = CoverageIndex(busyRuns.take());
}

} // namespace opscope
