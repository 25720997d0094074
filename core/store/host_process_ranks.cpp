#include "core/store/host_process_ranks.h"

#include "core/store/process_key.h"

#include <map>
#include <set>

namespace opscope {

std::vector<int> hostProcessRanks(const std::vector<ProcessRankFacts>& processes) {
    std::vector<int> ranks(processes.size(), -1);
    std::set<int> allRanks;
    std::map<std::string, std::set<int>> ranksOfInput;
    std::set<std::string> inputsWithUnrankedDevice;
    for (const ProcessRankFacts& p : processes) {
        if (!p.isDevice) continue;
        const std::string input = inputOfProcessKey(p.processKey);
        if (p.deviceRank < 0) {
            inputsWithUnrankedDevice.insert(input);
            continue;
        }
        allRanks.insert(p.deviceRank);
        ranksOfInput[input].insert(p.deviceRank);
    }
    if (allRanks.size() < 2) return ranks;
    for (std::size_t i = 0; i < processes.size(); ++i) {
        if (processes[i].isDevice) continue;
        const std::string input = inputOfProcessKey(processes[i].processKey);
        auto it = ranksOfInput.find(input);
        // An input holding devices of two ranks, or a device of no known rank, cannot say whose this is.
        if (it == ranksOfInput.end() || it->second.size() != 1 || inputsWithUnrankedDevice.count(input)) continue;
        ranks[i] = *it->second.begin();
    }
    return ranks;
}

} // namespace opscope
