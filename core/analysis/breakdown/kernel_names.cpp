#include "core/analysis/breakdown/kernel_names.h"

#include <algorithm>
#include <cmath>

namespace opscope {

std::vector<KernelNameTime> aggregateKernelNames(std::vector<KernelNameTime> names, int topNames, double durationRatio) {
    // HTA sorts by sum, descending; equal sums keep an arbitrary order there, here the name breaks ties.
    std::sort(names.begin(), names.end(), [](const KernelNameTime& a, const KernelNameTime& b) {
        return a.timeNs != b.timeNs ? a.timeNs > b.timeNs : a.name < b.name;
    });
    if (static_cast<long long>(names.size()) <= topNames) return names;
    std::vector<long double> running(names.size());
    long double sum = 0;
    for (std::size_t i = 0; i < names.size(); ++i) running[i] = sum += static_cast<long double>(names[i].timeNs);
    // pandas Series.quantile (linear interpolation between the closest ranks).
    long double position = static_cast<long double>(durationRatio) * static_cast<long double>(names.size() - 1);
    auto lo = static_cast<std::size_t>(std::floor(position));
    std::size_t hi = std::min(lo + 1, names.size() - 1);
    long double quantile = running[lo] + (running[hi] - running[lo]) * (position - static_cast<long double>(lo));
    std::vector<KernelNameTime> kept;
    KernelNameTime others{"others", 0, 0};
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (running[i] > quantile || static_cast<long long>(i) >= topNames) {
            others.timeNs += names[i].timeNs;
            others.count += names[i].count;
        } else {
            kept.push_back(names[i]);
        }
    }
    if (others.count > 0) kept.push_back(others);
    return kept;
}

} // namespace opscope
