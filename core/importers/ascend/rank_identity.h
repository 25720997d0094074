// Which rank and host an Ascend output folder belongs to, from the files the profilers write beside
// the data: torch_npu profiler_info_<rank>.json (rank_id), msprof info.json.<device> (rank_id,
// hostname) and the default torch_npu folder name {worker}_{pid}_{timestamp}_ascend_pt.
#pragma once
#include <string>

namespace opscope::ascend {

struct UnitIdentity {
    int rank = -1;     // -1: the files do not say
    std::string host;  // empty: unknown
};

// Looks only at the folder itself (and its device_<n> folders for msprof): a few small files.
UnitIdentity readUnitIdentity(const std::string& unitRoot);

// The worker (host) part of a default torch_npu folder name, "" when the name has another shape.
std::string hostFromAscendPtName(const std::string& folderName);

} // namespace opscope::ascend
