// Host-side work that may explain a device bubble: slices of non-compute tracks sorted into classes
// (sync, communication, data transfer, launch, host compute) by name, category and process, with
// per-class coverage indices so any gap's overlap with each class is found in O(log n).
#pragma once
#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/model/spillable_array.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

enum class HostWorkClass : std::uint8_t { Sync, Communication, DataTransfer, Launch, HostCompute, Other };
inline constexpr std::size_t kHostWorkClassCount = 6;
const char* hostWorkClassName(HostWorkClass c); // "sync", "communication", "data_transfer", ...

// Case-insensitive substrings. Defaults in code; the rules file ("bubble_causes") may replace them.
struct HostWorkPatterns {
    std::vector<std::string> sync{"synchronize", "wait"};
    std::vector<std::string> communication{"hcom", "nccl", "hccl", "allreduce", "all_reduce", "allgather",
                                           "all_gather", "reducescatter", "reduce_scatter", "alltoall",
                                           "broadcast"};
    std::vector<std::string> communicationProcesses{"hccl", "communication"};
    std::vector<std::string> dataTransfer{"memcpy", "h2d", "d2h", "htod", "dtoh"};
    std::vector<std::string> launch{"aclnn", "launch", "enqueue"};
    // Categories of host operators whose execution keeps the host busy (Kineto / torch_npu cpu_op ...).
    std::vector<std::string> hostComputeCategories{"cpu_op", "cuda_runtime", "cuda_driver", "operator"};
    // Derived or enclosing tracks that say nothing about why the device waits.
    std::vector<std::string> excludedProcesses{"overlap analysis"};
    std::vector<std::string> excludedNames{"profilerstep#"};
};

HostWorkClass classifyHostWork(const HostWorkPatterns& patterns, std::string_view name, std::string_view category,
                               std::string_view processName, std::string_view trackName);
bool isExcludedHostWork(const HostWorkPatterns& patterns, std::string_view name, std::string_view processName);

// A host slice with its work class, as the bubble details and the diagnosis read it.
struct HostSliceRef {
    TimeNs tsNs = 0;
    TimeNs endNs = 0;
    std::int64_t sliceId = 0;
    std::int64_t trackId = 0; // logical track
    std::uint32_t nameId = 0;
    HostWorkClass workClass = HostWorkClass::Other;
};

class HostActivity {
public:
    // The snapshot's slice tracks that are not in computeTracks (and not step markers) are host work.
    // The activity reads its slices from the snapshot, which must outlive it.
    void build(const StoreSnapshot& snapshot, const std::vector<std::int64_t>& computeTracks,
               const HostWorkPatterns& patterns);
    TimeNs coveredNs(HostWorkClass c, TimeNs startNs, TimeNs endNs) const {
        return byClass_[static_cast<std::size_t>(c)].coveredNs(startNs, endNs);
    }
    // For windows visited in start order (see CoverageIndex): one hint per class, plus one for host busy.
    struct Hints {
        std::array<std::size_t, kHostWorkClassCount> byClass{};
        std::size_t hostBusy = 0;
    };
    TimeNs coveredNs(HostWorkClass c, TimeNs startNs, TimeNs endNs, Hints* hints) const {
        auto i = static_cast<std::size_t>(c);
        return byClass_[i].coveredNs(startNs, endNs, &hints->byClass[i]);
    }
    TimeNs hostBusyNs(TimeNs startNs, TimeNs endNs, Hints* hints) const {
        return hostBusy_.coveredNs(startNs, endNs, &hints->hostBusy);
    }
    // Launch and host compute together: the host was busy issuing or running work.
    TimeNs hostBusyNs(TimeNs startNs, TimeNs endNs) const { return hostBusy_.coveredNs(startNs, endNs); }
    // The classified host slices, grouped by track, by start within.
    std::size_t sliceCount() const { return sliceIndex_.size(); }
    HostSliceRef slice(std::size_t i) const;
    // fn(slice(i)) for every i in order, handing a mapped snapshot's pages back behind the walk: the
    // host slices of a 10 GB trace are 27 M, 1.7 GB of the snapshot.
    template <typename Fn>
    void forEachSlice(Fn&& fn) const {
        if (sliceIndex_.empty()) return;
        PageReleasingWalk<SliceRecord> walk(snapshot_->slices.slices);
        for (std::size_t i = 0; i < sliceIndex_.size(); ++i) {
            walk.at(sliceIndex_[i]);
            fn(slice(i));
        }
    }
    bool empty() const { return sliceIndex_.empty(); }

private:
    std::array<CoverageIndex, kHostWorkClassCount> byClass_;
    CoverageIndex hostBusy_;
    // Each host slice as its place in the snapshot and its class: 5 bytes where a copy of it took 40
    // (27 M host slices on a 10 GB trace).
    const StoreSnapshot* snapshot_ = nullptr;
    std::vector<std::uint32_t> sliceIndex_;
    std::vector<HostWorkClass> workClass_;
};

} // namespace opscope
