// The rank a host process belongs to, for labelling a job's host processes as its devices are labelled
// ("rank 1 · Python"): the store keys ranks on devices only.
#pragma once
#include <string>
#include <vector>

namespace opscope {

struct ProcessRankFacts {
    std::string processKey; // process.pid: its input prefix says which input it came from
    bool isDevice = false;  // process.device_id is set
    int deviceRank = -1;    // that device's rank, -1 when not known
};

// One entry per process, in order: a host process's rank, or -1. A host process takes the rank of its
// input's devices when they all carry one rank and the store holds two ranks or more (with one rank
// every process is that rank's and the label would say nothing). Device processes get -1: their
// device's label already names the rank.
std::vector<int> hostProcessRanks(const std::vector<ProcessRankFacts>& processes);

} // namespace opscope
