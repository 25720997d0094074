// Memory bandwidth of copies (memcpy / DMA) over time, per device and direction: each copy moves its
// bytes at bytes / duration while it runs; copies that overlap add up. The result is a step function
// (the value holds until the next point), in bytes per second (definitions: docs/memory.md).
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct CopyTransfer {
    std::int64_t deviceId = 0;
    std::string direction; // "HtoD", "DtoH", "DtoD", "PtoP" or "other"
    TimeNs tsNs = 0;
    TimeNs durNs = 0;
    std::int64_t bytes = 0;
};

struct CopyBandwidthSeries {
    std::int64_t deviceId = 0;
    std::string direction;
    std::vector<std::pair<TimeNs, double>> bytesPerSecond; // change points, ending with 0
};

// "Memcpy HtoD (Pageable -> Device)", "MEMCPY_ASYNC" with operation "host to device" ... -> direction.
std::string copyDirectionOf(std::string_view name, std::string_view operation);

// One series per (device, direction), sorted by device then direction. Copies without bytes or with
// zero duration are left out (no rate can be given to them).
std::vector<CopyBandwidthSeries> copyBandwidth(const std::vector<CopyTransfer>& copies);

} // namespace opscope
