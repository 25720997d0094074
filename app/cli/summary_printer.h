// Prints a StoreSummary the same way for `import` and `info`.
#pragma once
#include "core/store/store_summary.h"

#include <cstdio>

namespace opscope::cli {

void printSummary(std::FILE* out, const StoreSummary& summary);
// "1.234 s", "56.7 ms", "890 µs", "12 ns"
std::string formatDuration(TimeNs ns);

} // namespace opscope::cli
