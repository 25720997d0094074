// Per-device comparison inside one trace: each device's device busy time (compute, communication and memory
// united, docs/device-time.md), compute time and span (from the bubble analysis' device unions), which device is slowest (the straggler rank) and how unbalanced they are.
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

struct DeviceStats {
    std::int64_t deviceKey = 0; // TrackRecord::deviceKey()
    std::string label;          // "NPU 0", or the process name for tracks without a device
    TimeNs spanStartNs = 0, spanEndNs = 0; // first to last device slice
    TimeNs busyNs = 0;          // device busy: compute ∪ communication ∪ memory
    TimeNs idleNs = 0;          // span - busy
    double busyShare = 0;       // busy / span
    std::int64_t bubbleCount = 0;
    TimeNs bubbleTotalNs = 0;
    TimeNs largestBubbleNs = 0;
    TimeNs computeNs = 0;       // union of the compute slices alone
    TimeNs spanNs() const { return spanEndNs - spanStartNs; }
};

struct DeviceBalance {
    std::vector<DeviceStats> devices; // in the bubble report's device order
    // The device with the most busy time: the one the others wait for in synchronous data-parallel work.
    int slowest = -1;                 // index into devices; -1 without devices
    int fastest = -1;                 // least busy
    TimeNs meanBusyNs = 0;
    // Load imbalance: max busy / mean busy - 1 (0 = perfectly balanced; 0.25 = the slowest rank does 25%
    // more work than the average). 0 with fewer than two devices.
    double imbalance = 0;
    // (max busy - min busy) / max busy: the share of the slowest device's time the fastest sits waiting.
    double spread = 0;
    TimeNs totalBusyNs = 0;           // sum over devices
    TimeNs totalComputeNs = 0;        // compute time summed over devices
};

DeviceBalance deviceBalance(const BubbleReport& bubbles);

} // namespace opscope
