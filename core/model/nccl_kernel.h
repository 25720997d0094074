// One NCCL kernel of a Kineto store as core/store/nccl_kernel_reader reads it, for the NCCL figures of
// core/analysis/communication/nccl_args.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

// One NCCL kernel as the store holds it: its own args and those of its launching call's enclosing CPU
// ops (nearest first), where the record_param_comms op usually is.
struct NcclKernelRow {
    std::int64_t sliceId = 0;
    int rank = -1;
    std::string name;
    TimeNs tsNs = 0, durNs = 0;
    std::string argsJson;
    std::vector<std::pair<std::string, std::string>> launchAncestors; // (name, args json)
};

} // namespace opscope
