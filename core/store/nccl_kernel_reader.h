// The NCCL kernels of a store (device slices whose name holds "nccl") with their args and the args of
// the CPU ops around the call that launched them (launch_link), for core/analysis/communication/nccl_args.
#pragma once
#include "core/model/nccl_kernel.h"
#include "core/store/sqlite_db.h"

#include <vector>

namespace opscope {

// By (rank, start). Up to three enclosing ops of the launching call, nearest first.
std::vector<NcclKernelRow> readNcclKernels(Database& db);

} // namespace opscope
