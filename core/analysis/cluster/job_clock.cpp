#include "core/analysis/cluster/job_clock.h"

#include "core/analysis/cluster/cluster_summary.h"

#include "core/store/rank_clock_offsets.h"
#include "core/store/rank_tasks_reader.h"

#include <algorithm>
#include <set>

namespace opscope {

TimeNs JobClock::processOffsetNs(std::int64_t processId) const {
    auto it = offsetByProcess.find(processId);
    return it == offsetByProcess.end() ? 0 : it->second;
}

TimeNs JobClock::trackOffsetNs(std::int64_t trackId) const {
    auto it = processOfTrack.find(trackId);
    return it == processOfTrack.end() ? 0 : processOffsetNs(it->second);
}

TimeNs JobClock::rankOffsetNs(int rank) const {
    for (const auto& [process, r] : rankOfProcess)
        if (r == rank) return processOffsetNs(process);
    return 0;
}

void applyJobClock(const JobClock& clock, ClusterSummary* summary) {
    for (RankStepFigures& f : summary->figures)
        if (f.startNs != 0) f.startNs += clock.rankOffsetNs(f.rank);
}

bool buildJobClock(Database& db, const std::map<int, TimeNs>& manualRankOffsetsNs, JobClock* clock, Error* error) {
    DeviceAlignment alignment;
    if (!computeDeviceAlignment(db, AlignmentOptions{}, &alignment, error)) return false;
    return jobClockFromAlignment(db, alignment, manualRankOffsetsNs, clock);
}

bool jobClockFromAlignment(Database& db, const DeviceAlignment& alignment,
                           const std::map<int, TimeNs>& manualRankOffsetsNs, JobClock* clock) {
    *clock = JobClock{};
    clock->automatic = alignment.source;
    for (const auto& [process, offset] : alignment.processOffsets()) clock->offsetByProcess[process] = offset;
    // Rank of every process: its device's rank, and for host processes the rank of the devices that
    // share its input.
    RankTaskRows rows = readRankIdentityRows(db);
    std::map<std::int64_t, int> rankOfDevice;
    for (const RankDeviceRow& d : rows.devices)
        if (d.rank >= 0) rankOfDevice[d.id] = d.rank;
    std::map<std::string, std::set<int>> ranksOfInput;
    for (const RankProcessRow& p : rows.processes)
        if (auto it = rankOfDevice.find(p.deviceId); it != rankOfDevice.end())
            ranksOfInput[inputPrefixOfProcessKey(p.pid)].insert(it->second);
    for (const RankProcessRow& p : rows.processes) {
        if (auto it = rankOfDevice.find(p.deviceId); it != rankOfDevice.end()) clock->rankOfProcess[p.id] = it->second;
        else if (auto in = ranksOfInput.find(inputPrefixOfProcessKey(p.pid)); in != ranksOfInput.end() && in->second.size() == 1)
            clock->rankOfProcess[p.id] = *in->second.begin();
    }
    std::map<int, TimeNs> manual = readRankClockOffsets(db);
    for (const auto& [rank, offsetNs] : manualRankOffsetsNs) manual[rank] = offsetNs;
    for (const auto& [process, rank] : clock->rankOfProcess)
        if (auto it = manual.find(rank); it != manual.end()) clock->offsetByProcess[process] += it->second;
    for (const auto& [track, process] : readTrackProcesses(db)) clock->processOfTrack[track] = process;
    return true;
}

bool rankClockRows(Database& db, std::vector<RankClockRow>* out, Error* error) {
    out->clear();
    JobClock automatic;
    if (!buildJobClock(db, {}, &automatic, error)) return false;
    const std::map<int, TimeNs> stored = readRankClockOffsets(db);
    std::set<int> ranks;
    for (const RankDeviceRow& d : readRankIdentityRows(db).devices)
        if (d.rank >= 0) ranks.insert(d.rank);
    for (int rank : ranks) {
        RankClockRow row;
        row.rank = rank;
        row.manualNs = stored.count(rank) ? stored.at(rank) : 0;
        // The automatic part: the rank's offset without its stored manual one. A rank none of whose
        // processes is known has no offset at all, so nothing to take the manual part out of.
        const bool hasProcess = std::any_of(automatic.rankOfProcess.begin(), automatic.rankOfProcess.end(),
                                            [rank](const auto& entry) { return entry.second == rank; });
        row.automaticNs = hasProcess ? automatic.rankOffsetNs(rank) - row.manualNs : 0;
        out->push_back(row);
    }
    return true;
}

} // namespace opscope
