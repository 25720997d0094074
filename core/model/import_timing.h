// OPSCOPE_IMPORT_TIMING=1 makes the writer print, on stderr, how long each stage of an import took
// and how much memory it held (peak RSS, SQLite's own): for benchmarks, never on by default.
#pragma once
#include <chrono>
#include <string>

namespace opscope {

bool importTimingEnabled();
// "peak RSS N MB   SQLite M MB"
std::string importMemoryReport();

// Prints each stage's duration since the previous mark, when timing is enabled.
class StageTimer {
public:
    StageTimer();
    void mark(const char* stage);

private:
    using Clock = std::chrono::steady_clock;
    bool enabled_;
    Clock::time_point last_;
};

} // namespace opscope
