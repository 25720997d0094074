// The lowest and highest value of each aligned block of 64 counter samples, kept with the timeline's
// samples: a zoomed-out plot asks for the range of thousands of samples per pixel column, and reading a
// block's two numbers instead of its 64 values keeps a whole-trace frame from streaming every sample
// (0.25 bytes a sample).
#pragma once
#include <cstddef>
#include <vector>

namespace opscope {

inline constexpr std::size_t kCounterValueBlock = 64;

// mins[k] and maxs[k]: over values[64k, 64k + 64) for each whole block. A NaN is passed over; a block of
// NaNs only holds +infinity and -infinity.
void buildCounterValueBlocks(const std::vector<double>& values, std::vector<double>& mins, std::vector<double>& maxs);

// The lowest and highest value in values[from, to), NaN passed over (+infinity and -infinity when there
// is none), reading the blocks that lie wholly inside the range; null blocks: every value.
void counterValueRange(const double* values, const double* mins, const double* maxs, std::size_t from, std::size_t to,
                       double& lowest, double& highest);

} // namespace opscope
