// The NCCL collective of a Kineto trace, read from the args of its kernel or of the record_param_comms
// CPU op that launched it ("Collective name", "In msg nelems", "Out msg nelems", "dtype", "Group size",
// "Process Group Name" / "Process Group Description" / "Process Group Ranks"), and the algorithm and
// bus bandwidth nccl-tests define for it (docs/cluster.md "NCCL").
#pragma once
#include "core/model/nccl_kernel.h"
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct NcclArgs {
    std::string collective; // "allreduce", "all_gather_into_tensor" ... as written
    std::string dtype;
    std::int64_t inElements = -1, outElements = -1;
    int groupSize = 0;
    std::string group; // process group name, else description, else ranks, else id; "" when none
};

// False when the text is not a JSON object with a "Collective name" string.
bool parseNcclArgs(std::string_view argsJson, NcclArgs* out);

// Per NCCL kernel: bytes = the total size (ncclMessageBytes), algorithm bandwidth = bytes / time,
// bus bandwidth = algorithm × the collective's factor (ncclBusBandwidthGBps). GB/s decimal.
struct NcclCollective {
    std::int64_t sliceId = 0;
    int rank = -1;
    std::string kernel;
    NcclArgs args;
    TimeNs startNs = 0, durNs = 0;
    std::int64_t bytes = 0;
    double algorithmGBps = 0, busGBps = 0;
};

// Kernels whose args (own, else a record_param_comms ancestor's) name no collective are left out.
std::vector<NcclCollective> ncclCollectives(const std::vector<NcclKernelRow>& kernels);

} // namespace opscope
