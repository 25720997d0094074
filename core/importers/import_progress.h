// Progress and cancellation shared by every importer: the worker polls cancelled() between chunks.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>

namespace opscope {

struct ImportProgress {
    // Called from the importing thread with bytes consumed so far, the total (0: unknown) and events seen.
    std::function<void(std::int64_t bytesRead, std::int64_t bytesTotal, std::int64_t events)> onProgress;
    const std::atomic<bool>* cancelFlag = nullptr;

    bool cancelled() const { return cancelFlag && cancelFlag->load(std::memory_order_relaxed); }
    void report(std::int64_t bytesRead, std::int64_t bytesTotal, std::int64_t events) const {
        if (onProgress) onProgress(bytesRead, bytesTotal, events);
    }
};

} // namespace opscope
