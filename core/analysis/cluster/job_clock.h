// One clock for a job: the automatic alignment of its ranks (device_alignment: step markers, else
// the end of the first collective) plus manual per-rank offsets, as one offset per process. Every
// consumer turns a stored time into job time with it (the timeline's load options, Details, selection
// statistics through SelectionTrack::clockOffsetNs, the cluster CLI), so they show the same time.
#pragma once
#include "core/analysis/cluster/device_alignment.h"
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <map>
#include <vector>

namespace opscope {

class Database;

struct JobClock {
    AlignmentSource automatic = AlignmentSource::None;
    std::map<std::int64_t, TimeNs> offsetByProcess; // process id -> offset added to its stored times
    std::map<std::int64_t, std::int64_t> processOfTrack;
    std::map<std::int64_t, int> rankOfProcess;      // processes of a ranked input (host ones included)

    TimeNs processOffsetNs(std::int64_t processId) const;
    TimeNs trackOffsetNs(std::int64_t trackId) const;
    TimeNs alignedNs(std::int64_t trackId, TimeNs storedNs) const { return storedNs + trackOffsetNs(trackId); }
    TimeNs rankOffsetNs(int rank) const; // the offset of the rank's processes (0 when unknown)
};

// Per rank of a store: its automatic alignment offset and the manual offset stored for it.
struct RankClockRow {
    int rank = -1;
    TimeNs automaticNs = 0;
    TimeNs manualNs = 0;
};

struct ClusterSummary;
// Moves each figure's step start onto the job clock (its rank's offset).
void applyJobClock(const JobClock& clock, ClusterSummary* summary);

// manualRankOffsetsNs: rank -> ns added on top of the automatic alignment (a user's correction); a rank
// given here replaces the manual offset stored for it (rank_clock_offset), the others keep theirs.
bool buildJobClock(Database& db, const std::map<int, TimeNs>& manualRankOffsetsNs, JobClock* clock, Error* error);
// The same from an alignment already computed (the timeline's, with its options).
bool jobClockFromAlignment(Database& db, const DeviceAlignment& alignment,
                           const std::map<int, TimeNs>& manualRankOffsetsNs, JobClock* clock);
// The ranks of the store (ascending) with their automatic and stored manual offsets.
bool rankClockRows(Database& db, std::vector<RankClockRow>* out, Error* error);

} // namespace opscope
