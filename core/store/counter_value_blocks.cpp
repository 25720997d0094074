#include "core/store/counter_value_blocks.h"

#include <limits>

namespace opscope {

namespace {

// The comparisons are false for a NaN, which is how it is passed over.
void widen(const double* v, const double* end, double& lowest, double& highest) {
    for (; v != end; ++v) {
        lowest = *v < lowest ? *v : lowest;
        highest = *v > highest ? *v : highest;
    }
}

} // namespace

void buildCounterValueBlocks(const std::vector<double>& values, std::vector<double>& mins, std::vector<double>& maxs) {
    const std::size_t blocks = values.size() / kCounterValueBlock;
    mins.assign(blocks, std::numeric_limits<double>::infinity());
    maxs.assign(blocks, -std::numeric_limits<double>::infinity());
    for (std::size_t k = 0; k < blocks; ++k)
        widen(values.data() + k * kCounterValueBlock, values.data() + (k + 1) * kCounterValueBlock, mins[k], maxs[k]);
}

void counterValueRange(const double* values, const double* mins, const double* maxs, std::size_t from, std::size_t to,
                       double& lowest, double& highest) {
    lowest = std::numeric_limits<double>::infinity();
    highest = -lowest;
    if (from >= to) return;
    const std::size_t firstBlock = (from + kCounterValueBlock - 1) / kCounterValueBlock, endBlock = to / kCounterValueBlock;
    if (!mins || !maxs || endBlock <= firstBlock) {
        widen(values + from, values + to, lowest, highest);
        return;
    }
    widen(values + from, values + firstBlock * kCounterValueBlock, lowest, highest);
    for (std::size_t k = firstBlock; k < endBlock; ++k) { // a block of NaNs holds +inf and -inf: no effect
        lowest = mins[k] < lowest ? mins[k] : lowest;
        highest = maxs[k] > highest ? maxs[k] : highest;
    }
    widen(values + endBlock * kCounterValueBlock, values + to, lowest, highest);
}

} // namespace opscope
