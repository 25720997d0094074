#include "core/model/trace_sink.h"

namespace opscope {

std::string deviceLabel(const DeviceIdentity& identity) {
    std::string local = (identity.kind == "gpu" ? "GPU " : "NPU ") + std::to_string(identity.ordinal);
    if (identity.rank < 0) return local;
    return "rank " + std::to_string(identity.rank) + " \u00b7 " + local;
}

} // namespace opscope
