// Operator -> kernel sequences, after HTA's frequent CUDA kernel sequences: for each root operator,
// the device events launched under it in start order form a pattern "op|kernel|kernel|..."; patterns
// are counted with their GPU and CPU time and launch delays, and the frequent ones are fusion candidates.
#pragma once
#include "core/store/host_call_reader.h"
#include "core/store/launch_reader.h"

#include <string>
#include <vector>

namespace opscope {

struct SequenceOptions {
    std::string operatorName;    // roots: host ops whose name contains it, at their shallowest depth (HTA);
                                 // empty: every top-level cpu_op that launched something
    std::int64_t minPatternLength = 3; // kernels under a root, at least (HTA min_pattern_len)
    std::int64_t topK = 5;             // fusion candidates listed (HTA top_k)
};

struct KernelSequence {
    std::string pattern;          // operator name, then kernel names in start order, joined by '|'
    std::int64_t kernels = 0;     // kernels in the pattern
    std::int64_t count = 0;       // roots that launched exactly this sequence
    TimeNs gpuTotalNs = 0;        // sum of the kernels' durations over all occurrences
    TimeNs cpuTotalNs = 0;        // sum of the root operators' durations
    TimeNs opToLaunchTotalNs = 0; // sum over occurrences of first launch start - operator start
    TimeNs launchToKernelTotalNs = 0; // sum over kernels of max(0, kernel start - call end)
    double meanOpToLaunchNs() const { return count ? static_cast<double>(opToLaunchTotalNs) / static_cast<double>(count) : 0; }
    double meanLaunchToKernelNs() const {
        const std::int64_t n = count * kernels;
        return n ? static_cast<double>(launchToKernelTotalNs) / static_cast<double>(n) : 0;
    }
};

struct SequenceReport {
    std::vector<KernelSequence> sequences;        // by count descending, then pattern (HTA's order)
    std::vector<KernelSequence> fusionCandidates; // the first topK with count >= 2
    std::int64_t roots = 0;
    bool overflowed = false;
};

SequenceReport findKernelSequences(const LaunchData& launches, const HostCallData& host, const SequenceOptions& options);

} // namespace opscope
