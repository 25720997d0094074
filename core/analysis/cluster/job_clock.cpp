#include "core/analysis/cluster/job_clock.h"

#include "core/analysis/cluster/cluster_summary.h"

#include "core/store/rank_tasks_reader.h"

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
    *clock = JobClock{};
    DeviceAlignment alignment;
    if (!computeDeviceAlignment(db, AlignmentOptions{}, &alignment, error)) return false;
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
    for (const auto& [process, rank] : clock->rankOfProcess)
        if (auto manual = manualRankOffsetsNs.find(rank); manual != manualRankOffsetsNs.end())
            clock->offsetByProcess[process] += manual->second;
    for (const auto& [track, process] : readTrackProcesses(db)) clock->processOfTrack[track] = process;
    return true;
}

} // namespace opscope
